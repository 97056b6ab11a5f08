import { useQuery } from '@tanstack/react-query';
import { getWithdrawalLimitsResponseSchema, type PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getWithdrawalLimits (WDR-05): the minimum, and a maximum no higher than the withdrawable balance. */
export function getWithdrawalLimits(paymentMethodCode: PaymentMethodCode, signal?: AbortSignal) {
  return apiRequest('ps', '/getWithdrawalLimits', {
    query: { paymentMethodCode },
    schema: getWithdrawalLimitsResponseSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
}

export function useWithdrawalLimits(paymentMethodCode: PaymentMethodCode) {
  return useQuery({
    queryKey: ['wallet', 'withdrawal-limits', paymentMethodCode],
    queryFn: ({ signal }) => getWithdrawalLimits(paymentMethodCode, signal),
    staleTime: 0,
  });
}
