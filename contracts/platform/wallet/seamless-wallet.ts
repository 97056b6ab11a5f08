import { z } from 'zod';
import { currencySchema, moneyAmountSchema, moneySchema } from '../../money';

/**
 * The seamless-wallet interface (ARCHITECTURE §2): how a game provider — our own game server or a
 * third party — moves a player's money. POST /ps/wallet/{debit,credit,rollback}, each idempotent by
 * `transactionId`; the provider signs the raw JSON body with HMAC-SHA256 under its shared secret and
 * sends it as `X-Wallet-Signature: sha256=<hex>` with `X-Wallet-Provider: <provider id>`.
 */
const transactionIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\w.:-]+$/, { message: 'Use letters, digits and . _ : - only' });

export const walletDebitRequestSchema = z.object({
  playerId: z.uuid(),
  currency: currencySchema,
  amount: moneyAmountSchema,
  transactionId: transactionIdSchema,
  roundId: z.string().trim().min(1).max(128),
  gameId: z.string().trim().min(1).max(128),
  /** The kind of game (slot, roulette, blackjack, …) when the provider says: bonus wagering counts a stake by it (issue 14). */
  kind: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[a-z][a-z-]*$/, { message: 'Use lower-case letters and - only' })
    .optional(),
});
export type WalletDebitRequest = z.infer<typeof walletDebitRequestSchema>;

export const walletCreditRequestSchema = walletDebitRequestSchema.extend({
  /** A win of 0 closes a losing round; it is recorded but moves no money. */
  amount: moneySchema({ allowZero: true }),
});
export type WalletCreditRequest = z.infer<typeof walletCreditRequestSchema>;

export const walletRollbackRequestSchema = z.object({
  playerId: z.uuid(),
  /** The id of this rollback. */
  transactionId: transactionIdSchema,
  /** The debit being cancelled. */
  originalTransactionId: transactionIdSchema,
  roundId: z.string().trim().min(1).max(128),
  gameId: z.string().trim().min(1).max(128),
});
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequestSchema>;

export const walletMovementResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  transactionId: z.string(),
  /** The ledger transaction that recorded this movement. */
  ledgerTransactionId: z.string(),
  /** True when this transactionId had already been applied: nothing moved this time. */
  replayed: z.boolean(),
  currency: z.string(),
  cashBalance: z.number(),
  bonusBalance: z.number(),
  totalBalance: z.number(),
});
export type WalletMovementResponse = z.infer<typeof walletMovementResponseSchema>;
