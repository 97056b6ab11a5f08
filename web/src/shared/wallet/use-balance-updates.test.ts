import { describe, expect, it } from 'vitest';
import { balancesFromEvent } from './use-balance-updates';

const euro = { currency: 'EUR', withdrawableBalance: 10, bonusBalance: 0, totalBalance: 10, loyaltyPoint: 3, active: true };

describe('balancesFromEvent', () => {
  it('reads the balances of a pushed balance event', () => {
    expect(balancesFromEvent(JSON.stringify({ status: 'SUCCESS', currencyBalances: [euro] }))).toEqual([euro]);
    expect(balancesFromEvent(JSON.stringify([euro]))).toEqual([euro]);
  });

  it('ignores anything that is not a balance event', () => {
    expect(balancesFromEvent('ping')).toBeNull();
    expect(balancesFromEvent(JSON.stringify({ type: 'heartbeat' }))).toBeNull();
  });
});
