import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jhiMetricsResponseSchema } from '../../../contracts/management/jhimetrics';
import type { ServiceContext } from '../../service-context';
import { readJhiMetrics } from './jhimetrics';

export const jhiMetricsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/jhimetrics',
      {
        schema: {
          tags: ['management'],
          summary: 'Memory, event-loop lag, garbage collection, HTTP requests by route, database pool, caches and platform counters (OPS-03); ROLE_ADMIN',
          response: { 200: jhiMetricsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return readJhiMetrics(context.database, context.startedAt);
      },
    );
  };
