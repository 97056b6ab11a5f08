import { bigint, bigserial, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * A player's monthly activity statement (issue 29 item 10; server/platform/statements): one row per
 * player and UTC month, unique, so the job may run on every node and each player still gets one.
 * `figures` keeps what the message said, per currency in minor units as text.
 */
export const activityStatement = pgTable(
  'activity_statement',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** YYYY-MM, a UTC calendar month. */
    month: text('month').notNull(),
    /** The rule set (GB or IE) the player was under when the statement was made. */
    jurisdiction: text('jurisdiction').notNull(),
    language: text('language').notNull(),
    figures: jsonb('figures').$type<Record<string, Record<string, string>>>().notNull(),
    playMs: bigint('play_ms', { mode: 'bigint' }).notNull(),
    /** The player message that carries it. */
    messageId: bigint('message_id', { mode: 'bigint' }),
    /** When it was written to the mail outbox; null without consent to e-mail. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('activity_statement_player_month_key').on(table.playerId, table.month)],
);
