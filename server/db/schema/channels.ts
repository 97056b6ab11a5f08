import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/** A message channel (spec 000 §3 Chronos channel): its number, name and display mode. */
export const chatChannel = pgTable(
  'chat_channel',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    /** The name in Macedonian (issue 27); null reads the English name. */
    nameMk: text('name_mk'),
    mode: text('mode').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    /** A bingo room's chat: players write in it only once they have chosen a chat nickname. */
    nicknameRequired: boolean('nickname_required').notNull().default(false),
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

/**
 * The name a player is shown by in chat and in bingo winners' lists (issue 27), never their sign-in
 * name. Unique without regard to case by the index, so two players asking for one name at once
 * cannot both get it.
 */
export const chatNickname = pgTable(
  'chat_nickname',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => player.id, { onDelete: 'cascade' }),
    nickname: text('nickname').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_nickname_lower_key').using('btree', sql`lower(${table.nickname})`)],
);
