import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { transactionHistoryResponseSchema } from '../../../../../contracts/platform/games/games';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getTransactionHistory (HIST-07): the player's real-money game transactions of one day, newest first. */
export function getTransactionHistory(date: string, signal?: AbortSignal) {
  return apiRequest('ps', '/getTransactionHistory', {
    query: { date, type: 'game' },
    schema: transactionHistoryResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useTransactionHistory(date: string) {
  return useQuery({
    queryKey: ['wallet', 'game-history', date],
    queryFn: ({ signal }) => getTransactionHistory(date, signal),
    select: (answer) => answer.transactions,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
