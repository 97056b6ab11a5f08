import { useQuery } from '@tanstack/react-query';
import { getDepositLimitsResponseSchema, type PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET {ps}/getDepositLimits (DEP-10): the chosen method's bounds, its maximum lowered to what the
 * player's personal deposit limits still allow.
 */
export function getDepositLimits(paymentMethodCode: PaymentMethodCode, signal?: AbortSignal) {
  return apiRequest('ps', '/getDepositLimits', {
    query: { paymentMethodCode },
    schema: getDepositLimitsResponseSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
}

export function useDepositLimits(paymentMethodCode: PaymentMethodCode) {
  return useQuery({
    queryKey: ['wallet', 'deposit-limits', paymentMethodCode],
    queryFn: ({ signal }) => getDepositLimits(paymentMethodCode, signal),
    staleTime: 0,
  });
}
