import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configPropsResponseSchema } from '../../../contracts/management/configuration';
import type { ServiceContext } from '../../service-context';
import { configProps } from './configuration';

export const configPropsRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configprops',
      {
        schema: {
          tags: ['management'],
          summary: 'The validated configuration by group, every secret masked (OPS-06, OPS-12); ROLE_ADMIN',
          response: { 200: configPropsResponseSchema },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return configProps(context.config);
      },
    );
  };
