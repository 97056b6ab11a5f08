import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { languageSchema, type Language } from '../../contracts/content/translations';

/** The header a request id travels in: taken from a proxy when it is a safe token, always answered. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming request id may be to be kept: short, and only characters that cannot break a
 * log line or a header (a balancer's UUID, a trace id). Anything else is replaced by our own.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The request's id: the caller's `x-request-id` when it is a safe short token, else a new UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

interface RequestScope {
  reqId: string;
  /** The portal's language as the request's LANG cookie names it (I18N-02), English otherwise. */
  language: Language;
}

const LANG_COOKIE = /(?:^|;\s*)LANG=([^;]*)/;

/** The LANG cookie of a request as one of our languages; read from the header, before cookies are parsed. */
export function languageOfRequest(raw: IncomingMessage): Language {
  const found = LANG_COOKIE.exec(raw.headers.cookie ?? '')?.[1];
  const parsed = languageSchema.safeParse(found === undefined ? undefined : decodeURIComponent(found).trim());
  return parsed.success ? parsed.data : 'en';
}

const scope = new AsyncLocalStorage<RequestScope>();

/** The id of the request whose work is running now, if any: the root logger adds it to every line. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.reqId;
}

/**
 * The language of the request whose work is running now (issue 27 item 1): names and texts a
 * service writes into its answer — a bonus plan's name — are in it. English outside a request.
 */
export function currentLanguage(): Language {
  return scope.getStore()?.language ?? 'en';
}

const resources = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Runs the rest of each request inside a scope holding its id, so that lines written by a module's
 * own logger (not the request's) on its behalf still carry the id, and answers the id in
 * `x-request-id` (set first, so refusals and errors carry it too). The body is read on the socket's
 * events, outside the scope, so the scope is entered again before validation, as
 * @fastify/request-context does.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    scope.run({ reqId: request.id, language: languageOfRequest(request.raw) }, () => {
      const resource = new AsyncResource('emerald-request');
      resources.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resources.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
}
