import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's one metrics registry (prom-client). GET /management/prometheus exposes it for
 * scraping and GET /management/jhimetrics reads the same instruments, so the two always agree.
 * Metrics describe a process, as Prometheus scrapes one target per node: several servers started
 * in one process (the tests) share it.
 */
export const metricsRegistry = new Registry();

// Memory, CPU, event-loop lag (with percentiles), garbage collection by kind, handles.
collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: 10 });

/**
 * OpenTelemetry's HTTP server metrics (semantic conventions, stable since 1.23), as Prometheus shows
 * OpenTelemetry's names: `http.server.request.duration` in seconds becomes
 * `http_server_request_duration_seconds`, each attribute a label with `_` for `.`. The route is the
 * route template (`http.route`), never the raw address, which would be unbounded; the buckets are the
 * ones the conventions advise.
 */
export const httpRequestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP server requests (OpenTelemetry http.server.request.duration), by method, route template and status code',
  labelNames: ['http_request_method', 'http_route', 'http_response_status_code', 'url_scheme', 'error_type'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  registers: [metricsRegistry],
});

/** OpenTelemetry's `http.server.active_requests`: requests being answered now. */
export const httpActiveRequests = new Gauge({
  name: 'http_server_active_requests',
  help: 'HTTP server requests in flight (OpenTelemetry http.server.active_requests), by method',
  labelNames: ['http_request_method', 'url_scheme'] as const,
  registers: [metricsRegistry],
});

export const depositsTotal = new Counter({
  name: 'emerald_deposits_total',
  help: 'Deposits answered by the cashier (processDeposit), by method, currency and the payment status answered',
  labelNames: ['method', 'currency', 'status'] as const,
  registers: [metricsRegistry],
});

export const withdrawalsTotal = new Counter({
  name: 'emerald_withdrawals_total',
  help: 'Withdrawals answered by the cashier (processWithdrawal), by method, currency and the payment status answered',
  labelNames: ['method', 'currency', 'status'] as const,
  registers: [metricsRegistry],
});

export const roundsTotal = new Counter({
  name: 'emerald_game_rounds_total',
  help: 'Game rounds opened by the game server, by kind of game and currency',
  labelNames: ['kind', 'currency'] as const,
  registers: [metricsRegistry],
});

export const refusalsTotal = new Counter({
  name: 'emerald_refusals_total',
  help: 'Requests refused with a 4xx, by the error catalogue code (reason) and HTTP status',
  labelNames: ['reason', 'http_status'] as const,
  registers: [metricsRegistry],
});

export const cacheRequestsTotal = new Counter({
  name: 'emerald_cache_requests_total',
  help: 'Look-ups in the in-process caches, by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [metricsRegistry],
});

export interface DatabasePoolReading {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** The node-postgres pool this process serves from (PGlite has none); read at scrape time. */
let poolSource: (() => DatabasePoolReading) | undefined;

export function trackDatabasePool(read: () => DatabasePoolReading): void {
  poolSource = read;
}

new Gauge({
  name: 'emerald_db_pool_connections',
  help: 'Database connections: the pool maximum, open (total), idle, and callers waiting for one',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  collect() {
    const reading = poolSource?.();
    if (!reading) return;
    for (const state of ['max', 'total', 'idle', 'waiting'] as const) this.set({ state }, reading[state]);
  },
});

const UNMATCHED_ROUTE = '(unmatched)';

/** OpenTelemetry's known methods; any other is `_OTHER`, so a client cannot grow the label set. */
const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);
const methodLabel = (method: string) => (KNOWN_METHODS.has(method) ? method : '_OTHER');

/**
 * Times every answered request under its route template; addresses no route matched share one
 * label. A 5xx carries `error_type` (its status code, as the conventions say when there is no
 * exception type to name).
 */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const active = { http_request_method: methodLabel(request.method), url_scheme: request.protocol };
    httpActiveRequests.inc(active);
    // 'close' comes once whether the answer was sent or the client went away (onResponse may not).
    reply.raw.once('close', () => httpActiveRequests.dec(active));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const method = methodLabel(request.method);
    const status = String(reply.statusCode);
    httpRequestDuration.observe(
      {
        http_request_method: method,
        http_route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        http_response_status_code: status,
        url_scheme: request.protocol,
        error_type: reply.statusCode >= 500 ? status : '',
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
