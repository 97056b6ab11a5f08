import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatLongDay } from './format';

describe('dates on the limits page (spec 001 §9: day-month-year)', () => {
  const instant = new Date(2026, 10, 25, 14, 5).toISOString();
  it('shows day-month-year with a 24-hour time in both languages', () => {
    // Issue 27 item 2: the contracts' one format, the month named in the page language.
    expect(formatDateTime(instant, 'en')).toBe('25 Nov 2026, 14:05');
    expect(formatDateTime(instant, 'mk')).toBe('25 ное. 2026, 14:05');
    expect(formatDay('2026-12-02', 'mk')).toBe('2 дек. 2026');
    expect(formatDay('2026-12-02', 'en')).toBe('2 Dec 2026');
  });
  it('names the month in the page language', () => {
    expect(formatLongDay(new Date(2027, 0, 2), 'en')).toBe('2 January 2027');
    expect(formatLongDay(new Date(2027, 0, 2), 'mk')).toBe('2 јануари 2027');
  });
});
