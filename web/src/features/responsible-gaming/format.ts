import { formatMoney } from '../../shared/wallet/money-format';

/**
 * Spec 001 §9: dates are shown day-month-year. The numeric forms are the same in both languages
 * (en-GB's 25/11/2026, 14:05), and not every browser carries Macedonian locale data (Chromium's
 * ICU answers mk-MK in US order), so numbers use en-GB and the month names below.
 */
function locale(_language: string): string {
  return 'en-GB';
}

const macedonianMonths = ['јануари', 'февруари', 'март', 'април', 'мај', 'јуни', 'јули', 'август', 'септември', 'октомври', 'ноември', 'декември'];

/** An instant from the wire as the player's local date and time (25/11/2026, 14:05). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale(language), { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** A day: an ISO instant or a YYYY-MM-DD date, without its time (25/11/2026). */
export function formatDay(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value)) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(locale(language), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

/** A long day for the lock texts (2 January 2027 / 2 јануари 2027). */
export function formatLongDay(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  if (language === 'mk') return `${date.getDate()} ${macedonianMonths[date.getMonth()]} ${date.getFullYear()}`;
  return new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

export { formatMoney };
