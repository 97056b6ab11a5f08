import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Who a request acted as, noted by the access check that recognised them. */
const actingParties = new WeakMap<FastifyRequest, string>();

/** Records the party a request acts for (`player:<id>`, `staff:<id>`), for its log line. */
export function noteActingParty(request: FastifyRequest, party: string): void {
  actingParties.set(request, party);
}

/**
 * One line per request, written when the answer has gone: method, route template (never the raw
 * address, which can carry ids and one-time codes), status, duration in milliseconds and the acting
 * party; the request id comes with the request's logger. The framework's own request lines are
 * off (`disableRequestLogging`): they serialise the whole reply.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => writeRequestLine(request, reply));
}

/**
 * The request's one line. Also called by the answer to a request the router refused before any
 * hook ran (an address too long or malformed), which would otherwise leave no line at all.
 */
export function writeRequestLine(request: FastifyRequest, reply: FastifyReply): void {
  const party = actingParties.get(request);
  request.log.info(
    {
      method: request.method,
      route: request.routeOptions?.url ?? 'unmatched',
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ...(party ? { party } : {}),
    },
    'request completed',
  );
}
