import { formatDate, formatDateTime as formatMoment } from '../../../../contracts/format';
import { formatMoney } from '../../shared/wallet/money-format';

/** Spec 001 §9 and issue 27 item 2: the contracts' one date formatter, day-month-year and 24-hour. */
function orText(value: string | Date, write: () => string): string {
  try {
    return write();
  } catch {
    return String(value);
  }
}

/** An instant from the wire as the player's local date and time (25 Nov 2026, 14:05). */
export function formatDateTime(iso: string, language: string): string {
  return orText(iso, () => formatMoment(iso, language));
}

/** A day: an ISO instant or a YYYY-MM-DD date, without its time (25 Nov 2026). */
export function formatDay(value: string | Date, language: string): string {
  return orText(value, () => formatDate(value, language));
}

/** A long day for the lock texts (2 January 2027 / 2 јануари 2027). */
export function formatLongDay(value: string | Date, language: string): string {
  return orText(value, () => formatDate(value, language, { month: 'long' }));
}

export { formatMoney };
