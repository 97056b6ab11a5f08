import { formatTime } from '../../contracts/format';

/** A time-of-day writer: `format(at)` gives the contracts' one 24-hour time (16:04 or 16:04:09). */
export interface TimeOfDay {
  format(at: Date | string | number): string;
}

/**
 * Times of day as the player's language writes them, through the contracts' one formatter (issue 27
 * item 2): a 24-hour clock in both languages, the same in every browser whatever its locale data.
 */
export function timeOfDay(locale: string, options: { seconds?: boolean; timeZone?: string } = {}): TimeOfDay {
  return {
    format: (at) => formatTime(at, locale, { ...(options.seconds ? { seconds: true } : {}), ...(options.timeZone ? { timeZone: options.timeZone } : {}) }),
  };
}
