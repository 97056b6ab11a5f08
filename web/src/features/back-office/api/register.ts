import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { registerRemovalsResponseSchema, staffRemovalResponseSchema, type RegisterRemoval } from '../../../../../contracts/back-office/register-removals';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

const registerKey = [...backOfficeKey, 'register'] as const;

/** GET /bo/registerRemovals: the account-holder register's removals (issue 29 item 9), newest first, by status or player. */
export function useRegisterRemovals(filter: { status?: RegisterRemoval['status']; playerId?: string; page: number }) {
  const query: Record<string, string> = { page: String(filter.page) };
  if (filter.status) query.status = filter.status;
  if (filter.playerId) query.playerId = filter.playerId;
  return useQuery({
    queryKey: [...registerKey, filter.status ?? 'ALL', filter.playerId ?? '', filter.page],
    queryFn: ({ signal }) => backOfficeRequest('registerRemovals', { query, schema: registerRemovalsResponseSchema, signal }),
    retry: false,
  });
}

/** POST /bo/players/:id/registerRemoval: staff remove a player who asked them; the player page and the list read again. */
export function useRemovePlayer(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { note: string }) =>
      backOfficeRequest(`players/${encodeURIComponent(playerId)}/registerRemoval`, { method: 'POST', body, schema: staffRemovalResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backOfficeKey }),
  });
}
