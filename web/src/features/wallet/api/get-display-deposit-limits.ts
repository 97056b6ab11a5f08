import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDisplayDepositLimitsResponseSchema } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getDisplayDepositLimits (DEP-03): the personal deposit limits and whether to show them first (DEP-02). */
export function getDisplayDepositLimits(signal?: AbortSignal) {
  return apiRequest('ps', '/getDisplayDepositLimits', { schema: getDisplayDepositLimitsResponseSchema, ...(signal ? { signal } : {}) });
}

export const displayDepositLimitsQueryOptions = queryOptions({
  queryKey: ['wallet', 'display-deposit-limits'],
  queryFn: ({ signal }) => getDisplayDepositLimits(signal),
});

export function useDisplayDepositLimits() {
  return useQuery(displayDepositLimitsQueryOptions);
}
