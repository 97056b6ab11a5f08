import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * A message to one player (CONTENT-30…33): limit changes, document decisions, bonus notices and
 * staff messages. The body is HTML, sanitised when it is written and again when it is read (DEF-19).
 */
export const playerMessage = pgTable(
  'player_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** LIMIT_CHANGE, DOCUMENT_DECISION, BONUS_NOTICE, STAFF_MESSAGE, ACTIVITY_STATEMENT or ACCOUNT_REMOVAL. */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('player_message_player_idx').on(table.playerId, table.id),
    index('player_message_unread_idx')
      .on(table.playerId)
      .where(sql`${table.readAt} IS NULL`),
  ],
);

/**
 * A new e-mail address waiting for its confirmation link (ACC-20): the player's address changes
 * only when the link is followed, so a mistyped or someone else's address never takes over the
 * account. Only the SHA-256 of the link's key is kept.
 */
export const emailChange = pgTable(
  'email_change',
  {
    keyHash: text('key_hash').primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_change_player_idx').on(table.playerId)],
);
