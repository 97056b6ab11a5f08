import { describe, expect, it } from 'vitest';
import { figuresOf, hasFigures, monthBefore, monthBounds, monthName, playTime, statementText, type CurrencyFigures } from './statement-text';

const month: CurrencyFigures = { currency: 'GBP', deposits: 15_000n, withdrawals: 2_550n, stakes: 12_345n, wins: 9_876n, closingBalance: 9_981n };

describe('the statement figures', () => {
  it('nets deposits less withdrawals and wins less stakes, in minor units', () => {
    expect(figuresOf(month)).toMatchObject({ netDeposits: 12_450n, netResult: -2_469n });
    expect(figuresOf({ ...month, wins: 20_000n }).netResult).toBe(7_655n);
  });

  it('leaves out a currency with nothing moved and nothing held', () => {
    expect(hasFigures({ currency: 'EUR', deposits: 0n, withdrawals: 0n, stakes: 0n, wins: 0n, closingBalance: 0n })).toBe(false);
    expect(hasFigures({ currency: 'EUR', deposits: 0n, withdrawals: 0n, stakes: 0n, wins: 0n, closingBalance: 1n })).toBe(true);
  });

  it('takes UTC calendar months, the month before across a year', () => {
    expect(monthBounds('2026-02')).toEqual({ from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-03-01T00:00:00Z') });
    expect(monthBounds('2026-12').to).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(monthBefore(new Date('2027-01-01T00:30:00Z'))).toBe('2026-12');
    expect(monthBefore(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
    expect(() => monthBounds('2026-13')).toThrow();
    expect(() => monthBounds('2026-1')).toThrow();
  });

  it('names the month and the time played in both languages', () => {
    expect(monthName('2026-10', 'en')).toBe('October 2026');
    expect(monthName('2026-10', 'mk')).toBe('октомври 2026');
    expect(playTime(3n * 3_600_000n + 5n * 60_000n + 59_999n, 'en')).toBe('3 h 5 min');
    expect(playTime(61n * 60_000n, 'mk')).toBe('1 ч 1 мин');
    expect(playTime(0n, 'en')).toBe('0 h 0 min');
  });
});

describe('the statement text', () => {
  it('formats every amount from minor units with its currency and signs the nets', () => {
    const text = statementText({ month: '2026-10', language: 'en', playMs: 90n * 60_000n, figures: [figuresOf(month)] });
    expect(text.subject).toBe('Your activity statement for October 2026');
    for (const line of [
      'Time played: 1 h 30 min',
      'Deposits: £150.00',
      'Withdrawals: £25.50',
      'Net deposits (deposits less withdrawals): +£124.50',
      'Stakes: £123.45',
      'Wins: £98.76',
      'Net result (wins less stakes): -£24.69 (you lost)',
      'Balance at the end of the month: £99.81',
    ]) {
      expect(text.html).toContain(line);
      expect(text.paragraphs).toContain(line);
    }
  });

  it('writes Macedonian for a Macedonian player', () => {
    const text = statementText({ month: '2026-01', language: 'mk', playMs: 0n, figures: [figuresOf({ ...month, wins: 12_345n })] });
    expect(text.subject).toBe('Ваш извод на активност за јануари 2026');
    expect(text.html).toContain('Нето резултат (добивки минус вложувања): 0,00\u00a0£ (без промена)');
    expect(text.html).toContain('Време на играње: 0 ч 0 мин');
  });

  it('escapes what it puts in HTML', () => {
    const text = statementText({ month: '2026-10', language: 'en', playMs: 0n, figures: [figuresOf({ ...month, currency: '<b>X&Y</b>' })] });
    expect(text.html).toContain('&lt;b&gt;X&amp;Y&lt;/b&gt;');
    expect(text.html).not.toContain('<b>X');
  });

  it('says so when no money moved', () => {
    expect(statementText({ month: '2026-10', language: 'en', playMs: 60_000n, figures: [] }).html).toContain('No money moved in your account this month.');
  });
});
