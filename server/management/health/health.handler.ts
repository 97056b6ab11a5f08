import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema } from '../../../contracts/management/health';
import type { ServiceContext } from '../../service-context';
import { checkHealth } from './health-checks';

export { checkHealth };

export const healthRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['management'],
          summary: 'Overall status and each component: database, migrations, mail, payment provider, RNG, event bus (OPS-02); ROLE_ADMIN',
          response: { 200: healthResponseSchema, 503: healthResponseSchema },
        },
      },
      async (_request, reply) => {
        const health = await checkHealth(context);
        reply.header('Cache-Control', 'no-store');
        return reply.status(health.status === 'DOWN' ? 503 : 200).send(health);
      },
    );
  };
