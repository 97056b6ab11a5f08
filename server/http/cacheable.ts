import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer serialised, encoded and (when large) gzipped once, with its strong ETag, so a
 * cached list costs neither re-serialising nor re-compressing.
 */
export interface PreparedJson {
  json: string;
  etag: string;
  body: Buffer;
  gzipped: Buffer | null;
}

/** Below this size compression is not worth a header. */
const GZIP_MIN_BYTES = 1024;

export const strongEtag = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

export function prepareJson(value: unknown): PreparedJson {
  const json = JSON.stringify(value);
  const body = Buffer.from(json, 'utf8');
  return { json, etag: strongEtag(json), body, gzipped: body.length >= GZIP_MIN_BYTES ? gzipSync(body, { level: 6 }) : null };
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && /\bgzip\b(?!;\s*q=0(?:\.0*)?\b)/i.test(header);
}

/** True when the request's If-None-Match names this ETag (also in a list, also as a weak tag, or `*`). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * Answers with a strong ETag and lets the client revalidate: unchanged content costs a 304 and
 * changed content (a maintenance marker, say) is seen on the next request.
 */
export function sendRevalidated<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds = 0): FastifyReply | T {
  const etag = strongEtag(JSON.stringify(body));
  reply.header('ETag', etag);
  reply.header('Cache-Control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}, must-revalidate` : 'no-cache');
  if (matchesEtag(request, etag)) return reply.status(304).send();
  return body;
}

/** Sends a prepared JSON answer (or 304) with the given Cache-Control. */
export function sendPreparedJson(request: FastifyRequest, reply: FastifyReply, prepared: PreparedJson, cacheControl: string): FastifyReply {
  const gzip = prepared.gzipped !== null && acceptsGzip(request);
  // Each encoding is its own representation, so it has its own strong ETag.
  const etag = gzip ? `${prepared.etag.slice(0, -1)}-gz"` : prepared.etag;
  if (prepared.gzipped) {
    const vary = reply.getHeader('Vary');
    reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  }
  reply.header('ETag', etag);
  reply.header('Cache-Control', cacheControl);
  if (matchesEtag(request, etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (gzip && prepared.gzipped) return reply.header('Content-Encoding', 'gzip').send(prepared.gzipped);
  return reply.send(prepared.body);
}
