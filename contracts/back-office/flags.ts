import { z } from 'zod';

/**
 * Players flagged by the platform (issue 15, "Queues"): a jurisdiction mismatch, a
 * responsible-gaming limit reached, or a reality-check pattern (Continue at check after check, or a
 * very long session), each waiting for a customer interaction that staff record.
 */
// CASH_PAYBACK_DUE (issue 26 item 9): a self-excluded player's cash waits for staff to return it (an open payback task in the payments queue); the flag closes with the task.
// FINANCIAL_CONCERN and RISK_ASSESSMENT_DUE (issue 29 item 3): a financial vulnerability check answered CONCERN; a financial risk assessment for staff to make.
export const flagReasonSchema = z.enum([
  'JURISDICTION_MISMATCH',
  'LIMIT_REACHED',
  'REALITY_CHECK_PATTERN',
  'CASH_PAYBACK_DUE',
  'FINANCIAL_CONCERN',
  'RISK_ASSESSMENT_DUE',
]);
/** The refusals a LIMIT_REACHED flag names (`detail.limit`): the limits module's statuses for a refused bet or deposit. */
export const LIMIT_REACHED_REASONS = ['LOSS_LIMIT_REACHED', 'WAGER_LIMIT_REACHED', 'SESSION_LIMIT_REACHED', 'GAME_TIME_LIMIT_REACHED', 'HIGH_LIMIT'] as const;
export const interactionOutcomeSchema = z.enum(['ADVICE_GIVEN', 'LIMIT_AGREED', 'LOCK_TAKEN', 'NO_CONCERN', 'NOT_REACHED']);
export type InteractionOutcome = z.infer<typeof interactionOutcomeSchema>;

export const flagQuerySchema = z.object({ status: z.enum(['OPEN', 'ALL'], { message: 'status must be OPEN or ALL' }).default('OPEN') }).strict();
export const flagIdParamsSchema = z.object({ flagId: z.uuid({ message: 'Not a flag id' }) }).strict();

export const flagInteractionSchema = z.object({
  id: z.uuid(),
  staffUsername: z.string(),
  discussed: z.string(),
  outcome: interactionOutcomeSchema,
  at: z.iso.datetime(),
});

export const playerFlagSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  username: z.string(),
  reason: flagReasonSchema,
  detail: z.record(z.string(), z.unknown()),
  raisedAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  interactions: z.array(flagInteractionSchema),
});
export type PlayerFlag = z.infer<typeof playerFlagSchema>;
export const flagListResponseSchema = z.object({ flags: z.array(playerFlagSchema) });

export const recordInteractionRequestSchema = z
  .object({
    discussed: z.string().trim().min(1, { message: 'Say what was discussed' }).max(2_000),
    outcome: interactionOutcomeSchema,
    /** Closes the flag: the matter is dealt with. */
    close: z.boolean().default(false),
  })
  .strict();
export type RecordInteractionRequest = z.infer<typeof recordInteractionRequestSchema>;
