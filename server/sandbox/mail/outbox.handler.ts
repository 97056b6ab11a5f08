import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { latestMail, outboxEntrySchema } from '../../mail';
import type { ServiceContext } from '../../service-context';

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) });

/** GET /sandbox/mail/outbox — the latest e-mails, for developers and demo users without SMTP. */
export const outboxRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/mail/outbox',
      {
        schema: {
          tags: ['sandbox'],
          summary: 'The latest e-mails in the outbox (not served in production)',
          querystring: outboxQuerySchema,
          response: { 200: z.object({ status: z.literal('SUCCESS'), messages: z.array(outboxEntrySchema) }) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { status: 'SUCCESS' as const, messages: await latestMail(context.database.db, request.query.limit) };
      },
    );
  };
