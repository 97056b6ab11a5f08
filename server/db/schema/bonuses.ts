import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BonusProduct } from '../../../contracts/platform/bonuses/bonuses';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * Bonuses (server/platform/bonuses; BON-*, spec 001 §3 "bonus plan", "player bonus"). The plan is
 * the platform's rules; its title, image and terms are the content service's bonus post named by
 * `contentSlug` (acf.bonus_plan_id is this row's id). Money is minor units in `currency`.
 */
export const bonusPlan = pgTable(
  'bonus_plan',
  {
    id: serial('id').primaryKey(),
    /** DEPOSIT_MATCH, CODE, FREE_SPINS, NO_DEPOSIT. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** The name in Macedonian (issue 27); null reads the English name. */
    nameMk: text('name_mk'),
    currency: text('currency').notNull(),
    /** Deposit match: percent of the deposit granted. */
    percentage: integer('percentage').notNull().default(0),
    /** Deposit match: the most granted; a fixed bonus (code, no-deposit): the amount. */
    cap: minorUnits('cap').notNull(),
    minDeposit: minorUnits('min_deposit').notNull().default(0n),
    /** Deposit methods the plan applies to; empty: every method. */
    methods: jsonb('methods').$type<string[]>().notNull().default([]),
    firstDepositOnly: boolean('first_deposit_only').notNull().default(false),
    /** Redeem or voucher code, stored upper case. */
    code: text('code'),
    wageringMultiplier: integer('wagering_multiplier').notNull(),
    /** Percent of a stake that counts toward wagering per game kind (slot 100, roulette 10, …); a kind not named counts 0. */
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    /** Largest stake allowed while the bonus is active; null: no cap. */
    maxStake: minorUnits('max_stake'),
    validityDays: integer('validity_days').notNull(),
    /**
     * The one product the bonus's money is staked and wagered on (SR 5.1.1(3b), migration 0043):
     * CASINO, BINGO, LIVE, or ANY for money spent freely across products — only a plan with nothing
     * to wager. The default is what every plan was before products were named: casino money.
     */
    product: text('product').$type<BonusProduct>().notNull().default('CASINO'),
    contentSlug: text('content_slug'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('bonus_plan_code_unique').on(table.code),
    check('bonus_plan_kind', sql`${table.kind} IN ('DEPOSIT_MATCH', 'CODE', 'FREE_SPINS', 'NO_DEPOSIT')`),
    check('bonus_plan_product', sql`${table.product} IN ('CASINO', 'BINGO', 'LIVE', 'ANY') AND (${table.product} <> 'ANY' OR ${table.wageringMultiplier} = 0)`),
    check(
      'bonus_plan_numbers',
      sql`${table.percentage} >= 0 AND ${table.cap} > 0 AND ${table.minDeposit} >= 0 AND ${table.wageringMultiplier} >= 0 AND ${table.validityDays} > 0`,
    ),
  ],
);

/** A bonus granted to (or waiting for) a player. */
export const playerBonus = pgTable(
  'player_bonus',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => bonusPlan.id),
    currency: text('currency').notNull(),
    /** ACTIVE, QUEUED, PENDING (waiting for its deposit), RELEASED, CANCELLED, EXPIRED, FORFEITED. */
    status: text('status').notNull(),
    amount: minorUnits('amount').notNull(),
    wagerRequirement: minorUnits('wager_requirement').notNull(),
    amountWagered: minorUnits('amount_wagered').notNull().default(0n),
    /** What became cash at release, or was forfeited at the end. */
    released: minorUnits('released').notNull().default(0n),
    forfeited: minorUnits('forfeited').notNull().default(0n),
    /** A PENDING deposit-match bonus: the payment it waits for. */
    paymentId: uuid('payment_id'),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Counter for the ledger keys of this bonus's movements. */
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * What makes this bonus once-only for the player, when something does (issue 26): `plan:<id>`
     * for a code redeemed (once per player and code), `first-deposit:<currency>` for a first-deposit
     * plan. Unique per player, so two requests racing for it insert one row and the other is
     * refused by the database; null for bonuses a player may have many of. A deposit bonus whose
     * deposit failed gives its claim back (set to null when it is cancelled).
     */
    claim: text('claim'),
  },
  (table) => [
    index('player_bonus_player_idx').on(table.playerId, table.createdAt),
    uniqueIndex('player_bonus_claim').on(table.playerId, table.claim),
    uniqueIndex('player_bonus_one_active')
      .on(table.playerId, table.currency)
      .where(sql`${table.status} = 'ACTIVE'`),
    uniqueIndex('player_bonus_payment').on(table.paymentId),
    index('player_bonus_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'ACTIVE'`),
    check('player_bonus_status', sql`${table.status} IN ('ACTIVE', 'QUEUED', 'PENDING', 'RELEASED', 'CANCELLED', 'EXPIRED', 'FORFEITED')`),
    check('player_bonus_amounts', sql`${table.amount} >= 0 AND ${table.wagerRequirement} >= 0 AND ${table.amountWagered} >= 0`),
  ],
);

/**
 * The bonus whose money a round's stakes took (issue 26): written by the wagering policy when a bet
 * takes BONUS money, read when the round's win pays a share into BONUS, which follows that bonus —
 * it stays bonus money while the bonus is active, becomes cash if it was released (wagering done)
 * and goes back to the house if it was cancelled, expired or forfeited. One row per round: every
 * stake of a round is taken while one bonus is active, the first one's bonus is the round's.
 */
export const bonusFundedRound = pgTable(
  'bonus_funded_round',
  {
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** The game provider (our studio: emerald-studio) and its round id, as the wallet's movements name them. */
    providerId: text('provider_id').notNull(),
    roundId: text('round_id').notNull(),
    bonusId: bigint('bonus_id', { mode: 'bigint' })
      .notNull()
      .references(() => playerBonus.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.playerId, table.providerId, table.roundId] }), index('bonus_funded_round_bonus_idx').on(table.bonusId)],
);
