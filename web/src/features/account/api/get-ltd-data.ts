import { useQuery } from '@tanstack/react-query';
import { getLtdDataResponseSchema } from '../../../../../contracts/platform/accounts/get-ltd-data';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getLtdData (ACC-33): the lifetime figures of the session's currency. */
export function getLtdData(signal?: AbortSignal) {
  return apiRequest('ps', '/getLtdData', { schema: getLtdDataResponseSchema, ...(signal ? { signal } : {}) });
}

export function useLtdData() {
  return useQuery({ queryKey: ['account', 'ltd-data'], queryFn: ({ signal }) => getLtdData(signal), staleTime: 0 });
}
