import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/api-client';
import { sessionQueryKey, signedOut } from './check-session-alive';

const logoutResponseSchema = z.object({ status: z.string() });

export function logout(): Promise<z.infer<typeof logoutResponseSchema>> {
  return apiRequest('ps', '/logout', { method: 'POST', body: {}, schema: logoutResponseSchema, feedback: 'silent' });
}

/** SESS-19: the server ends the session and clears its cookie; the client forgets it either way. */
export function useLogout(onSettled: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.setQueryData(sessionQueryKey, signedOut);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      onSettled();
    },
  });
}
