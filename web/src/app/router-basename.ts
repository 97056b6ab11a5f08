/** BOOT-09: the router's base path is the page's `<base href>` (`document.baseURI`). */
export function routerBasename(baseUri: string): string {
  const pathname = new URL(baseUri).pathname.replace(/\/+$/, '');
  return pathname || '/';
}
