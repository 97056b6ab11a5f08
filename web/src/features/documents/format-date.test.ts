import { describe, expect, it } from 'vitest';
import { formatDay } from './format-date';

describe('DEF-17 document dates', () => {
  it('parses the date and shows it day-month-year (the one format, issue 27) instead of cutting characters', () => {
    expect(formatDay('2026-03-09')).toBe('9 Mar 2026');
    const stamp = new Date(2026, 10, 5, 23, 59).toISOString();
    expect(formatDay(stamp)).toBe('5 Nov 2026');
    expect(formatDay(null)).toBe('—');
    expect(formatDay('not a date')).toBe('—');
  });
});
