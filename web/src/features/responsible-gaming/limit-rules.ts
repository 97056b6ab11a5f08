import { hasAtMostDecimals, MAX_MAJOR_AMOUNT } from '../../../../contracts/money';
import {
  EXCLUSION_MONTHS,
  GAME_TIME_MINUTES,
  PERIOD_DAYS,
  TIMEOUT_WEEKS,
  type LimitUsage,
  type LockPeriodUnit,
  type LockPlayerRequest,
  type PeriodType,
} from '../../../../contracts/platform/limits/limits';

/**
 * The limits page's value rules (spec 001 §5, §9; RG-12, RG-44, RG-51…55; DEF-10, DEF-26; DIS-02,
 * DIS-03). The server checks the same again; these only keep Save honest and name the problem
 * before a round trip.
 */

/** A field's problem, as a key of the page's dictionary. */
export type ValueProblem = 'required' | 'notNumber' | 'notPositive' | 'decimals' | 'tooLarge' | 'wholeMinutes' | 'minutesRange' | 'overMax';
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: ValueProblem };

/** The text a player typed, trimmed, with a decimal comma (Macedonian writes 12,50) read as a point. */
function normalise(text: string): string {
  return text.trim().replace(',', '.');
}

/**
 * RG-12, DEF-10: a limit amount in major units: a plain positive number with at most 2 decimals,
 * at most the money ceiling, and at most the period's max where the server gives one (NS-09).
 */
export function parseLimitAmount(text: string, max?: number): Parsed<number> {
  const value = normalise(text);
  if (value === '') return { ok: false, problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(value)) return { ok: false, problem: 'notNumber' };
  const amount = Number(value);
  if (!(amount > 0)) return { ok: false, problem: 'notPositive' };
  if (!hasAtMostDecimals(amount, 2)) return { ok: false, problem: 'decimals' };
  if (amount > MAX_MAJOR_AMOUNT) return { ok: false, problem: 'tooLarge' };
  if (max !== undefined && amount > max) return { ok: false, problem: 'overMax' };
  return { ok: true, value: amount };
}

/** DEF-10, RG-47: the game-time limit is whole minutes a day, 1…1440. */
export function parseGameMinutes(text: string): Parsed<number> {
  const value = text.trim();
  if (value === '') return { ok: false, problem: 'required' };
  if (!/^\d+$/.test(value)) return { ok: false, problem: 'wholeMinutes' };
  const minutes = Number(value);
  if (minutes < GAME_TIME_MINUTES.min || minutes > GAME_TIME_MINUTES.max) return { ok: false, problem: 'minutesRange' };
  return { ok: true, value: minutes };
}

/** YYYY-MM-DD of a local calendar day (NS-16: dates travel as year-month-day). */
export function isoDay(day: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/**
 * RG-44, DIS-03: a new dynamic limit's expiry is today plus the period's length (Day 1, Week 7,
 * Month 30, Year 365 days; the fixed names count the same), as the player's calendar day. Counting
 * calendar days, not 24-hour steps, keeps a clock change from moving the date.
 */
export function dynamicExpiryDate(periodType: Exclude<PeriodType, 'Session'>, today: Date = new Date()): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + PERIOD_DAYS[periodType]);
  return isoDay(day);
}

/** The three ways the lock section offers a break (RG-51…55). */
export type LockChoice =
  | { kind: 'timeout'; weeks: number }
  | { kind: 'exclusion'; months: number }
  | { kind: 'dynamicExclusion'; count: number; unit: LockPeriodUnit };

/**
 * DEF-26: a self-exclusion is never shorter than six months (short breaks are a time-out) and at
 * most five years. In weeks and days the floor is taken generously (26 weeks, 183 days) so that no
 * count the page accepts is under six calendar months.
 */
export const DYNAMIC_EXCLUSION_BOUNDS: Record<LockPeriodUnit, { min: number; max: number }> = {
  MONTH: { min: 6, max: 60 },
  WEEK: { min: 26, max: 260 },
  DAY: { min: 183, max: 1825 },
};

/** The request a choice sends (RG-52: weeks; RG-54, DIS-02: months = years × 12; RG-55, NS-22: the dynamic unit). */
export function lockRequestOf(choice: LockChoice): LockPlayerRequest {
  switch (choice.kind) {
    case 'timeout':
      return { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: choice.weeks };
    case 'exclusion':
      return { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: choice.months };
    case 'dynamicExclusion':
      return { lockType: 'EXCLUSION', lockPeriodUnit: choice.unit, lockPeriod: choice.count };
  }
}

/** Whether the choice is one the spec allows (the fixed lists, or a dynamic count within DEF-26's bounds). */
export function isAllowedLock(choice: LockChoice): boolean {
  switch (choice.kind) {
    case 'timeout':
      return (TIMEOUT_WEEKS as readonly number[]).includes(choice.weeks);
    case 'exclusion':
      return (EXCLUSION_MONTHS as readonly number[]).includes(choice.months);
    case 'dynamicExclusion': {
      const bounds = DYNAMIC_EXCLUSION_BOUNDS[choice.unit];
      return Number.isInteger(choice.count) && choice.count >= bounds.min && choice.count <= bounds.max;
    }
  }
}

/**
 * When a lock chosen now would end, for the confirmation to say before the player commits (the
 * server's answer carries the real end date). Months are calendar months, clamped to the month's
 * last day (31 August + 6 months is 28 or 29 February).
 */
export function lockEndEstimate(request: LockPlayerRequest, now: Date = new Date()): Date {
  const end = new Date(now.getTime());
  if (request.lockPeriodUnit === 'DAY') end.setDate(end.getDate() + request.lockPeriod);
  else if (request.lockPeriodUnit === 'WEEK') end.setDate(end.getDate() + request.lockPeriod * 7);
  else {
    const day = end.getDate();
    end.setDate(1);
    end.setMonth(end.getMonth() + request.lockPeriod);
    const lastDay = new Date(end.getFullYear(), end.getMonth() + 1, 0).getDate();
    end.setDate(Math.min(day, lastDay));
  }
  return end;
}

/** How full a limit is, 0…100, for the usage bar (a limit of 0 counts as full). */
export function usageShare(usage: Pick<LimitUsage, 'used' | 'limit'>): number {
  if (usage.limit <= 0) return 100;
  return Math.min(100, Math.max(0, (usage.used / usage.limit) * 100));
}

/** The usage bar's tone: calm, nearly there (80 %), reached. */
export function usageTone(usage: Pick<LimitUsage, 'used' | 'limit'>): 'ok' | 'near' | 'reached' {
  const share = usageShare(usage);
  if (share >= 100) return 'reached';
  return share >= 80 ? 'near' : 'ok';
}
