import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/** A player's live support conversation (spec 000 §1 live chat); one open at a time per player. */
export const supportConversation = pgTable(
  'support_conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    playerName: text('player_name').notNull(),
    status: text('status').notNull().default('OPEN'),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('support_conversation_open_idx')
      .on(table.playerId)
      .where(sql`${table.status} = 'OPEN'`),
    index('support_conversation_queue_idx').on(table.status, table.lastMessageAt),
    check('support_conversation_status', sql`${table.status} IN ('OPEN', 'CLOSED')`),
  ],
);

/** A conversation's messages, from the player or from staff. */
export const supportMessage = pgTable(
  'support_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => supportConversation.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('support_message_conversation_idx').on(table.conversationId, table.id),
    index('support_message_author_idx').on(table.authorId, table.createdAt),
    check('support_message_author_kind', sql`${table.authorKind} IN ('PLAYER', 'STAFF')`),
  ],
);
