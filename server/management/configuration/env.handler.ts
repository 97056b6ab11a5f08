import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envResponseSchema } from '../../../contracts/management/configuration';
import type { ServiceContext } from '../../service-context';
import { environment } from './configuration';

export const envRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/env',
      {
        schema: {
          tags: ['management'],
          summary: "Emerald's environment variables and the runtime, every secret masked (OPS-07, OPS-12); ROLE_ADMIN",
          response: { 200: envResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return environment(context.config);
      },
    );
  };
