import { desc } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';

export const outboxEntrySchema = z.object({
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

/** The latest messages written to the outbox, newest first. */
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
