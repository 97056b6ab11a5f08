import { z } from 'zod';

/** GET /management/health — actuator-style health (OPS-02, NS-08). */
export const healthStatusSchema = z.enum(['UP', 'DOWN']);

export const healthResponseSchema = z.object({
  status: healthStatusSchema,
  version: z.string(),
  uptimeSeconds: z.number(),
  components: z.object({
    db: z.object({
      status: healthStatusSchema,
      details: z.object({
        driver: z.enum(['pglite', 'postgres']),
        serverVersion: z.string().optional(),
        error: z.string().optional(),
      }),
    }),
  }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
