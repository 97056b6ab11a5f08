import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWithdrawalMethodsResponseSchema } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getWithdrawalMethods (WDR-02). */
export function getWithdrawalMethods(signal?: AbortSignal) {
  return apiRequest('ps', '/getWithdrawalMethods', { schema: getWithdrawalMethodsResponseSchema, ...(signal ? { signal } : {}) });
}

export const withdrawalMethodsQueryOptions = queryOptions({
  queryKey: ['wallet', 'withdrawal-methods'],
  queryFn: ({ signal }) => getWithdrawalMethods(signal),
});

export function useWithdrawalMethods() {
  return useQuery(withdrawalMethodsQueryOptions);
}
