import { formatDate } from '../../shared/i18n/format';

/** DEF-17: dates are parsed and shown day-month-year in the contracts' one format (issue 27 item 2), not cut from the server's text. */
export function formatDay(value: string | null | undefined): string {
  if (!value || Number.isNaN(new Date(value.length === 10 ? `${value}T00:00:00Z` : value).getTime())) return '—';
  return formatDate(value);
}

/** YYYY-MM-DD of today moved by whole years (DOC-13, DOC-14 defaults). */
export function isoDayYearsFromNow(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
