import { describe, expect, it } from 'vitest';
import { frameBudget } from './frame-budget';

describe('a socket frame budget (issue 25)', () => {
  it('allows a burst at once, then only what the rate refills', () => {
    let clock = 0;
    const budget = frameBudget({ burst: 3, perSecond: 2 }, () => clock);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    clock += 500; // one frame's worth
    expect([budget.take(), budget.take()]).toEqual([true, false]);
  });

  it('never saves up more than the burst, however long the socket was quiet', () => {
    let clock = 0;
    const budget = frameBudget({ burst: 2, perSecond: 10 }, () => clock);
    clock += 60_000;
    expect([budget.take(), budget.take(), budget.take()]).toEqual([true, true, false]);
  });
});
