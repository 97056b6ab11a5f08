import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getBankingHistoryResponseSchema } from '../../../../../contracts/platform/cashier/banking-history';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getBankingHistory (HIST-04): one calendar month of deposits and withdrawals, newest first. */
export function getBankingHistory(range: { startDate: string; endDate: string }, signal?: AbortSignal) {
  return apiRequest('ps', '/getBankingHistory', {
    query: { startDate: range.startDate, endDate: range.endDate, order: 'DESC' },
    schema: getBankingHistoryResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

export function useBankingHistory(range: { startDate: string; endDate: string }) {
  return useQuery({
    queryKey: ['wallet', 'banking-history', range.startDate, range.endDate],
    queryFn: ({ signal }) => getBankingHistory(range, signal),
    select: (answer) => answer.histories,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
