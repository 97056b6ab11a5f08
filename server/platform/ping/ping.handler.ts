import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingPath, pingResponseSchema } from '../../../contracts/platform/ping';

export const pingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    pingPath,
    {
      schema: {
        tags: ['platform'],
        summary: 'Answers when the platform service is reachable (BOOT-02, BOOT-05)',
        response: { 200: pingResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'SUCCESS' as const, service: 'platform' };
    },
  );
};
