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

/** Request durations by the route pattern, never the raw address (which would be unbounded). */
export const httpRequestDuration = new Histogram({
  name: 'http_server_requests_seconds',
  help: 'Time taken to answer HTTP requests, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
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

/** Times every answered request under its route pattern; addresses no route matched share one label. */
export function registerRequestMetrics(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
