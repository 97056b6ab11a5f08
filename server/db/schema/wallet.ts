import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * The double-entry ledger (ARCHITECTURE §3). An account is a player's bucket (CASH or BONUS) in
 * one currency, or a house account. `balance` is the running sum of the account's entries, kept
 * in the same transaction as the entries; the database refuses a negative player balance.
 */
export const walletAccount = pgTable(
  'wallet_account',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    playerId: uuid('player_id').references(() => player.id, { onDelete: 'restrict' }),
    /** House accounts: PSP_CLEARING, WITHDRAWALS_PENDING, GAME, BONUS_COST. */
    house: text('house'),
    currency: text('currency').notNull(),
    /** CASH or BONUS for player accounts; the house code for house accounts. */
    bucket: text('bucket').notNull(),
    /**
     * The running balance. Kept only for accounts that may not go negative (players' buckets,
     * WITHDRAWALS_PENDING); the house accounts that stand for the outside world (PSP_CLEARING,
     * GAME, BONUS_COST) stay at 0 here and are summed from their entries, so that every game round
     * does not queue for one hot row.
     */
    balance: minorUnits('balance')
      .notNull()
      .default(sql`0`),
    /** Only house accounts that stand for the outside world may go below zero. */
    mayGoNegative: boolean('may_go_negative').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    check('wallet_account_balance_not_negative', sql`${table.mayGoNegative} OR ${table.balance} >= 0`),
    check('wallet_account_owner', sql`(${table.playerId} IS NULL) <> (${table.house} IS NULL)`),
    check('wallet_account_player_never_negative', sql`${table.playerId} IS NULL OR NOT ${table.mayGoNegative}`),
    uniqueIndex('wallet_account_player_key')
      .on(table.playerId, table.currency, table.bucket)
      .where(sql`${table.playerId} IS NOT NULL`),
    uniqueIndex('wallet_account_house_key')
      .on(table.house, table.currency)
      .where(sql`${table.house} IS NOT NULL`),
  ],
);

/**
 * One money movement: two or more entries summing to zero in one currency (checked by a deferred
 * trigger at commit). `idempotencyKey` is unique: the same key twice applies once, and
 * `requestHash` tells a replay from a different request under the same key.
 */
export const walletTransaction = pgTable(
  'wallet_transaction',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    requestHash: text('request_hash').notNull(),
    /** DEPOSIT, WITHDRAWAL_RESERVE, WITHDRAWAL_PAYOUT, WITHDRAWAL_RETURN, GAME_BET, GAME_WIN, GAME_ROLLBACK, … */
    kind: text('kind').notNull(),
    playerId: uuid('player_id').references(() => player.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    /** The headline amount (positive), in minor units. */
    amount: minorUnits('amount').notNull(),
    /** What caused it: a payment id, a round id. */
    reference: text('reference'),
    gameId: text('game_id'),
    /** A rollback points at the transaction it reverses. */
    reversesTransactionId: bigint('reverses_transaction_id', { mode: 'bigint' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    check('wallet_transaction_amount_not_negative', sql`${table.amount} >= 0`),
    index('wallet_transaction_player_idx').on(table.playerId, table.createdAt),
    index('wallet_transaction_reference_idx').on(table.reference),
  ],
);

/** One side of a movement. Never updated or deleted (a trigger refuses both). */
export const walletEntry = pgTable(
  'wallet_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletTransaction.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => walletAccount.id),
    /** Signed: positive credits the account, negative debits it. */
    amount: minorUnits('amount').notNull(),
    /** The account's balance right after this entry; null on accounts whose running balance is not kept. */
    balanceAfter: minorUnits('balance_after'),
    createdAt: createdAt(),
  },
  (table) => [
    check('wallet_entry_amount_not_zero', sql`${table.amount} <> 0`),
    index('wallet_entry_transaction_idx').on(table.transactionId),
    index('wallet_entry_account_idx').on(table.accountId, table.id),
  ],
);
