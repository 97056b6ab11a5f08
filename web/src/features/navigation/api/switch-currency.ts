import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Currency } from '../../../../../contracts/money';
import { getAssociateAccountsResponseSchema } from '../../../../../contracts/platform/accounts/login';
import { apiRequest } from '../../../shared/api/api-client';
import { associateAccountsQueryKey } from './get-associate-accounts';

/** POST {ps}/switchCurrency (SESS-23…25): another of the player's currencies becomes the active one. */
export function switchCurrency(currency: Currency) {
  return apiRequest('ps', '/switchCurrency', { method: 'POST', body: { currency }, schema: getAssociateAccountsResponseSchema });
}

/** After a switch every figure shown belongs to the other account, so every query is read again. */
export function useSwitchCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchCurrency,
    onSuccess: async (answer) => {
      queryClient.setQueryData(associateAccountsQueryKey, answer.associateAccounts);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== associateAccountsQueryKey[0] });
    },
  });
}
