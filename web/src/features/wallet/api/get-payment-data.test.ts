import { describe, expect, it } from 'vitest';
import { parseQuickAmounts } from './get-payment-data';

describe('parseQuickAmounts', () => {
  it('DEP-06 DEP-11 reads the comma-separated quick amounts of a payment method', () => {
    expect(parseQuickAmounts('10,20,50,100')).toEqual([10, 20, 50, 100]);
    expect(parseQuickAmounts(' 10, 25.50 ,')).toEqual([10, 25.5]);
  });

  it('skips anything that is not a positive amount with at most 2 decimals', () => {
    expect(parseQuickAmounts('10,abc,-5,0,1.234')).toEqual([10]);
    expect(parseQuickAmounts('')).toEqual([]);
  });
});
