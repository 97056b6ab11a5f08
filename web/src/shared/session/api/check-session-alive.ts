import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkSessionAlivePath, checkSessionAliveResponseSchema, type CheckSessionAliveResponse } from '../../../../../contracts/platform/check-session-alive';
import { apiRequest } from '../../api/api-client';

export const sessionQueryKey = ['session'] as const;

/** What the client knows once the session is gone (logout, NOT_LOGGED_IN_ERROR, HTTP 401). */
export const signedOut: CheckSessionAliveResponse = { status: 'SUCCESS', alive: false, authorities: [] };

export function checkSessionAlive(signal?: AbortSignal): Promise<CheckSessionAliveResponse> {
  return apiRequest('ps', checkSessionAlivePath, { schema: checkSessionAliveResponseSchema, ...(signal ? { signal } : {}) });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => checkSessionAlive(signal),
});

export function useCheckSessionAlive() {
  return useQuery(sessionQueryOptions);
}
