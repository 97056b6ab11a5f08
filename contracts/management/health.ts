import { z } from 'zod';

/**
 * GET /management/health — actuator-style health (OPS-02, NS-08). Each component reports what it
 * found: UP, DOWN, or UNKNOWN when there is nothing it can check (an event bus that is not
 * configured, mail that is only written to the outbox). Only a DOWN component makes the whole DOWN.
 */
export const healthStatusSchema = z.enum(['UP', 'DOWN', 'UNKNOWN']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

const component = <Details extends z.ZodRawShape>(details: Details) => z.object({ status: healthStatusSchema, details: z.object(details) });

export const healthComponentsSchema = z.object({
  db: component({
    driver: z.enum(['pglite', 'postgres']),
    serverVersion: z.string().optional(),
    error: z.string().optional(),
  }),
  /** The committed migrations against those the database has applied. */
  migrations: component({
    expected: z.number().int(),
    applied: z.number().int().optional(),
    latest: z.string().optional(),
    error: z.string().optional(),
  }),
  /** smtp: delivered through SMTP_URL (checked with the server); outbox: written to the outbox only. */
  mail: component({
    transport: z.enum(['smtp', 'outbox']),
    error: z.string().optional(),
  }),
  /** Each running payment provider (ids comma separated) asked about a payment it cannot know: any answer means it answers. */
  paymentProvider: component({
    provider: z.string(),
    methods: z.number().int(),
    error: z.string().optional(),
  }),
  /** The RNG's continuous health tests (server/games/rng): a failed generator stops all play. */
  rng: component({
    bytesTested: z.number(),
    error: z.string().optional(),
  }),
  /** The real-time bus's transport: NATS when BUS_URL is set (UP or DOWN), else PostgreSQL NOTIFY (UNKNOWN: nothing to check). */
  eventBus: component({
    configured: z.boolean(),
    note: z.string(),
  }),
});
export type HealthComponents = z.infer<typeof healthComponentsSchema>;
export type HealthComponentName = keyof HealthComponents;

export const healthResponseSchema = z.object({
  status: healthStatusSchema,
  version: z.string(),
  uptimeSeconds: z.number(),
  components: healthComponentsSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
