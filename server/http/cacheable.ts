import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers with a strong ETag and lets the client revalidate: unchanged content costs a 304 and
 * changed content (a maintenance marker, say) is seen on the next request.
 */
export function sendRevalidated<T>(request: FastifyRequest, reply: FastifyReply, body: T, maxAgeSeconds = 0): FastifyReply | T {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}, must-revalidate` : 'no-cache');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return body;
}
