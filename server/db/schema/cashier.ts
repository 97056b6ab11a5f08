import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';
import { player } from './platform';

/**
 * A deposit or withdrawal a player started: the cashier's record of it and of where the provider
 * has got to. Money moves only in the ledger; `ledger*` columns point at the transactions.
 */
export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'restrict' }),
    /** The client's request id: a retried submit finds the payment it already made. */
    requestId: text('request_id').notNull(),
    /** A hash of the request, to tell a retry from a different request reusing the id. */
    requestHash: text('request_hash').notNull(),
    type: text('type').notNull().$type<'DEPOSIT' | 'WITHDRAWAL'>(),
    methodCode: text('method_code').notNull(),
    /** The provider adapter that handles it. */
    provider: text('provider').notNull(),
    currency: text('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    /** CREATED, PENDING, AWAITING_PAYMENT, SUCCESS, DECLINED, FAILED, CANCELLED. */
    status: text('status').notNull().default('CREATED'),
    /** The provider's id for this payment. */
    providerReference: text('provider_reference'),
    storedCardId: uuid('stored_card_id'),
    payFromEmail: text('pay_from_email'),
    bonusPlanId: integer('bonus_plan_id'),
    voucherCode: text('voucher_code'),
    /** Method details: crypto quote and address, bank account, … (never card data). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    failureReason: text('failure_reason'),
    /** Deposit credit, or withdrawal reserve. */
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    /** Withdrawal payout or return. */
    settlementTransactionId: bigint('settlement_transaction_id', { mode: 'bigint' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    check('payment_amount_positive', sql`${table.amount} > 0`),
    uniqueIndex('payment_request_key').on(table.playerId, table.requestId),
    uniqueIndex('payment_provider_reference_key').on(table.provider, table.providerReference),
    index('payment_player_created_idx').on(table.playerId, table.createdAt),
    // The reconciler's scan: payments still open, oldest change first (issue 11, defect 1).
    index('payment_open_updated_idx')
      .on(table.updatedAt)
      .where(sql`${table.status} in ('PENDING', 'AWAITING_PAYMENT')`),
  ],
);

/** Every provider notification received, once: a replayed webhook finds its event id here. */
export const paymentEvent = pgTable(
  'payment_event',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payment.id),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its effect was applied; NULL for an event acknowledged first and not yet applied (issue 31). */
    processedAt: timestamp('processed_at', { withTimezone: true }).defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.provider, table.eventId] }),
    index('payment_event_unprocessed_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
  ],
);

/** A card stored with the provider: only its token, brand, last four digits and expiry are kept here. */
export const storedCard = pgTable(
  'stored_card',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'cascade' }),
    methodCode: text('method_code').notNull(),
    provider: text('provider').notNull(),
    providerToken: text('provider_token').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    nameOnCard: text('name_on_card').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    /**
     * The provider's fingerprint of the card number (the same number gives the same fingerprint,
     * saved or not): how the closed loop knows a card entered twice is one card (issue 26 defect 8).
     * Null for cards kept before providers reported it.
     */
    fingerprint: text('fingerprint'),
    /**
     * Whether the player may pay with the card again (they asked to save it, or stored it by
     * itself). A card only paid with once is kept too, unusable for deposits, so that money can go
     * back to it (closed loop).
     */
    reusable: boolean('reusable').notNull().default(true),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    check('stored_card_last_four', sql`${table.lastFour} ~ '^[0-9]{4}$'`),
    uniqueIndex('stored_card_token_key').on(table.provider, table.providerToken),
    index('stored_card_player_idx').on(table.playerId),
  ],
);

/** Per-player cashier settings: when the player confirmed the deposit-limit screen (DEP-04). */
export const cashierPreference = pgTable('cashier_preference', {
  playerId: uuid('player_id')
    .primaryKey()
    .references(() => player.id, { onDelete: 'cascade' }),
  depositLimitsConfirmedAt: timestamp('deposit_limits_confirmed_at', { withTimezone: true }),
});

/**
 * A self-excluded player's cash due back to them (issue 26 items 4 and 9): written in the lock's
 * transaction, processed after it commits, and taken again by the retry timer while DUE (the
 * node working on it holds `claimedUntil`). `outcome` keeps what the processing did, per currency.
 */
export const exclusionPayback = pgTable(
  'exclusion_payback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'restrict' }),
    lockId: uuid('lock_id').notNull(),
    status: text('status').notNull().default('DUE').$type<'DUE' | 'DONE'>(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    outcome: jsonb('outcome').$type<unknown[]>(),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [
    check('exclusion_payback_status', sql`${table.status} IN ('DUE', 'DONE')`),
    uniqueIndex('exclusion_payback_lock_key').on(table.lockId),
    index('exclusion_payback_due_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'DUE'`),
  ],
);

/**
 * A payback that could not be made automatically: a staff task per payback and currency, in the
 * back office's payments queue until staff mark it done (a note, audited) or a payback pays it.
 */
export const exclusionPaybackTask = pgTable(
  'exclusion_payback_task',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paybackId: uuid('payback_id')
      .notNull()
      .references(() => exclusionPayback.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => player.id, { onDelete: 'restrict' }),
    currency: text('currency').notNull(),
    /** Minor units left for staff to return. */
    amount: minorUnits('amount').notNull(),
    paymentMethod: text('payment_method'),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('OPEN').$type<'OPEN' | 'DONE'>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** The staff member who marked it done (null when a payback paid it). */
    doneBy: uuid('done_by'),
    doneHow: text('done_how').$type<'STAFF' | 'PAID'>(),
    note: text('note'),
  },
  (table) => [
    check('exclusion_payback_task_status', sql`${table.status} IN ('OPEN', 'DONE')`),
    uniqueIndex('exclusion_payback_task_currency_key').on(table.paybackId, table.currency),
    index('exclusion_payback_task_open_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'OPEN'`),
    index('exclusion_payback_task_player_idx').on(table.playerId),
  ],
);
