import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * A removal from the account-holder register (issue 29 item 9; server/platform/account-register):
 * why (REQUEST or INACTIVITY), who asked, the notice given and what became of it. At most one row
 * per player is NOTICE, BLOCKED or DONE (the partial unique index), so parallel runs act once.
 */
export const accountRemoval = pgTable(
  'account_removal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().$type<'REQUEST' | 'INACTIVITY'>(),
    /** NOTICE: told, waiting for the due time; BLOCKED: due, but money is still the player's; DONE; CANCELLED: played again. */
    status: text('status').notNull().$type<'NOTICE' | 'BLOCKED' | 'DONE' | 'CANCELLED'>(),
    /** `player`, `job`, or `staff:<username>`. */
    requestedBy: text('requested_by').notNull(),
    /** The last stake the inactivity was counted from (null: never played; from sign-up). */
    lastPlayAt: timestamp('last_play_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    blockedReason: text('blocked_reason').$type<'BALANCE' | 'PENDING_WITHDRAWAL'>(),
    /** The notice's player message; the e-mail's time once it is in the outbox. */
    messageId: bigint('message_id', { mode: 'bigint' }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('account_removal_reason', sql`${table.reason} in ('REQUEST', 'INACTIVITY')`),
    check('account_removal_status', sql`${table.status} in ('NOTICE', 'BLOCKED', 'DONE', 'CANCELLED')`),
    check('account_removal_blocked_reason', sql`${table.blockedReason} IS NULL OR ${table.blockedReason} in ('BALANCE', 'PENDING_WITHDRAWAL')`),
    uniqueIndex('account_removal_open_key')
      .on(table.playerId)
      .where(sql`${table.status} in ('NOTICE', 'BLOCKED', 'DONE')`),
    index('account_removal_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} in ('NOTICE', 'BLOCKED')`),
    index('account_removal_created_idx').on(table.createdAt),
  ],
);
