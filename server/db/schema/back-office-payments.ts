import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staffMember } from './back-office';
import { player } from './platform';

/**
 * A manual ledger adjustment of a player's cash (issue 15): requested by one staff member with a
 * reason, posted through the wallet only when a second member approves it. `amount` is minor
 * units, positive; `direction` says which way it moves.
 */
export const staffLedgerAdjustment = pgTable(
  'staff_ledger_adjustment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id),
    currency: text('currency').notNull(),
    /** CREDIT or DEBIT. */
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    /** REQUESTED, APPROVED or REJECTED. */
    status: text('status').notNull().default('REQUESTED'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staffMember.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => staffMember.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
  },
  (table) => [
    check('staff_ledger_adjustment_amount', sql`${table.amount} > 0`),
    check('staff_ledger_adjustment_direction', sql`${table.direction} IN ('CREDIT', 'DEBIT')`),
    check('staff_ledger_adjustment_status', sql`${table.status} IN ('REQUESTED', 'APPROVED', 'REJECTED')`),
    check('staff_ledger_adjustment_four_eyes', sql`${table.decidedBy} IS NULL OR ${table.decidedBy} <> ${table.requestedBy} OR ${table.status} = 'REJECTED'`),
    index('staff_ledger_adjustment_open_idx')
      .on(table.requestedAt)
      .where(sql`${table.status} = 'REQUESTED'`),
  ],
);
