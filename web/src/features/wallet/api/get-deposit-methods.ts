import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDepositMethodsResponseSchema } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getDepositMethods (DEP-05): the methods the player may deposit with, with their bounds. */
export function getDepositMethods(signal?: AbortSignal) {
  return apiRequest('ps', '/getDepositMethods', { schema: getDepositMethodsResponseSchema, ...(signal ? { signal } : {}) });
}

export const depositMethodsQueryOptions = queryOptions({
  queryKey: ['wallet', 'deposit-methods'],
  queryFn: ({ signal }) => getDepositMethods(signal),
});

export function useDepositMethods() {
  return useQuery(depositMethodsQueryOptions);
}
