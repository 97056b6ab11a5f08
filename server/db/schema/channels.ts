import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/** A message channel (spec 000 §3 Chronos channel): its number, name and display mode. */
export const chatChannel = pgTable(
  'chat_channel',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    mode: text('mode').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [check('chat_channel_mode', sql`${table.mode} IN ('BANNER', 'PLAIN', 'CHAT', 'RAW')`)],
);

/** A channel's messages, numbered by the channel's real-time topic `channel:<id>`. */
export const chatMessage = pgTable(
  'chat_message',
  {
    channelId: integer('channel_id')
      .notNull()
      .references(() => chatChannel.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    authorKind: text('author_kind').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'chat_message_pkey', columns: [table.channelId, table.seq] }),
    index('chat_message_author_idx').on(table.authorId, table.createdAt),
    check('chat_message_author_kind', sql`${table.authorKind} IN ('PLAYER', 'STAFF')`),
  ],
);
