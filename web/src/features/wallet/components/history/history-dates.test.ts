import { describe, expect, it } from 'vitest';
import { formatDateTime, isAfterMonth, isoDay, monthRange, shiftMonth } from './history-dates';

describe('history dates', () => {
  it('HIST-02 HIST-04 a calendar month runs from its first to its last day', () => {
    expect(monthRange({ year: 2026, month: 6 })).toEqual({ startDate: '2026-06-01', endDate: '2026-06-30' });
    expect(monthRange({ year: 2024, month: 2 })).toEqual({ startDate: '2024-02-01', endDate: '2024-02-29' });
    expect(monthRange({ year: 2025, month: 12 })).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
  });

  it('steps across year ends and tells a future month (HIST-03)', () => {
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(shiftMonth({ year: 2025, month: 12 }, 1)).toEqual({ year: 2026, month: 1 });
    expect(isAfterMonth({ year: 2026, month: 7 }, { year: 2026, month: 6 })).toBe(true);
    expect(isAfterMonth({ year: 2026, month: 6 }, { year: 2026, month: 6 })).toBe(false);
  });

  it('HIST-12 DEF-17 shows timestamps day-month-year with HH:mm:ss (the one format, issue 27) and sends days as YYYY-MM-DD', () => {
    const local = new Date(2026, 2, 7, 9, 5, 3);
    expect(formatDateTime(local.toISOString())).toBe('7 Mar 2026, 09:05:03');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(isoDay(local)).toBe('2026-03-07');
  });
});
