import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';
import { player } from './platform';

/**
 * Loyalty (server/platform/loyalty; LOY-*, migration 0018). Points are whole numbers. The entries
 * are the points ledger; `loyalty_account` is their running sum, kept by a trigger on every insert
 * (so a bet's one statement only inserts its entry) and never below zero (CHECK).
 */
const points = (name: string) => bigint(name, { mode: 'bigint' });

export const loyaltyAccount = pgTable(
  'loyalty_account',
  {
    playerId: uuid('player_id')
      .primaryKey()
      .references(() => player.id, { onDelete: 'cascade' }),
    /** What the player can spend. */
    points: points('points').notNull().default(0n),
    /** Everything ever earned: the level is measured on it, so spending never lowers a level. */
    earned: points('earned').notNull().default(0n),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('loyalty_account_points_not_negative', sql`${table.points} >= 0`), check('loyalty_account_earned_not_negative', sql`${table.earned} >= 0`)],
);

export const loyaltyPointsEntry = pgTable(
  'loyalty_points_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    /**
     * EARN (a real-money stake, positive), SPEND (a shop order, negative), GRANT (given, positive,
     * with a note) or REVERSE (a rolled-back bet's points taken back, negative).
     */
    kind: text('kind').notNull(),
    points: points('points').notNull(),
    /** EARN: the bet's ledger transaction; REVERSE: the rollback's. Unique — each earns or reverses once however often it is retried. */
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    /** SPEND: the order paid, unique. */
    orderId: bigint('order_id', { mode: 'bigint' }),
    currency: text('currency'),
    gameKind: text('game_kind'),
    /** EARN: the cash part of the stake that earned, minor units. */
    stake: bigint('stake', { mode: 'bigint' }),
    /** GRANT: why the points were given (an operator's goodwill, the demo's starting points). */
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('loyalty_points_entry_earn_once').on(table.ledgerTransactionId),
    uniqueIndex('loyalty_points_entry_spend_once').on(table.orderId),
    index('loyalty_points_entry_player').on(table.playerId, table.id),
    check(
      'loyalty_points_entry_kind',
      sql`(${table.kind} = 'EARN' AND ${table.points} > 0 AND ${table.ledgerTransactionId} IS NOT NULL) OR (${table.kind} = 'SPEND' AND ${table.points} < 0 AND ${table.orderId} IS NOT NULL) OR (${table.kind} = 'GRANT' AND ${table.points} > 0 AND ${table.note} IS NOT NULL) OR (${table.kind} = 'REVERSE' AND ${table.points} < 0 AND ${table.ledgerTransactionId} IS NOT NULL)`,
    ),
  ],
);

/** A shop item (spec 001 §3 "loyalty item"). */
export const loyaltyItem = pgTable(
  'loyalty_item',
  {
    id: serial('id').primaryKey(),
    itemCode: text('item_code').notNull(),
    /** BONUS_MONEY, FREE_SPINS, MERCHANDISE. */
    type: text('type').notNull(),
    description: text('description').notNull(),
    descriptionMk: text('description_mk'),
    imageUrl: text('image_url').notNull(),
    brand: text('brand').notNull(),
    /** Points. */
    price: points('price').notNull(),
    /** ACTIVE or INACTIVE (not offered). */
    status: text('status').notNull().default('ACTIVE'),
    /** BONUS_MONEY: offered to players of this currency only, granted on the bonus plan. */
    currency: text('currency'),
    bonusPlanId: integer('bonus_plan_id'),
    /** BONUS_MONEY: minor units of `currency`. */
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' }),
    /** FREE_SPINS: how many, on which game. */
    freeSpins: integer('free_spins'),
    gameId: text('game_id'),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('loyalty_item_code_unique').on(table.itemCode),
    check('loyalty_item_type', sql`${table.type} IN ('BONUS_MONEY', 'FREE_SPINS', 'MERCHANDISE')`),
    check('loyalty_item_status', sql`${table.status} IN ('ACTIVE', 'INACTIVE')`),
    check('loyalty_item_price', sql`${table.price} > 0`),
    check(
      'loyalty_item_bonus',
      sql`${table.type} <> 'BONUS_MONEY' OR (${table.bonusPlanId} IS NOT NULL AND ${table.bonusAmount} > 0 AND ${table.currency} IS NOT NULL)`,
    ),
    check('loyalty_item_free_spins', sql`${table.type} <> 'FREE_SPINS' OR (${table.freeSpins} > 0 AND ${table.gameId} IS NOT NULL)`),
  ],
);

/** A checkout: one per player and client request id. */
export const loyaltyOrder = pgTable(
  'loyalty_order',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    /** What was asked for, so the same request id with another cart is a conflict, not a replay. */
    requestHash: text('request_hash').notNull(),
    total: points('total').notNull(),
    /** COMPLETED. */
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('loyalty_order_request_unique').on(table.playerId, table.requestId), check('loyalty_order_total', sql`${table.total} > 0`)],
);

export const loyaltyOrderLine = pgTable(
  'loyalty_order_line',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'bigint' })
      .notNull()
      .references(() => loyaltyOrder.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => loyaltyItem.id),
    quantity: integer('quantity').notNull(),
    /** The item's price when bought, points each. */
    price: points('price').notNull(),
    /** BONUS_MONEY and FREE_SPINS: the player bonuses granted. */
    playerBonusIds: jsonb('player_bonus_ids').$type<string[]>().notNull().default([]),
  },
  (table) => [index('loyalty_order_line_order').on(table.orderId), check('loyalty_order_line_numbers', sql`${table.quantity} > 0 AND ${table.price} > 0`)],
);
