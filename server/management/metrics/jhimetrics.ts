import type { MetricObjectWithValues, MetricValue, MetricValueWithName } from 'prom-client';
import type { JhiMetricsResponse, RequestMetrics } from '../../../contracts/management/jhimetrics';
import type { Database } from '../../db/database';
import { metricsRegistry } from '../../metrics/metrics';

type Metric = MetricObjectWithValues<MetricValue<string> | MetricValueWithName<string>>;
type Sample = MetricValue<string> & { metricName?: string };

/** node-postgres reports its pool; PGlite is one connection in this process that cannot say whether it is busy. */
function databasePool(database: Database): JhiMetricsResponse['databasePool'] {
  const usage = database.poolUsage?.();
  return usage ? { driver: database.driver, ...usage } : { driver: database.driver, max: 1, total: 1, idle: null, waiting: null };
}

const round = (value: number, digits = 3) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : 0);
const toMs = (seconds: number) => round(seconds * 1000);

function samples(metrics: Map<string, Metric>, name: string): Sample[] {
  return (metrics.get(name)?.values ?? []) as Sample[];
}

function single(metrics: Map<string, Metric>, name: string): number {
  return samples(metrics, name).reduce((sum, sample) => sum + Number(sample.value), 0);
}

/**
 * A quantile from cumulative histogram buckets, interpolated inside the bucket it falls in, as
 * Prometheus' histogram_quantile does; above the last finite bucket the last bound is answered.
 */
export function bucketQuantile(buckets: { le: number; count: number }[], q: number): number {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (total === 0) return 0;
  const rank = q * total;
  let previous = { le: 0, count: 0 };
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      if (!Number.isFinite(bucket.le)) return previous.le;
      const inBucket = bucket.count - previous.count;
      return inBucket === 0 ? bucket.le : previous.le + (bucket.le - previous.le) * ((rank - previous.count) / inBucket);
    }
    previous = bucket;
  }
  return previous.le;
}

/** Request counts and timings per method and route pattern, all status codes together. */
function requestMetrics(metrics: Map<string, Metric>): RequestMetrics[] {
  const byRoute = new Map<string, { method: string; route: string; count: number; errors: number; sum: number; buckets: Map<number, number> }>();
  for (const sample of samples(metrics, 'http_server_request_duration_seconds')) {
    const labels = sample.labels as Record<string, string | number>;
    const key = `${labels.http_request_method} ${labels.http_route}`;
    let entry = byRoute.get(key);
    if (!entry) {
      entry = { method: String(labels.http_request_method), route: String(labels.http_route), count: 0, errors: 0, sum: 0, buckets: new Map() };
      byRoute.set(key, entry);
    }
    const value = Number(sample.value);
    if (sample.metricName?.endsWith('_bucket')) {
      const le = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le);
      entry.buckets.set(le, (entry.buckets.get(le) ?? 0) + value);
    } else if (sample.metricName?.endsWith('_count')) {
      entry.count += value;
      if (Number(labels.http_response_status_code) >= 500) entry.errors += value;
    } else if (sample.metricName?.endsWith('_sum')) {
      entry.sum += value;
    }
  }
  return [...byRoute.values()]
    .filter((entry) => entry.count > 0)
    .map((entry) => {
      const buckets = [...entry.buckets].map(([le, count]) => ({ le, count }));
      return {
        method: entry.method,
        route: entry.route,
        count: entry.count,
        errors: entry.errors,
        meanMs: toMs(entry.sum / entry.count),
        percentilesMs: { p50: toMs(bucketQuantile(buckets, 0.5)), p95: toMs(bucketQuantile(buckets, 0.95)), p99: toMs(bucketQuantile(buckets, 0.99)) },
      };
    })
    .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route));
}

/** Counter samples summed by one label, largest first. */
function countsBy<Key extends string>(metrics: Map<string, Metric>, name: string, label: string, key: Key): ({ count: number } & Record<Key, string>)[] {
  const totals = new Map<string, number>();
  for (const sample of samples(metrics, name)) {
    const value = String((sample.labels as Record<string, string | number>)[label] ?? '');
    totals.set(value, (totals.get(value) ?? 0) + Number(sample.value));
  }
  return [...totals]
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value, count]) => ({ [key]: value, count }) as { count: number } & Record<Key, string>);
}

function garbageCollection(metrics: Map<string, Metric>): JhiMetricsResponse['garbageCollection'] {
  const kinds = new Map<string, { count: number; totalMs: number }>();
  for (const sample of samples(metrics, 'nodejs_gc_duration_seconds')) {
    const kind = String((sample.labels as Record<string, string>).kind ?? 'unknown');
    const entry = kinds.get(kind) ?? { count: 0, totalMs: 0 };
    if (sample.metricName?.endsWith('_count')) entry.count += Number(sample.value);
    if (sample.metricName?.endsWith('_sum')) entry.totalMs += Number(sample.value) * 1000;
    kinds.set(kind, entry);
  }
  return [...kinds].map(([kind, entry]) => ({ kind, count: entry.count, totalMs: round(entry.totalMs) })).sort((a, b) => a.kind.localeCompare(b.kind));
}

function heapSpaces(metrics: Map<string, Metric>): JhiMetricsResponse['memory']['heapSpaces'] {
  const sizes = new Map(samples(metrics, 'nodejs_heap_space_size_total_bytes').map((sample) => [String(sample.labels.space), Number(sample.value)]));
  return samples(metrics, 'nodejs_heap_space_size_used_bytes')
    .map((sample) => ({ space: String(sample.labels.space), usedBytes: Number(sample.value), sizeBytes: sizes.get(String(sample.labels.space)) ?? 0 }))
    .sort((a, b) => b.sizeBytes - a.sizeBytes);
}

function caches(metrics: Map<string, Metric>): JhiMetricsResponse['caches'] {
  const byCache = new Map<string, { hits: number; misses: number }>();
  for (const sample of samples(metrics, 'emerald_cache_requests_total')) {
    const cache = String(sample.labels.cache);
    const entry = byCache.get(cache) ?? { hits: 0, misses: 0 };
    if (sample.labels.result === 'hit') entry.hits += Number(sample.value);
    else entry.misses += Number(sample.value);
    byCache.set(cache, entry);
  }
  return [...byCache]
    .map(([cache, { hits, misses }]) => ({ cache, hits, misses, hitRatio: hits + misses > 0 ? round(hits / (hits + misses), 4) : null }))
    .sort((a, b) => a.cache.localeCompare(b.cache));
}

/**
 * The metrics view's reading, from the Prometheus registry. Note that prom-client's event-loop
 * percentiles cover the time since the previous reading of the registry (a scrape or this view).
 */
export async function readJhiMetrics(database: Database, startedAt: Date): Promise<JhiMetricsResponse> {
  const list = (await metricsRegistry.getMetricsAsJSON()) as Metric[];
  const metrics = new Map(list.map((metric) => [metric.name, metric]));
  const requests = requestMetrics(metrics);
  return {
    status: 'SUCCESS',
    takenAt: new Date().toISOString(),
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    memory: {
      residentBytes: single(metrics, 'process_resident_memory_bytes'),
      heapUsedBytes: single(metrics, 'nodejs_heap_size_used_bytes'),
      heapTotalBytes: single(metrics, 'nodejs_heap_size_total_bytes'),
      externalBytes: single(metrics, 'nodejs_external_memory_bytes'),
      heapSpaces: heapSpaces(metrics),
    },
    eventLoop: {
      lagMs: toMs(single(metrics, 'nodejs_eventloop_lag_seconds')),
      meanMs: toMs(single(metrics, 'nodejs_eventloop_lag_mean_seconds')),
      p50Ms: toMs(single(metrics, 'nodejs_eventloop_lag_p50_seconds')),
      p90Ms: toMs(single(metrics, 'nodejs_eventloop_lag_p90_seconds')),
      p99Ms: toMs(single(metrics, 'nodejs_eventloop_lag_p99_seconds')),
      maxMs: toMs(single(metrics, 'nodejs_eventloop_lag_max_seconds')),
    },
    garbageCollection: garbageCollection(metrics),
    process: {
      cpuSeconds: round(single(metrics, 'process_cpu_seconds_total')),
      activeHandles: single(metrics, 'nodejs_active_handles_total'),
      activeRequests: single(metrics, 'nodejs_active_requests_total'),
    },
    http: { total: requests.reduce((sum, entry) => sum + entry.count, 0), requests },
    databasePool: databasePool(database),
    caches: caches(metrics),
    platform: {
      deposits: countsBy(metrics, 'emerald_deposits_total', 'status', 'status'),
      withdrawals: countsBy(metrics, 'emerald_withdrawals_total', 'status', 'status'),
      rounds: countsBy(metrics, 'emerald_game_rounds_total', 'kind', 'kind'),
      refusals: countsBy(metrics, 'emerald_refusals_total', 'reason', 'reason'),
    },
  };
}
