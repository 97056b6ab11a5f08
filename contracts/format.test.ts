import { describe, expect, it } from 'vitest';
import { currencySymbol, formatDate, formatDateTime, formatMinorMoney, formatMoney, formatNumber, formatTime, monthName } from './format';

const nbsp = '\u00a0';

describe('the one money formatter (issue 27 item 2, WALLET-03, I18N-03)', () => {
  it('WALLET-03 writes English money with the sign first and grouped thousands', () => {
    expect(formatMoney(5000, 'EUR', 'en')).toBe('€5,000.00');
    expect(formatMoney(70, 'EUR', 'en')).toBe('€70.00');
    expect(formatMoney(0.29, 'GBP', 'en')).toBe('£0.29');
    expect(formatMoney(-45, 'EUR', 'en')).toBe('-€45.00');
    expect(formatMoney(1234567.5, 'EUR', 'en')).toBe('€1,234,567.50');
  });

  it('I18N-03 writes Macedonian money as CLDR does: dot groups, decimal comma, the sign after a no-break space', () => {
    expect(formatMoney(5000, 'EUR', 'mk')).toBe(`5.000,00${nbsp}€`);
    expect(formatMoney(100, 'EUR', 'mk')).toBe(`100,00${nbsp}€`);
    expect(formatMoney(-5000.5, 'GBP', 'mk')).toBe(`-5.000,50${nbsp}£`);
    // Node's ICU knows Macedonian: the digits and separators agree with it.
    expect(formatMoney(5000, 'EUR', 'mk')).toBe(new Intl.NumberFormat('mk', { style: 'currency', currency: 'EUR' }).format(5000));
  });

  it('WALLET-03 keeps 3 decimals for crypto, a code where there is no sign, and an explicit + on request', () => {
    expect(formatMoney(0.125, 'BTC', 'en', { decimals: 3 })).toBe('0.125 BTC');
    expect(formatMoney(0.125, 'BTC', 'mk', { decimals: 3 })).toBe(`0,125${nbsp}BTC`);
    expect(formatMoney(5, 'EUR', 'en', { signDisplay: 'always' })).toBe('+€5.00');
    expect(formatMoney(0, 'EUR', 'en', { signDisplay: 'always' })).toBe('€0.00');
    expect(formatMoney(-0.001, 'EUR', 'en')).toBe('€0.00');
  });

  it('formats minor units exactly, through decimal text', () => {
    expect(formatMinorMoney(29, 'EUR', 'en')).toBe('€0.29');
    expect(formatMinorMoney(100_000_000_000n, 'EUR', 'en')).toBe('€1,000,000,000.00');
    expect(formatMinorMoney(-4500n, 'EUR', 'mk')).toBe(`-45,00${nbsp}€`);
    expect(formatMinorMoney(125, 'BTC', 'en', { decimals: 3 })).toBe('0.125 BTC');
  });

  it('reads a region-tagged or unknown language as its base, English by default', () => {
    expect(formatMoney(1, 'EUR', 'mk-MK')).toBe(`1,00${nbsp}€`);
    expect(formatMoney(1, 'EUR', 'en-IE')).toBe('€1.00');
    expect(formatMoney(1, 'EUR', 'de')).toBe('€1.00');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('BTC')).toBe('BTC');
  });

  it('writes plain numbers in the same separators', () => {
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'mk')).toBe('1.234,5');
    expect(formatNumber(2.5, 'mk', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe('2,50');
  });
});

describe('the one date and time formatter (issue 27 item 2, I18N-03)', () => {
  const at = new Date('2026-11-29T16:04:09Z');

  it('I18N-03 writes a moment day-month-year and 24-hour in both languages', () => {
    expect(formatDateTime(at, 'en', { timeZone: 'UTC' })).toBe('29 Nov 2026, 16:04');
    expect(formatDateTime(at, 'mk', { timeZone: 'UTC' })).toBe('29 ное. 2026, 16:04');
    expect(formatDateTime(at, 'en', { timeZone: 'UTC', seconds: true })).toBe('29 Nov 2026, 16:04:09');
    expect(formatDateTime('2026-11-29T04:15:00Z', 'en', { timeZone: 'UTC' })).toBe('29 Nov 2026, 04:15');
  });

  it('follows the time zone it is given', () => {
    expect(formatDateTime(at, 'en', { timeZone: 'Europe/Skopje' })).toBe('29 Nov 2026, 17:04');
    expect(formatTime('2026-06-30T23:30:00Z', 'en', { timeZone: 'Europe/Dublin' })).toBe('00:30');
    expect(formatDate('2026-06-30T23:30:00Z', 'en', { timeZone: 'Europe/Dublin' })).toBe('1 Jul 2026');
  });

  it('keeps a YYYY-MM-DD calendar day (a birth date) the same day in every zone', () => {
    expect(formatDate('1988-06-14', 'en', { timeZone: 'Pacific/Honolulu' })).toBe('14 Jun 1988');
    expect(formatDate('1988-06-14', 'mk')).toBe('14 јун. 1988');
    expect(formatDate('1988-06-14', 'mk', { month: 'long' })).toBe('14 јуни 1988');
  });

  it('names months in both languages and refuses what is not a date', () => {
    expect(monthName(11, 'en')).toBe('November');
    expect(monthName(11, 'mk')).toBe('ноември');
    expect(monthName(9, 'en', 'short')).toBe('Sep');
    expect(() => formatDate('not a date', 'en')).toThrow(RangeError);
  });
});
