import { z } from 'zod';

/**
 * GET /management/jhimetrics — the process's metrics as the operations view reads them (OPS-03,
 * NS-08). Read from the same Prometheus registry that /management/prometheus exposes, so the two
 * agree. Durations are in milliseconds, sizes in bytes.
 */
const percentiles = z.object({ p50: z.number(), p95: z.number(), p99: z.number() });

export const requestMetricsSchema = z.object({
  method: z.string(),
  /** The route pattern (`/ps/getPlayerInfo`, `/cms/wp-json/wp/v2/:type`), never the raw address. */
  route: z.string(),
  count: z.number().int(),
  errors: z.number().int(),
  meanMs: z.number(),
  maxMs: z.number().optional(),
  /** Estimated from the histogram's buckets, as Prometheus' histogram_quantile does. */
  percentilesMs: percentiles,
});
export type RequestMetrics = z.infer<typeof requestMetricsSchema>;

export const jhiMetricsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** When this reading was taken (ISO 8601), so consecutive readings can be charted. */
  takenAt: z.string(),
  uptimeSeconds: z.number(),
  memory: z.object({
    residentBytes: z.number(),
    heapUsedBytes: z.number(),
    heapTotalBytes: z.number(),
    externalBytes: z.number(),
    heapSpaces: z.array(z.object({ space: z.string(), usedBytes: z.number(), sizeBytes: z.number() })),
  }),
  eventLoop: z.object({
    lagMs: z.number(),
    meanMs: z.number(),
    p50Ms: z.number(),
    p90Ms: z.number(),
    p99Ms: z.number(),
    maxMs: z.number(),
  }),
  garbageCollection: z.array(z.object({ kind: z.string(), count: z.number().int(), totalMs: z.number() })),
  process: z.object({ cpuSeconds: z.number(), activeHandles: z.number().int(), activeRequests: z.number().int() }),
  http: z.object({ total: z.number().int(), requests: z.array(requestMetricsSchema) }),
  databasePool: z.object({
    driver: z.enum(['pglite', 'postgres']),
    /** node-postgres reports its pool; PGlite is one embedded connection that cannot say whether it is busy (null). */
    max: z.number().int(),
    total: z.number().int(),
    idle: z.number().int().nullable(),
    waiting: z.number().int().nullable(),
  }),
  caches: z.array(z.object({ cache: z.string(), hits: z.number().int(), misses: z.number().int(), hitRatio: z.number().nullable() })),
  platform: z.object({
    deposits: z.array(z.object({ status: z.string(), count: z.number().int() })),
    withdrawals: z.array(z.object({ status: z.string(), count: z.number().int() })),
    rounds: z.array(z.object({ kind: z.string(), count: z.number().int() })),
    refusals: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  }),
});
export type JhiMetricsResponse = z.infer<typeof jhiMetricsResponseSchema>;
