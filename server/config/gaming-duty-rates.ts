/**
 * Remote Gaming Duty's rates as dated configuration (issue 29, item 5): `REMOTE_GAMING_DUTY_RATES`
 * is a comma-separated list of `YYYY-MM-DD:percent`, each rate in force from its date (a UTC day)
 * until the next one's. The legal default: 21 % from 1 April 2019, 40 % from 1 April 2026.
 * The next change is a line in the environment, not a release.
 *
 * Percentages are 0–100 with at most two decimals and are kept as basis points (21 % = 2100), so
 * the duty is integer arithmetic on minor units (server/back-office/reports-gaming-duty.service.ts).
 */

export const DEFAULT_REMOTE_GAMING_DUTY_RATES = '2019-04-01:21,2026-04-01:40';

export interface DutyRate {
  /** The first UTC day the rate is in force, YYYY-MM-DD. */
  from: string;
  /** The rate in basis points: hundredths of a percent (21 % is 2100). */
  basisPoints: number;
}

const ENTRY = /^(\d{4}-\d{2}-\d{2}):(\d{1,3}(?:\.\d{1,2})?)$/;

const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/**
 * Reads the setting; answers the rates oldest first, or the first problem in words that finish
 * "REMOTE_GAMING_DUTY_RATES …" (the configuration error names the variable and its value).
 */
export function parseDutyRates(value: string): { rates: DutyRate[] } | { problem: string } {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.length === 0 || entries.every((entry) => entry === ''))
    return { problem: 'must list at least one rate as YYYY-MM-DD:percent, e.g. 2019-04-01:21,2026-04-01:40' };
  const rates: DutyRate[] = [];
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match) return { problem: `must list rates as YYYY-MM-DD:percent separated by commas, e.g. 2019-04-01:21,2026-04-01:40; "${entry}" is not one` };
    const [, from, percent] = match as unknown as [string, string, string];
    if (!isCalendarDay(from) || from < '1970-01-01') return { problem: `has "${from}", which is not a calendar day (YYYY-MM-DD, 1970 or later)` };
    // Basis points from the text itself, never through a float: "21.5" is 2150.
    const [whole, fraction = ''] = percent.split('.') as [string, string?];
    const basisPoints = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    if (basisPoints > 10_000) return { problem: `has the rate ${percent} % from ${from}; a rate must be between 0 and 100` };
    const previous = rates.at(-1);
    if (previous && from <= previous.from) return { problem: `must list dates in ascending order, each once; ${from} comes after ${previous.from}` };
    rates.push({ from, basisPoints });
  }
  return { rates };
}

/** The validated setting's rates (loadConfig has refused a bad one at start). */
export function dutyRates(value: string): DutyRate[] {
  const parsed = parseDutyRates(value);
  if ('problem' in parsed) throw new Error(`REMOTE_GAMING_DUTY_RATES ${parsed.problem}`);
  return parsed.rates;
}

/** The rate in force on a UTC day, or null before the first configured date. */
export function rateOn(rates: readonly DutyRate[], day: string): DutyRate | null {
  let found: DutyRate | null = null;
  for (const rate of rates) {
    if (rate.from > day) break;
    found = rate;
  }
  return found;
}
