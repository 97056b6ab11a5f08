export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Appends the query, leaving out every parameter whose value is null or empty (BOOT-19). */
export function buildUrl(address: string, query: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  if (!text) return address;
  return `${address}${address.includes('?') ? '&' : '?'}${text}`;
}
