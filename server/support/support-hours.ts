import type { SupportHours } from '../../contracts/support/support';

/** Live support's configured hours (SUPPORT_TIMEZONE, SUPPORT_HOURS, SUPPORT_DAYS). */
export interface SupportSchedule {
  timeZone: string;
  /** HH:MM-HH:MM; 24:00 ends at midnight; an end before the start runs past midnight. */
  hours: string;
  days: readonly string[];
}

const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday and minute of the day an instant has on the wall clock of a time zone. */
function wallClock(timeZone: string, at: Date): { day: number; minute: number } {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((part) => [part.type, part.value]));
  return { day: WEEKDAYS.indexOf(String(parts.weekday).toUpperCase()), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether support is on duty at an instant. A window past midnight belongs to the day it starts. */
export function isSupportOpen(schedule: SupportSchedule, at: Date): boolean {
  const start = minutes(schedule.hours.slice(0, 5));
  const end = minutes(schedule.hours.slice(6));
  const { day, minute } = wallClock(schedule.timeZone, at);
  const dayOpen = (index: number) => schedule.days.includes(WEEKDAYS[(index + 7) % 7] ?? '');
  if (start < end) return dayOpen(day) && minute >= start && minute < end;
  return (dayOpen(day) && minute >= start) || (dayOpen(day - 1) && minute < end);
}

/**
 * Support's state at an instant and, when closed, the next minute it opens. Stepping minute by
 * minute on the zone's wall clock keeps summer-time changes right without a calendar library; a
 * week is the longest a valid schedule can be closed.
 */
export function supportHoursAt(schedule: SupportSchedule, now: Date): SupportHours {
  const base = { timeZone: schedule.timeZone, hours: schedule.hours, days: [...schedule.days] };
  if (isSupportOpen(schedule, now)) return { open: true, opensAt: null, ...base };
  const step = 60_000;
  let at = Math.ceil(now.getTime() / step) * step;
  for (let n = 0; n < 8 * 24 * 60 && !isSupportOpen(schedule, new Date(at)); n++) at += step;
  return { open: false, opensAt: new Date(at).toISOString(), ...base };
}
