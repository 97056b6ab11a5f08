import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { bonusPlan, playerBonus } from './bonuses';
import { player } from './platform';

/**
 * Free-spin bonuses (server/platform/bonuses/free-spins*.ts; issue 14, migration 0021). Money is
 * minor units in the plan's (grant's) currency.
 */

/** The spin rules of a FREE_SPINS bonus_plan: how many spins, at what fixed stake, on which slots, for how long. */
export const freeSpinPlan = pgTable(
  'free_spin_plan',
  {
    planId: integer('plan_id')
      .primaryKey()
      .references(() => bonusPlan.id, { onDelete: 'cascade' }),
    spins: integer('spins').notNull(),
    /** The fixed stake of every spin. */
    stake: minorUnits('stake').notNull(),
    /** The slot titles (catalogue game ids) the spins play on. */
    gameIds: jsonb('game_ids').$type<string[]>().notNull(),
    /** Days from the grant in which the spins may be played. */
    validDays: integer('valid_days').notNull(),
  },
  (table) => [
    check('free_spin_plan_numbers', sql`${table.spins} > 0 AND ${table.stake} > 0 AND ${table.validDays} > 0 AND jsonb_array_length(${table.gameIds}) > 0`),
  ],
);

/**
 * A player's free spins on a plan. The rules are copied at the grant (a later plan change does not
 * alter spins granted). `bonusId` is the player bonus the winnings go to (PENDING until the first
 * win); `won` is what the spins have credited so far (at most the plan's cap).
 */
export const freeSpinGrant = pgTable(
  'free_spin_grant',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => bonusPlan.id),
    bonusId: bigint('bonus_id', { mode: 'bigint' })
      .notNull()
      .references(() => playerBonus.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    gameIds: jsonb('game_ids').$type<string[]>().notNull(),
    stake: minorUnits('stake').notNull(),
    spinsTotal: integer('spins_total').notNull(),
    spinsLeft: integer('spins_left').notNull(),
    won: minorUnits('won').notNull().default(0n),
    /** The caller's reference (a loyalty order line, a code redemption): one grant per player and reference. */
    reference: text('reference'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('free_spin_grant_player_idx').on(table.playerId, table.currency),
    uniqueIndex('free_spin_grant_reference').on(table.playerId, table.reference),
    check(
      'free_spin_grant_spins',
      sql`${table.spinsTotal} > 0 AND ${table.spinsLeft} >= 0 AND ${table.spinsLeft} <= ${table.spinsTotal} AND ${table.stake} > 0 AND ${table.won} >= 0`,
    ),
  ],
);

/** One free spin played: its game round (the game server's), the grant's spin number, the win and what was credited as bonus. */
export const freeSpinRound = pgTable(
  'free_spin_round',
  {
    roundId: uuid('round_id').primaryKey(),
    grantId: bigint('grant_id', { mode: 'bigint' })
      .notNull()
      .references(() => freeSpinGrant.id, { onDelete: 'cascade' }),
    spinNumber: integer('spin_number').notNull(),
    win: minorUnits('win').notNull(),
    credited: minorUnits('credited').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('free_spin_round_spin').on(table.grantId, table.spinNumber)],
);
