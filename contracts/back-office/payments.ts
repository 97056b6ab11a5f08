import { z } from 'zod';
import { currencySchema, moneySchema } from '../money';

/**
 * Back-office money actions (issue 15): the queue of withdrawals held for approval, manual ledger
 * adjustments with a second staff member's approval, and goodwill bonuses. Amounts are major
 * units, as in the cashier's contracts.
 */

const reasonSchema = z.string().trim().min(1, { message: 'Give the reason' }).max(500, { message: 'At most 500 characters' });

export const paymentIdParamsSchema = z.object({ paymentId: z.uuid({ message: 'Not a payment id' }) }).strict();
export const adjustmentIdParamsSchema = z.object({ adjustmentId: z.uuid({ message: 'Not an adjustment id' }) }).strict();

export const heldWithdrawalSchema = z.object({
  paymentId: z.uuid(),
  playerId: z.uuid(),
  username: z.string().nullable(),
  paymentMethod: z.string(),
  amount: z.number(),
  currency: z.string(),
  destination: z.string().nullable(),
  requestedAt: z.iso.datetime(),
});
export type HeldWithdrawalView = z.infer<typeof heldWithdrawalSchema>;
export const heldWithdrawalsResponseSchema = z.object({ withdrawals: z.array(heldWithdrawalSchema) });

export const rejectWithdrawalRequestSchema = z.object({ reason: reasonSchema }).strict();

/** What an approval answers: the withdrawal as the player now sees it. */
export const approveWithdrawalResponseSchema = z.object({
  paymentId: z.uuid(),
  paymentStatus: z.enum(['PENDING', 'SUCCESS', 'FAILED']),
  declined: z.string().nullable(),
});
export const rejectWithdrawalResponseSchema = z.object({
  paymentId: z.uuid(),
  paymentStatus: z.literal('DECLINED'),
  returned: z.number(),
  currency: z.string(),
});

export const adjustmentDirectionSchema = z.enum(['CREDIT', 'DEBIT'], { message: 'Choose credit or debit' });

export const requestAdjustmentSchema = z
  .object({
    direction: adjustmentDirectionSchema,
    amount: moneySchema(),
    currency: currencySchema,
    reason: reasonSchema,
    /** Staff saw the warning that an identical adjustment was requested recently, and mean this one too. */
    confirmDuplicate: z.boolean().optional(),
  })
  .strict();
export type RequestAdjustment = z.infer<typeof requestAdjustmentSchema>;

export const adjustmentSchema = z.object({
  adjustmentId: z.uuid(),
  playerId: z.uuid(),
  username: z.string().nullable(),
  direction: adjustmentDirectionSchema,
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(['REQUESTED', 'APPROVED', 'REJECTED']),
  requestedBy: z.string(),
  requestedAt: z.iso.datetime(),
  decidedBy: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
});
export type AdjustmentView = z.infer<typeof adjustmentSchema>;
export const adjustmentsResponseSchema = z.object({ adjustments: z.array(adjustmentSchema) });
export const rejectAdjustmentRequestSchema = z.object({ reason: reasonSchema }).strict();

export const goodwillBonusRequestSchema = z
  .object({
    planId: z
      .number({ error: 'Choose a bonus plan' })
      .int({ message: 'Not a bonus plan' })
      .positive({ message: 'Not a bonus plan' })
      .max(2_147_483_647, { message: 'Not a bonus plan' }),
    amount: moneySchema(),
    reason: reasonSchema,
  })
  .strict();
export const goodwillBonusResponseSchema = z.object({ bonusId: z.string(), status: z.string(), amount: z.number(), currency: z.string() });

/**
 * Self-exclusion paybacks that could not be made automatically (issue 26 item 9): staff tasks in
 * the payments queue, open until a staff member marks them done with a note (audited) or a later
 * payback pays them.
 */
export const paybackTaskIdParamsSchema = z.object({ taskId: z.uuid({ message: 'Not a payback task id' }) }).strict();
export const paybackTaskSchema = z.object({
  taskId: z.uuid(),
  playerId: z.uuid(),
  username: z.string().nullable(),
  currency: z.string(),
  amount: z.number(),
  /** The method tried or deposited with, when one was. */
  paymentMethod: z.string().nullable(),
  /** Why it could not be paid back automatically. */
  reason: z.string(),
  /** Open since. */
  createdAt: z.iso.datetime(),
});
export type PaybackTaskView = z.infer<typeof paybackTaskSchema>;
export const paybackTasksResponseSchema = z.object({ tasks: z.array(paybackTaskSchema) });
export const completePaybackTaskRequestSchema = z
  .object({ note: z.string().trim().min(1, { message: 'Say how the money was returned' }).max(1_000, { message: 'At most 1000 characters' }) })
  .strict();
export const completePaybackTaskResponseSchema = z.object({ taskId: z.uuid(), status: z.literal('DONE'), doneAt: z.iso.datetime() });
