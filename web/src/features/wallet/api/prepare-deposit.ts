import { prepareDepositResponseSchema } from '../../../../../contracts/platform/cashier/deposit';
import type { PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/prepareDeposit with action GET_QUOTE (DEP-41, DEP-42): crypto quotes and the payment id to use. */
export function prepareDeposit(request: { paymentMethod: PaymentMethodCode; amount: number }) {
  return apiRequest('ps', '/prepareDeposit', {
    method: 'POST',
    body: { ...request, action: 'GET_QUOTE' },
    schema: prepareDepositResponseSchema,
    feedback: 'silent',
  });
}
