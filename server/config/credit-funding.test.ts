import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';
import { creditFundingRefused, DEFAULT_CREDIT_FUNDING_REFUSED, parseCreditFundingRefused } from './credit-funding';

describe('CREDIT_FUNDING_REFUSED', () => {
  it('defaults to the law (IE and GB) and reads rule sets in any case', () => {
    expect(creditFundingRefused(DEFAULT_CREDIT_FUNDING_REFUSED)).toEqual(['IE', 'GB']);
    expect(creditFundingRefused(' ie , Default ')).toEqual(['IE', 'DEFAULT']);
    expect(creditFundingRefused('')).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test' }).CREDIT_FUNDING_REFUSED).toBe('IE,GB');
  });

  it('refuses an unknown or repeated rule set at start, naming the variable', () => {
    expect(parseCreditFundingRefused('IE,FR')).toMatchObject({ problem: expect.stringContaining('"FR"') });
    expect(parseCreditFundingRefused('IE,ie')).toMatchObject({ problem: expect.stringContaining('more than once') });
    expect(() => loadConfig({ NODE_ENV: 'test', CREDIT_FUNDING_REFUSED: 'IE,UK' })).toThrow(/CREDIT_FUNDING_REFUSED/);
  });
});
