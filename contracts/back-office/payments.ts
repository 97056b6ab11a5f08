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
export const rejectWithdrawalResponseSchema = z.object({ paymentId: z.uuid(), paymentStatus: z.literal('DECLINED'), returned: z.number(), currency: z.string() });

export const adjustmentDirectionSchema = z.enum(['CREDIT', 'DEBIT'], { message: 'Choose credit or debit' });

export const requestAdjustmentSchema = z
  .object({
    direction: adjustmentDirectionSchema,
    amount: moneySchema(),
    currency: currencySchema,
    reason: reasonSchema,
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
    planId: z.number({ error: 'Choose a bonus plan' }).int({ message: 'Not a bonus plan' }).positive({ message: 'Not a bonus plan' }).max(2_147_483_647, { message: 'Not a bonus plan' }),
    amount: moneySchema(),
    reason: reasonSchema,
  })
  .strict();
export const goodwillBonusResponseSchema = z.object({ bonusId: z.string(), status: z.string(), amount: z.number(), currency: z.string() });
