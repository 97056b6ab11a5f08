/**
 * The http address of a server listening on `host:port`, as a browser or script on this machine
 * would call it: a wildcard listen address (0.0.0.0, ::) becomes localhost, and IPv6 gets brackets.
 */
export function localUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
