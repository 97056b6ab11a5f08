import { z } from 'zod';
import { paymentStatusSchema } from '../platform/cashier/deposit';
import { documentTypeCodes } from '../platform/documents/document-types';

/**
 * A player's records on their back-office page (issue 15; NS-28): the ledger-backed history — their
 * payments and game rounds, page by page, and one round recalled as it was recorded with its
 * fair-play seeds — staff's requests for a new document upload, and the bonus plans a goodwill
 * bonus may use. Amounts are integer minor units of `currency`.
 */

export const historyPageQuerySchema = z
  .object({
    page: z.coerce
      .number({ message: 'Not a page number' })
      .int({ message: 'Not a page number' })
      .min(0, { message: 'Not a page number' })
      .max(100_000, { message: 'Not a page number' })
      .default(0),
    size: z.coerce
      .number({ message: 'Not a page size' })
      .int({ message: 'Not a page size' })
      .min(1, { message: 'At least 1' })
      .max(100, { message: 'At most 100' })
      .default(20),
  })
  .strict();
export type HistoryPageQuery = z.infer<typeof historyPageQuerySchema>;

/** The cashier's own payment statuses: the player's, and HELD (a withdrawal waiting for staff approval). */
export const CASHIER_PAYMENT_STATUSES = [...paymentStatusSchema.options, 'HELD'] as const;
/** A round's state and money, as the game_round table's checks allow them. */
export const roundStatusSchema = z.enum(['OPEN', 'SETTLED', 'ROLLED_BACK']);
export const gameModeSchema = z.enum(['REAL', 'FREE']);

const pageFields = { page: z.number().int(), size: z.number().int(), total: z.number().int() };

export const playerPaymentSchema = z.object({
  paymentId: z.uuid(),
  type: z.enum(['DEPOSIT', 'WITHDRAWAL']),
  method: z.string(),
  /** The cashier's own status (HELD: a withdrawal waiting for staff approval). */
  status: z.string(),
  currency: z.string(),
  amountMinor: z.number().int(),
  failureReason: z.string().nullable(),
  requestedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** The ledger transaction that credited the deposit or reserved the withdrawal. */
  ledgerTransactionId: z.string().nullable(),
});
export type PlayerPayment = z.infer<typeof playerPaymentSchema>;
export const playerPaymentsResponseSchema = z.object({ ...pageFields, payments: z.array(playerPaymentSchema) });

export const playerRoundSchema = z.object({
  roundId: z.uuid(),
  gameId: z.string(),
  gameName: z.string(),
  kind: z.string().nullable(),
  mode: gameModeSchema,
  currency: z.string(),
  stakeMinor: z.number().int(),
  winMinor: z.number().int(),
  status: roundStatusSchema,
  playedAt: z.iso.datetime(),
  settledAt: z.iso.datetime().nullable(),
});
export type PlayerRound = z.infer<typeof playerRoundSchema>;
export const playerRoundsResponseSchema = z.object({ ...pageFields, rounds: z.array(playerRoundSchema) });

export const roundParamsSchema = z.object({ playerId: z.uuid({ message: 'Not a player id' }), roundId: z.uuid({ message: 'Not a round id' }) }).strict();

/** One round as recorded: the outcome as the player was shown it, and the seeds it was drawn from. */
export const roundRecallSchema = playerRoundSchema.extend({
  nonce: z.number().int(),
  outcome: z.unknown(),
  seed: z.object({
    serverSeedHash: z.string(),
    clientSeed: z.string(),
    /** Shown only once the player has rotated (revealed) it: before that it still decides their rounds. */
    serverSeed: z.string().nullable(),
    revealed: z.boolean(),
  }),
  /** The round recomputed from the revealed seed; null while the seed is secret. */
  verification: z.object({ verified: z.boolean(), recomputedOutcome: z.unknown() }).nullable(),
});
export type RoundRecall = z.infer<typeof roundRecallSchema>;

export const requestDocumentUploadSchema = z
  .object({
    documentType: z.enum(documentTypeCodes, { message: 'Choose a document type' }),
    reason: z.string().trim().min(1, { message: 'Give the reason' }).max(500, { message: 'At most 500 characters' }),
  })
  .strict();
export type RequestDocumentUpload = z.infer<typeof requestDocumentUploadSchema>;

export const staffUploadRequestSchema = z.object({
  id: z.uuid(),
  documentType: z.string(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.iso.datetime(),
  satisfiedAt: z.iso.datetime().nullable(),
});
export type StaffUploadRequest = z.infer<typeof staffUploadRequestSchema>;
export const staffUploadRequestsResponseSchema = z.object({ uploadRequests: z.array(staffUploadRequestSchema) });

/** Plans a goodwill bonus may be granted on: active no-deposit and code plans. */
export const goodwillPlanSchema = z.object({
  planId: z.number().int(),
  name: z.string(),
  kind: z.string(),
  currency: z.string(),
  amountMinor: z.number().int(),
});
export const goodwillPlansResponseSchema = z.object({ plans: z.array(goodwillPlanSchema) });
