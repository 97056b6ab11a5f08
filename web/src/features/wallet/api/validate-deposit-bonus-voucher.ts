import { validateVoucherResponseSchema } from '../../../../../contracts/platform/cashier/deposit';
import type { PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET {ps}/validateDepositBonusVoucher (DEP-18, DEP-19): the bonus plan a code gives for this
 * deposit, or null. The client sends depositAmount and voucherCode (DIS-05); only bonusPlanId is
 * relied upon (NS-26).
 */
export async function validateDepositBonusVoucher(
  request: { paymentMethod: PaymentMethodCode; depositAmount: number; voucherCode: string },
  signal?: AbortSignal,
): Promise<number | null> {
  const answer = await apiRequest('ps', '/validateDepositBonusVoucher', {
    query: { paymentMethod: request.paymentMethod, depositAmount: String(request.depositAmount), voucherCode: request.voucherCode },
    schema: validateVoucherResponseSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
  return answer.bonusPlanId;
}
