import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBalanceResponseSchema, type CurrencyBalance } from '../../../../../contracts/platform/wallet/balance';
import { apiRequest } from '../../api/api-client';
import { useSession } from '../../session/use-session';

export const balanceQueryKey = ['balance'] as const;

/** GET {ps}/getBalance (WALLET-13): the player's balances per currency. */
export async function getBalance(signal?: AbortSignal): Promise<CurrencyBalance[]> {
  const answer = await apiRequest('ps', '/getBalance', { schema: getBalanceResponseSchema, feedback: 'silent', ...(signal ? { signal } : {}) });
  return answer.currencyBalances;
}

export const balanceQueryOptions = queryOptions({
  queryKey: balanceQueryKey,
  queryFn: ({ signal }) => getBalance(signal),
  // Money is read fresh: after every wallet change the cache is refreshed or replaced by a pushed event.
  staleTime: 0,
  refetchOnWindowFocus: true,
});

/** WALLET-15: only the active currency's balance is shown (the primary account until the player switches). */
export function activeBalance(balances: readonly CurrencyBalance[] | undefined): CurrencyBalance | undefined {
  return balances?.find((balance) => balance.active) ?? balances?.[0];
}

/** The signed-in player's balance in the session's active currency; nothing for visitors. */
export function useActiveBalance() {
  const { authenticated } = useSession();
  return useQuery({ ...balanceQueryOptions, enabled: authenticated, select: activeBalance });
}
