import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called by other servers and authenticated by the caller's signature over the body, not by a
     * cookie (the seamless wallet, a payment provider's webhook): a page elsewhere gains nothing by
     * calling it, and a provider's HTTP client may send an Origin of its own.
     */
    signedServerCall?: boolean;
  }
}

/** The services a browser calls with the player's or the staff member's cookies. */
const COOKIE_SERVICES = ['/ps', '/gs', '/bo', '/cms', '/management'];
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function inCookieService(routeUrl: string): boolean {
  return COOKIE_SERVICES.some((prefix) => routeUrl === prefix || routeUrl.startsWith(`${prefix}/`));
}

/**
 * Compared by host, not scheme: behind a proxy that ends TLS the server sees http while the page
 * was https. The port is part of the host; a default port is dropped on both sides.
 */
function sameHost(origin: URL, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

function acceptedOrigin(request: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  // Servers and scripts send none; every browser sends one on a cross-site write and on an upgrade.
  if (origin === undefined) return true;
  // A form the page posts to its own site says `Origin: null` under `Referrer-Policy: no-referrer`
  // (helmet's); the browser's own fetch metadata, which no page can set, says it is ours.
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (a sandboxed frame, a data: page) or garbage
  }
  return trusted.has(url.origin) || sameHost(url, request.host);
}

/**
 * Cross-site request forgery (DEF-08, issue 25). The session cookies are SameSite, but SameSite
 * counts a page on a sibling subdomain as the same site, and older browsers ignore it. So:
 *
 * - A state-changing call (POST, PUT, PATCH, DELETE) or a WebSocket upgrade to a cookie service
 *   whose `Origin` is neither this host nor one of `trustedOrigins` (the portal's PUBLIC_URL and
 *   service addresses configured as absolute URLs) is refused with 403 FOREIGN_ORIGIN before
 *   anything reads it. No Origin at all passes: browsers always send one on those requests, so its
 *   absence means a server (signed wallet calls, webhooks, scripts). Reads are not checked: without
 *   CORS headers a foreign page cannot read the answer.
 * - Bodies are JSON (or multipart where the documents plugin adds it): Fastify's default text/plain
 *   parser is removed, so a text/plain body — what a cross-site form or sendBeacon can send without
 *   a preflight — is 415 UNSUPPORTED_MEDIA_TYPE. A call without a body still needs no content type.
 *
 * Must run before the services are registered: they copy the content-type parsers they start with.
 */
export function registerCrossSiteChecks(app: FastifyInstance, trustedOrigins: readonly string[]): void {
  app.removeContentTypeParser('text/plain');
  const trusted = new Set(trustedOrigins.map((origin) => new URL(origin).origin));
  const refusedUpgrades = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    const routeUrl = request.routeOptions.url;
    if (routeUrl === undefined || !inCookieService(routeUrl) || request.routeOptions.config.signedServerCall) return;
    const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
    if (!upgrade && !STATE_CHANGING.has(request.method)) return;
    if (acceptedOrigin(request, trusted)) return;
    if (upgrade) refusedUpgrades.add(request);
    throw new AppError('FOREIGN_ORIGIN');
  });
  // An upgrade's connection belongs to no HTTP server, and refused here it never reaches the
  // WebSocket plugin that would end it: without this it stays open as long as the client likes.
  app.addHook('onResponse', async (request) => {
    if (refusedUpgrades.has(request)) request.raw.socket.destroy();
  });
}
