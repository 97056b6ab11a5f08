import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A JSON answer serialised once, with its strong ETag, so a cached list costs no re-serialising. */
export interface PreparedJson {
  json: string;
  etag: string;
}

export const strongEtag = (text: string) => `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

export function prepareJson(body: unknown): PreparedJson {
  const json = JSON.stringify(body);
  return { json, etag: strongEtag(json) };
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
  reply.header('ETag', prepared.etag);
  reply.header('Cache-Control', cacheControl);
  if (matchesEtag(request, prepared.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(prepared.json);
}
