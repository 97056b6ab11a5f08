/**
 * Removes query parameters (one-time keys and codes) from the address bar without a navigation,
 * keeping the router's state, so they do not linger in the browser's history.
 */
export function forgetQuery(names: readonly string[]): void {
  const url = new URL(window.location.href);
  if (!names.some((name) => url.searchParams.has(name))) return;
  for (const name of names) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
