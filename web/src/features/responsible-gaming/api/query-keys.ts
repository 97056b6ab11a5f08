import type { QueryClient } from '@tanstack/react-query';

/** Every read of the limits page sits under this key, so one invalidation refetches them all (RG-09). */
export const limitsQueryKey = ['responsible-gaming'] as const;

/** After a SUCCESS: the page's reads and the wallet's copy of the deposit limits (DEP-03) load again. */
export async function refetchLimits(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: limitsQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['wallet', 'display-deposit-limits'] }),
    queryClient.invalidateQueries({ queryKey: ['wallet', 'deposit-limits'] }),
  ]);
}
