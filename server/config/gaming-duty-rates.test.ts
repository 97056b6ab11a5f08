import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './env';
import { DEFAULT_REMOTE_GAMING_DUTY_RATES, dutyRates, parseDutyRates, rateOn } from './gaming-duty-rates';

/** REMOTE_GAMING_DUTY_RATES (issue 29, item 5): dated rates, validated at start. */
const problemsOf = (value: string) => {
  try {
    loadConfig({ REMOTE_GAMING_DUTY_RATES: value }, '/srv/emerald');
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  return [];
};

describe('REMOTE_GAMING_DUTY_RATES', () => {
  it('defaults to the law: 21 % from 1 April 2019, 40 % from 1 April 2026', () => {
    const config = loadConfig({}, '/srv/emerald');
    expect(config.REMOTE_GAMING_DUTY_RATES).toBe(DEFAULT_REMOTE_GAMING_DUTY_RATES);
    expect(dutyRates(config.REMOTE_GAMING_DUTY_RATES)).toEqual([
      { from: '2019-04-01', basisPoints: 2_100 },
      { from: '2026-04-01', basisPoints: 4_000 },
    ]);
  });

  it('reads a next change as one more entry, with up to two decimals and spaces around entries', () => {
    expect(parseDutyRates(' 2019-04-01:21 , 2026-04-01:40,2030-01-01:42.5,2031-01-01:0,2032-01-01:100,2033-01-01:7.05')).toEqual({
      rates: [
        { from: '2019-04-01', basisPoints: 2_100 },
        { from: '2026-04-01', basisPoints: 4_000 },
        { from: '2030-01-01', basisPoints: 4_250 },
        { from: '2031-01-01', basisPoints: 0 },
        { from: '2032-01-01', basisPoints: 10_000 },
        { from: '2033-01-01', basisPoints: 705 },
      ],
    });
  });

  it('picks the rate in force on a day: the last whose date is on or before it; none before the first', () => {
    const rates = dutyRates(DEFAULT_REMOTE_GAMING_DUTY_RATES);
    expect(rateOn(rates, '2019-03-31')).toBeNull();
    expect(rateOn(rates, '2019-04-01')?.basisPoints).toBe(2_100);
    expect(rateOn(rates, '2026-03-31')?.basisPoints).toBe(2_100);
    expect(rateOn(rates, '2026-04-01')?.basisPoints).toBe(4_000);
    expect(rateOn(rates, '2040-01-01')?.basisPoints).toBe(4_000);
  });

  it.each([
    ['', 'must list at least one rate'],
    ['2019-04-01', 'must list rates as YYYY-MM-DD:percent'],
    ['2019-04-01:21%', 'must list rates as YYYY-MM-DD:percent'],
    ['2019-04-01:-5', 'must list rates as YYYY-MM-DD:percent'],
    ['2019-04-01:21.555', 'must list rates as YYYY-MM-DD:percent'],
    ['01/04/2019:21', 'must list rates as YYYY-MM-DD:percent'],
    ['2019-02-30:21', 'is not a calendar day'],
    ['2019-04-01:101', 'between 0 and 100'],
    ['2019-04-01:100.01', 'between 0 and 100'],
    ['2026-04-01:40,2019-04-01:21', 'ascending order'],
    ['2019-04-01:21,2019-04-01:40', 'ascending order'],
  ])('refuses %j at start, naming the variable and its value', (value, message) => {
    const problems = problemsOf(value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('REMOTE_GAMING_DUTY_RATES');
    expect(problems[0]).toContain(message);
    expect(problems[0]).toContain(`(got "${value}")`);
  });
});
