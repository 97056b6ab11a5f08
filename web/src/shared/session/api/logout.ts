import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../api/api-client';
import { sessionQueryKey, signedOut } from './check-session-alive';

const logoutResponseSchema = z.object({ status: z.string() });

export function logout(): Promise<z.infer<typeof logoutResponseSchema>> {
  return apiRequest('ps', '/logout', { method: 'POST', body: {}, schema: logoutResponseSchema, feedback: 'silent' });
}

/** The portal's home address under the page's base href (BOOT-09). */
export function homeAddress(): string {
  return new URL('./', document.baseURI).href;
}

/**
 * SESS-19: the server ends the session and clears its cookie; the client forgets it either way and
 * reloads the home page, so nothing of the player's state outlives the session.
 */
export function useLogout(onSettled: () => void = () => window.location.assign(homeAddress())) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.setQueryData(sessionQueryKey, signedOut);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      onSettled();
    },
  });
}
