import { z } from 'zod';
import { moneyAmountSchema } from '../../money';
import { requestIdSchema } from './deposit';
import { paymentMethodCodeSchema } from './payment-methods';

/**
 * POST /ps/processWithdrawal (WDR-10…12). The amount is reserved from the cash balance at once
 * and paid out by the provider; a failed payout returns it. A requested withdrawal cannot be
 * reversed into the balance by the player (UK RTS 14B).
 */
export const processWithdrawalRequestSchema = z.object({
  requestId: requestIdSchema,
  paymentMethod: paymentMethodCodeSchema,
  amount: moneyAmountSchema,
  /** Card methods only (WDR-11). */
  storedCardId: z.string().trim().min(1).max(200).nullish(),
  /** E-wallet methods only (WDR-12). */
  payFromEmail: z.email({ message: 'Please enter a valid e-mail address' }).max(254).nullish(),
});
export type ProcessWithdrawalRequest = z.infer<typeof processWithdrawalRequestSchema>;

export const processWithdrawalResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  paymentId: z.string(),
  /** PENDING while the provider pays out; SUCCESS once paid. */
  paymentStatus: z.enum(['PENDING', 'SUCCESS']),
  /**
   * Above the review threshold the amount is reserved and the withdrawal waits for a staff review
   * before anything is paid; the player gets a message when it is approved or declined.
   */
  underReview: z.boolean(),
  amount: z.number(),
  currency: z.string(),
  /** PAYMENTIQ_ALL: the widget address for the cashier step (WDR-09). */
  continueUrl: z.string().nullable(),
});
