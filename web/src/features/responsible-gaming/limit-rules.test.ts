import { describe, expect, it } from 'vitest';
import { dynamicExpiryDate, isAllowedLock, lockEndEstimate, lockRequestOf, parseGameMinutes, parseLimitAmount, usageShare, usageTone } from './limit-rules';

describe('limit amounts (RG-12, DEF-10, NS-09)', () => {
  it('accepts a positive amount with at most 2 decimals, a decimal comma included', () => {
    expect(parseLimitAmount('100')).toEqual({ ok: true, value: 100 });
    expect(parseLimitAmount(' 12.5 ')).toEqual({ ok: true, value: 12.5 });
    expect(parseLimitAmount('12,05')).toEqual({ ok: true, value: 12.05 });
  });
  it('names what is wrong otherwise', () => {
    expect(parseLimitAmount('')).toEqual({ ok: false, problem: 'required' });
    expect(parseLimitAmount('abc')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseLimitAmount('-5')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseLimitAmount('1e3')).toEqual({ ok: false, problem: 'notNumber' });
    expect(parseLimitAmount('0')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseLimitAmount('0.00')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseLimitAmount('10.123')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseLimitAmount('1000000001')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseLimitAmount('501', 500)).toEqual({ ok: false, problem: 'overMax' });
    expect(parseLimitAmount('500', 500)).toEqual({ ok: true, value: 500 });
  });
});

describe('game-time minutes (RG-47, DEF-10)', () => {
  it('is a whole number of minutes from 1 to 1440', () => {
    expect(parseGameMinutes('1')).toEqual({ ok: true, value: 1 });
    expect(parseGameMinutes('1440')).toEqual({ ok: true, value: 1440 });
    expect(parseGameMinutes('0')).toEqual({ ok: false, problem: 'minutesRange' });
    expect(parseGameMinutes('1441')).toEqual({ ok: false, problem: 'minutesRange' });
    expect(parseGameMinutes('30.5')).toEqual({ ok: false, problem: 'wholeMinutes' });
    expect(parseGameMinutes(' ')).toEqual({ ok: false, problem: 'required' });
  });
});

describe('the dynamic expiry date (RG-44, DIS-03, NS-21)', () => {
  const today = new Date(2026, 10, 25, 23, 30);
  it('adds day 1, week 7, month 30 and year 365 days as calendar days', () => {
    expect(dynamicExpiryDate('Day', today)).toBe('2026-11-26');
    expect(dynamicExpiryDate('Week', today)).toBe('2026-12-02');
    expect(dynamicExpiryDate('Month', today)).toBe('2026-12-25');
    expect(dynamicExpiryDate('Year', today)).toBe('2027-11-25');
  });
  it('crosses month ends, leap days and the clock change without slipping a day', () => {
    expect(dynamicExpiryDate('Day', new Date(2028, 1, 28))).toBe('2028-02-29');
    expect(dynamicExpiryDate('Year', new Date(2028, 1, 29))).toBe('2029-02-28');
    expect(dynamicExpiryDate('Week', new Date(2026, 2, 27, 0, 30))).toBe('2026-04-03');
    expect(dynamicExpiryDate('Daily', today)).toBe('2026-11-26');
  });
});

describe('locks (RG-51…55, DIS-02, NS-22, DEF-26)', () => {
  it('sends time-outs in weeks and self-exclusions in months (years × 12)', () => {
    expect(lockRequestOf({ kind: 'timeout', weeks: 3 })).toEqual({ lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 3 });
    expect(lockRequestOf({ kind: 'exclusion', months: 6 })).toEqual({ lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 });
    expect(lockRequestOf({ kind: 'exclusion', months: 5 * 12 })).toEqual({ lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 60 });
    expect(lockRequestOf({ kind: 'dynamicExclusion', count: 30, unit: 'WEEK' })).toEqual({ lockType: 'EXCLUSION', lockPeriodUnit: 'WEEK', lockPeriod: 30 });
  });
  it('allows only the documented choices and never a self-exclusion under six months', () => {
    expect(isAllowedLock({ kind: 'timeout', weeks: 6 })).toBe(true);
    expect(isAllowedLock({ kind: 'timeout', weeks: 7 })).toBe(false);
    expect(isAllowedLock({ kind: 'exclusion', months: 12 })).toBe(true);
    expect(isAllowedLock({ kind: 'exclusion', months: 48 })).toBe(false);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 1, unit: 'DAY' })).toBe(false);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 182, unit: 'DAY' })).toBe(false);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 183, unit: 'DAY' })).toBe(true);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 25, unit: 'WEEK' })).toBe(false);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 26, unit: 'WEEK' })).toBe(true);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 5, unit: 'MONTH' })).toBe(false);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 61, unit: 'MONTH' })).toBe(false);
    expect(isAllowedLock({ kind: 'dynamicExclusion', count: 7.5, unit: 'MONTH' })).toBe(false);
  });
  it('estimates the end in calendar months, clamped to the month end', () => {
    const now = new Date(2026, 7, 31, 12, 0);
    expect(lockEndEstimate({ lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 }, now)).toEqual(new Date(2027, 1, 28, 12, 0));
    expect(lockEndEstimate({ lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 2 }, now)).toEqual(new Date(2026, 8, 14, 12, 0));
    expect(lockEndEstimate({ lockType: 'EXCLUSION', lockPeriodUnit: 'DAY', lockPeriod: 200 }, now)).toEqual(new Date(2027, 2, 19, 12, 0));
  });
});

describe('usage bars', () => {
  it('is the share used, capped at 100, with a warning from 80 %', () => {
    expect(usageShare({ used: 25, limit: 100 })).toBe(25);
    expect(usageShare({ used: 150, limit: 100 })).toBe(100);
    expect(usageShare({ used: 0, limit: 0 })).toBe(100);
    expect(usageTone({ used: 79, limit: 100 })).toBe('ok');
    expect(usageTone({ used: 80, limit: 100 })).toBe('near');
    expect(usageTone({ used: 100, limit: 100 })).toBe('reached');
  });
});
