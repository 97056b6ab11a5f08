import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * Responsible gaming (server/platform/limits; RG-*). Every limit is one row: the spec's dynamic
 * limit entity (RG-39). Money limits are minor units in `currency` (never summed across
 * currencies); time limits are minutes with currency ''.
 */
export const rgLimit = pgTable(
  'rg_limit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** DEPOSIT_LIMIT, LOSS_LIMIT, WAGER_LIMIT, SESSION_LIMIT, GAME_TIME_LIMIT, REALITY_CHECK. */
    limitType: text('limit_type').notNull(),
    /** Daily, Weekly, Monthly, Day, Week, Month, Year, Session (contracts/platform/limits). */
    periodType: text('period_type').notNull(),
    /** The period's length in days (0 for a session limit or a reality check). */
    periodDays: bigint('period_days', { mode: 'number' }).notNull(),
    /** The money limit's currency; '' for time limits. */
    currency: text('currency').notNull().default(''),
    /** In force: minor units, or minutes. */
    amount: minorUnits('amount').notNull(),
    /** An increase or removal waiting for its cooling-off and the player's confirmation (RG-18, RG-22). */
    pendingAmount: minorUnits('pending_amount'),
    pendingRemoval: boolean('pending_removal').notNull().default(false),
    pendingEffectiveAt: timestamp('pending_effective_at', { withTimezone: true }),
    /** Loss and wager limits: the current period's start and what it has used (net loss may go below 0 after wins). */
    periodStartedAt: timestamp('period_started_at', { withTimezone: true }).notNull().defaultNow(),
    cumulated: minorUnits('cumulated').notNull().default(0n),
    lastCumulationAt: timestamp('last_cumulation_at', { withTimezone: true }),
    /**
     * When the limit lapses: no operation sets it (a lapse would be a removal without the cooling-off,
     * RG-18); the rules honour it so that staff could end a limit on a date through the same rules.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** When the amount in force took effect. */
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rg_limit_player_type_period_currency').on(table.playerId, table.limitType, table.periodType, table.currency),
    check('rg_limit_amount_positive', sql`${table.amount} > 0`),
    check('rg_limit_pending_positive', sql`${table.pendingAmount} IS NULL OR ${table.pendingAmount} > 0`),
  ],
);

/**
 * The player's play clock (RG-28…37, RG-62): the current play session (it ends after a break of
 * `breakMinutes` without a real-money round), minutes played today (UK/IE calendar day, UTC based),
 * the session's net position and when the next reality check is due. Kept only for players with a
 * session limit, game-time limit or reality check.
 */
export const rgPlayClock = pgTable('rg_play_clock', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => player.id, { onDelete: 'cascade' }),
  sessionStartedAt: timestamp('session_started_at', { withTimezone: true }),
  lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
  /** Milliseconds played in the current session and on `day`. */
  sessionMs: bigint('session_ms', { mode: 'bigint' }).notNull().default(0n),
  day: text('day').notNull().default(''),
  dayMs: bigint('day_ms', { mode: 'bigint' }).notNull().default(0n),
  /** Net position of the session in the currency of play: { "EUR": minor units as text }. */
  sessionNetEur: minorUnits('session_net_eur').notNull().default(0n),
  sessionNetGbp: minorUnits('session_net_gbp').notNull().default(0n),
  realityCheckDueAt: timestamp('reality_check_due_at', { withTimezone: true }),
  /**
   * Reality checks answered with Continue in a row (migration 0025): on `realityCheckStreakDay` (UTC)
   * in the play session that started at `realityCheckStreakSession`; Log out or a break starts it again.
   */
  realityCheckStreak: integer('reality_check_streak').notNull().default(0),
  realityCheckStreakDay: text('reality_check_streak_day').notNull().default(''),
  realityCheckStreakSession: timestamp('reality_check_streak_session', { withTimezone: true }),
});

/**
 * Time-outs and self-exclusions (RG-51…61, DEF-11, DEF-26). Never shortened or lifted early: rows
 * are only inserted, and a self-exclusion's return request is the one column written later.
 */
export const rgLock = pgTable(
  'rg_lock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** TIMEOUT or EXCLUSION. */
    lockType: text('lock_type').notNull(),
    lockPeriodUnit: text('lock_period_unit').notNull(),
    lockPeriod: bigint('lock_period', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** A self-exclusion that has ended stays in force until the player asks to return, and 24 hours more. */
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('rg_lock_player').on(table.playerId, table.endsAt), check('rg_lock_period', sql`${table.endsAt} > ${table.startsAt}`)],
);

/**
 * Deposit limits the operator sets on a player (issue 29 item 3: a financial vulnerability check's
 * CONCERN), apart from the player's own: no player operation reads or writes this table, so the
 * player cannot raise or remove one. Gross deposits per rolling `periodDays`, in `currency`, held
 * at every deposit beside the player's limits. A second setting only ever lowers the amount.
 */
export const rgOperatorLimit = pgTable(
  'rg_operator_limit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    periodDays: integer('period_days').notNull(),
    amount: minorUnits('amount').notNull(),
    /** Why it was set (e.g. FINANCIAL_CONCERN), for staff. */
    reason: text('reason').notNull(),
    /** What set it (e.g. the check's id). */
    sourceKey: text('source_key').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('rg_operator_limit_player_currency_period').on(table.playerId, table.currency, table.periodDays),
    check('rg_operator_limit_amount_positive', sql`${table.amount} > 0`),
  ],
);
