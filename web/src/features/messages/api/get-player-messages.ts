import { useQuery } from '@tanstack/react-query';
import { getPlayerMessagesResponseSchema } from '../../../../../contracts/platform/messages/get-player-messages';
import { apiRequest } from '../../../shared/api/api-client';
import { useSession } from '../../../shared/session/use-session';

export const playerMessagesQueryKey = ['messages'] as const;

/** GET {ps}/getPlayerMessages (CONTENT-30…33): the messages and the unread count. */
export function getPlayerMessages(signal?: AbortSignal) {
  return apiRequest('ps', '/getPlayerMessages', { schema: getPlayerMessagesResponseSchema, ...(signal ? { signal } : {}) });
}

/** Read again every minute while the portal is open, so a new message shows in the count. */
export function usePlayerMessages() {
  const { authenticated } = useSession();
  return useQuery({ queryKey: playerMessagesQueryKey, queryFn: ({ signal }) => getPlayerMessages(signal), enabled: authenticated, refetchInterval: 60_000 });
}
