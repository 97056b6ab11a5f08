import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAssociateAccountsResponseSchema } from '../../../../../contracts/platform/accounts/login';
import { apiRequest } from '../../../shared/api/api-client';

export const associateAccountsQueryKey = ['associate-accounts'] as const;

/** GET {ps}/getAssociateAccounts (SESS-04, SESS-11): the player's currencies and the active one. */
export const associateAccountsQueryOptions = queryOptions({
  queryKey: associateAccountsQueryKey,
  queryFn: async ({ signal }) => (await apiRequest('ps', '/getAssociateAccounts', { schema: getAssociateAccountsResponseSchema, signal })).associateAccounts,
});

/** Read afresh each time the menu opens, like the balances it sits beside. */
export function useAssociateAccounts() {
  return useQuery({ ...associateAccountsQueryOptions, refetchOnMount: 'always' });
}
