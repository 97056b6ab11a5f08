import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * Financial vulnerability checks and financial risk assessments (issue 29 item 3;
 * server/platform/financial-checks; docs/compliance.md "Financial vulnerability checks"). One row
 * per rule a player crossed in a trigger window: written in the deposit's transaction (or by the
 * risk job) with a per-player lock and a NOT EXISTS on an open window, so parallel deposits write
 * one; the unique index on (player, rule, window start) backs it. A check's provider call happens
 * later, outside any money transaction (status PENDING → DONE, or again after UNAVAILABLE).
 */
export const financialCheck = pgTable(
  'financial_check',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** VULNERABILITY_CHECK (net deposits), RISK_ASSESSMENT_24H or RISK_ASSESSMENT_90D (net loss). */
    rule: text('rule').notNull(),
    /** The currency measured: amounts are never summed across currencies. */
    currency: text('currency').notNull(),
    /** What crossed the threshold (net deposits or net loss over the rule's period), minor units. */
    measured: minorUnits('measured').notNull(),
    threshold: minorUnits('threshold').notNull(),
    /** The trigger window: no second row of the rule for the player until it ends. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** PENDING (the provider not yet asked, or to be asked again), DONE; a risk assessment is OPEN for staff. */
    status: text('status').notNull(),
    /** The provider's last answer: CLEAR, CONCERN or UNAVAILABLE; null before the first call. */
    outcome: text('outcome'),
    provider: text('provider'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job may ask the provider (again). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A node asking the provider holds the row until then; another node leaves it alone. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The deposit cap a CONCERN set, minor units; null when none was set. */
    depositCap: minorUnits('deposit_cap'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the back office raised its flag for staff (a CONCERN, a risk assessment); null until then. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('financial_check_player_rule_window_key').on(table.playerId, table.rule, table.windowStart),
    index('financial_check_player_rule_end_idx').on(table.playerId, table.rule, table.windowEnd),
    index('financial_check_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'PENDING'`),
  ],
);
