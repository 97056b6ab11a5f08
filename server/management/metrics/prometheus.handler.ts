import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { metricsRegistry } from '../../metrics/metrics';

/**
 * GET /management/prometheus — the registry in Prometheus' text format, for scraping. Protected
 * by the group's hook: `Authorization: Bearer <METRICS_TOKEN>` or an administrator's session.
 */
export const prometheusRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/prometheus',
    {
      schema: {
        tags: ['management'],
        summary: 'Prometheus text exposition: request durations by route, process metrics and the platform counters; bearer METRICS_TOKEN or ROLE_ADMIN',
        produces: ['text/plain'],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const text = await metricsRegistry.metrics();
      return reply.header('Cache-Control', 'no-store').type(metricsRegistry.contentType).send(text);
    },
  );
};
