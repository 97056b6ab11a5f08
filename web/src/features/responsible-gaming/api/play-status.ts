import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerRealityCheckResponseSchema, playStatusSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';

export const playStatusQueryKey = ['play-status'] as const;
/** A modest poll: the reminder is also timed to `dueAt`, so this only catches changes made elsewhere (the game client, another tab). */
export const playStatusPollMs = 30_000;

/** GET {ps}/getPlayStatus (RG-62, NS-23): the reality check, time played, net position and every limit's usage. */
export function usePlayStatus(enabled: boolean) {
  return useQuery({
    queryKey: playStatusQueryKey,
    queryFn: ({ signal }) => apiRequest('ps', '/getPlayStatus', { schema: playStatusSchema, signal, feedback: 'silent' }),
    enabled,
    refetchInterval: enabled ? playStatusPollMs : false,
    refetchIntervalInBackground: false,
  });
}

/** POST {ps}/answerRealityCheck: CONTINUE restarts the interval; LOGOUT ends the session on the server. */
export function useAnswerRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'CONTINUE' | 'LOGOUT') =>
      apiRequest('ps', '/answerRealityCheck', { method: 'POST', body: { action }, schema: answerRealityCheckResponseSchema, feedback: 'silent' }),
    onSuccess: (_answer, action) => (action === 'CONTINUE' ? queryClient.invalidateQueries({ queryKey: playStatusQueryKey }) : undefined),
  });
}
