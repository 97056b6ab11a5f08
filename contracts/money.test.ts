import { describe, expect, it } from 'vitest';
import { formatMinorUnits, fromMinorUnits, hasAtMostDecimals, MAX_MAJOR_AMOUNT, moneyAmountSchema, moneyQuerySchema, moneySchema, toMinorUnits } from './money';

describe('money conversions (ARCHITECTURE §3, §6)', () => {
  it('converts major to minor units exactly, where float arithmetic would not', () => {
    expect(0.29 * 100).not.toBe(29);
    expect(toMinorUnits(0.29)).toBe(29n);
    expect(toMinorUnits(1.1)).toBe(110n);
    expect(toMinorUnits(20)).toBe(2000n);
    expect(toMinorUnits(0.125, 3)).toBe(125n);
    expect(toMinorUnits(1_000_000_000)).toBe(100_000_000_000n);
  });

  it('refuses more decimals than the currency has, and negative amounts', () => {
    expect(() => toMinorUnits(1.234)).toThrow(RangeError);
    expect(() => toMinorUnits(-1)).toThrow(RangeError);
    expect(hasAtMostDecimals(1.234, 3)).toBe(true);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
  });

  it('converts back and formats with fixed decimals', () => {
    expect(fromMinorUnits(1234n)).toBe(12.34);
    expect(fromMinorUnits(-5n)).toBe(-0.05);
    expect(fromMinorUnits(1500n, 3)).toBe(1.5);
    expect(formatMinorUnits(1234n)).toBe('12.34');
    expect(formatMinorUnits(-5n)).toBe('-0.05');
    expect(formatMinorUnits(7n, 3)).toBe('0.007');
  });

  it('round-trips every cent amount up to 10,000.00', () => {
    // One assertion over the mismatches: 140,000 expect() calls took seconds on a busy machine.
    const mismatches: bigint[] = [];
    for (let cents = 0n; cents <= 1_000_000n; cents += 7n) if (toMinorUnits(fromMinorUnits(cents)) !== cents) mismatches.push(cents);
    expect(mismatches).toEqual([]);
  });

  it('validates request amounts: JSON numbers only, positive, at most 2 decimals (DEF-04; issue 11, defect 6)', () => {
    expect(moneyAmountSchema.parse(12.5)).toBe(12.5);
    expect(moneyAmountSchema.safeParse(0).success).toBe(false);
    expect(moneyAmountSchema.safeParse(-3).success).toBe(false);
    expect(moneyAmountSchema.safeParse(1.005).success).toBe(false);
    expect(moneyAmountSchema.safeParse(1e-7).success).toBe(false);
    for (const text of ['12.5', '0x14', '2e1', ' 20 ', '+20', 'abc', '']) expect(moneyAmountSchema.safeParse(text).success, text).toBe(false);
    expect(moneyAmountSchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(moneySchema({ decimals: 3 }).safeParse(0.125).success).toBe(true);
    expect(moneySchema({ allowZero: true }).safeParse(0).success).toBe(true);
    // One message per refused value, so the field is named once.
    expect(moneyAmountSchema.safeParse(-1).error?.issues).toHaveLength(1);
    expect(moneyAmountSchema.safeParse(2 ** 64).error?.issues).toHaveLength(1);
  });

  it('bounds every amount at MAX_MAJOR_AMOUNT (issue 11, defect 7)', () => {
    expect(moneyAmountSchema.safeParse(MAX_MAJOR_AMOUNT).success).toBe(true);
    for (const huge of [MAX_MAJOR_AMOUNT + 0.01, 2 ** 53, 2 ** 64, 1e308]) expect(moneyAmountSchema.safeParse(huge).success, String(huge)).toBe(false);
  });

  it('reads query-string amounts as plain decimals only', () => {
    const query = moneyQuerySchema();
    expect(query.parse('20')).toBe(20);
    expect(query.parse('20.05')).toBe(20.05);
    for (const text of ['0x14', '2e1', '1e3', ' 20 ', '+20', '-20', '20.001', '0', '', '20,5', '99999999999'])
      expect(query.safeParse(text).success, text).toBe(false);
  });
});
