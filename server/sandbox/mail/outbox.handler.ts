import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { mailOutbox } from '../../db/schema';
import type { ServiceContext } from '../../service-context';

export const outboxQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(20) });

const outboxEntrySchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.string(),
  transport: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export async function latestMail(db: Db, limit: number): Promise<OutboxEntry[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
  return rows.map((row) => ({
    id: String(row.id),
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    template: row.template,
    transport: row.transport,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.error,
  }));
}

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
