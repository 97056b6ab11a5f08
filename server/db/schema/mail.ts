import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/** Every e-mail Emerald sends; without SMTP configured, this is where they can be read. */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  template: text('template').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  transport: text('transport').notNull(),
  error: text('error'),
});
