import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, minorUnits } from '../columns';

/**
 * The sandbox payment service provider's own books — what a real PSP would hold on its side.
 * Only the sandbox reads or writes these tables; the cashier knows them only through the
 * provider interface and signed webhooks.
 */
export const sandboxPspPayment = pgTable(
  'sandbox_psp_payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The merchant's (cashier's) payment id. */
    merchantReference: text('merchant_reference').notNull(),
    methodCode: text('method_code').notNull(),
    /** DEPOSIT, PAYOUT, or CARD_SETUP (a card entered only to be stored; amount 0). */
    direction: text('direction').notNull().$type<'DEPOSIT' | 'PAYOUT' | 'CARD_SETUP'>(),
    currency: text('currency').notNull(),
    amount: minorUnits('amount').notNull(),
    /**
     * Deposits: CREATED, CHALLENGE, AUTHORISED, DECLINED, CANCELLED; crypto QUOTED, EXPIRED,
     * AWAITING_PAYMENT, PAID, UNDERPAID. Card setups: CREATED, CHALLENGE, STORED, DECLINED,
     * CANCELLED. Payouts: PAID_OUT, FAILED.
     */
    status: text('status').notNull(),
    /** The test input that decides the outcome (a card number's scenario, an e-mail's, …). */
    scenario: text('scenario'),
    cardToken: text('card_token'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** Webhooks not yet delivered (the "webhook delayed" scenario) are sent after this time. */
    webhookDueAt: timestamp('webhook_due_at', { withTimezone: true }),
    webhookSentAt: timestamp('webhook_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sandbox_psp_payment_merchant_idx').on(table.merchantReference)],
);

/** Cards the sandbox PSP vaulted: the PAN never leaves the sandbox; only its token does. */
export const sandboxPspCard = pgTable('sandbox_psp_card', {
  token: text('token').primaryKey(),
  /** The merchant's customer (player) id. */
  customerReference: text('customer_reference').notNull(),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  nameOnCard: text('name_on_card').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  /** The scenario of the test card number, kept so a stored card behaves like its number. */
  scenario: text('scenario').notNull(),
  /** HMAC-SHA256 of the card number under the sandbox's own key (sandbox_psp_key); null for cards vaulted before. */
  fingerprint: text('fingerprint'),
  /** False for a card only paid with once: payouts may go to it, charges may not. */
  reusable: boolean('reusable').notNull().default(true),
  createdAt: createdAt(),
  /** Deleted by the merchant: no more charges; payouts back to it still go (as refunds would). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/**
 * The sandbox's own secrets, made on first use and never shown to the merchant: the key of its
 * card fingerprints, so that a fingerprint cannot be turned back into a card number by whoever
 * reads the merchant's tables.
 */
export const sandboxPspKey = pgTable('sandbox_psp_key', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
