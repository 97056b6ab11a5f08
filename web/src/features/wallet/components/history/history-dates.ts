import { formatDate, formatDateTime as formatMoment } from '../../../../shared/i18n/format';

/** A calendar month: the year and the month counted from 1. */
export interface CalendarMonth {
  year: number;
  month: number;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Dates are sent year-month-day, zero padded (HIST-12, NS-16). */
export const isoDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const monthOf = (date: Date): CalendarMonth => ({ year: date.getFullYear(), month: date.getMonth() + 1 });

/** HIST-02, HIST-04: the first and the last day of one calendar month. */
export function monthRange({ year, month }: CalendarMonth): { startDate: string; endDate: string } {
  const lastDay = new Date(year, month, 0).getDate();
  return { startDate: `${year}-${pad(month)}-01`, endDate: `${year}-${pad(month)}-${pad(lastDay)}` };
}

export function shiftMonth({ year, month }: CalendarMonth, by: number): CalendarMonth {
  const index = year * 12 + (month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** HIST-03: a month after the current one cannot be chosen. */
export const isAfterMonth = (candidate: CalendarMonth, current: CalendarMonth) => candidate.year * 12 + candidate.month > current.year * 12 + current.month;

/** Midnight of a day, local time. */
export const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

export const shiftDay = (day: Date, by: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() + by);

/**
 * DEF-17, HIST-12: a timestamp parsed and shown day-month-year with the time to the second, in the
 * player's time and the contracts' one format (issue 27 item 2); the raw text when it is not a date.
 */
export const formatDateTime = (value: string): string => formatMoment(value, { seconds: true });

/** HIST-12: a day, day-month-year in the contracts' one format. */
export const formatDay = (date: Date): string => formatDate(date);
