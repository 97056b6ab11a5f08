import { queryOptions, useQuery } from '@tanstack/react-query';
import { consentsResponseSchema } from '../../../../../contracts/platform/accounts/consents';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/consents (SIGNUP-09): the consent versions asked for at sign-up. */
export const consentsQueryOptions = queryOptions({
  queryKey: ['consents'],
  queryFn: async ({ signal }) => (await apiRequest('ps', '/consents', { schema: consentsResponseSchema, signal })).consents,
  staleTime: 5 * 60_000,
});

export function useConsents() {
  return useQuery(consentsQueryOptions);
}
