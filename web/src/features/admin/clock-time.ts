import { formatTime } from '../../../../contracts/format';

/**
 * A time of day as operators read it, on the 24-hour clock with seconds (13:05:09) in every
 * language: a health check at 1 pm must not read like one at 1 am (defect 8).
 */
export function clockTime(at: Date | number, language: string, timeZone?: string): string {
  return formatTime(at, language, { seconds: true, ...(timeZone ? { timeZone } : {}) });
}
