/** DEF-17: dates are parsed and shown as DD-MM-YYYY (not the first 11 characters of whatever the server sent). */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return '—';
  const parts = value.length === 10 ? [date.getUTCDate(), date.getUTCMonth() + 1, date.getUTCFullYear()] : [date.getDate(), date.getMonth() + 1, date.getFullYear()];
  return parts.map((part, index) => String(part).padStart(index === 2 ? 4 : 2, '0')).join('-');
}

/** YYYY-MM-DD of today moved by whole years (DOC-13, DOC-14 defaults). */
export function isoDayYearsFromNow(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
