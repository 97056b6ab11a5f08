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

/** DEF-17, HIST-12: a timestamp parsed and shown as DD-MM-YYYY HH:mm:ss in the player's time; the raw text when it is not a date. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${formatDay(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** HIST-12: a day as DD-MM-YYYY. */
export const formatDay = (date: Date) => `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`;
