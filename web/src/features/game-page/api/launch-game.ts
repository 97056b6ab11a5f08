import { queryOptions, useQuery } from '@tanstack/react-query';
import { launchResponseSchema } from '../../../../../contracts/games/play';
import { apiRequest, ApiError } from '../../../shared/api/api-client';
import { serviceUrl } from '../../../shared/api/service-addresses';

export interface LaunchRequest {
  gameId: string;
  playForReal: boolean;
}

/**
 * POST {gs}/launch (PLAY-17…20): a single-use launch address for the game container. The portal's
 * session travels only as its HttpOnly cookie; the address carries a short-lived token instead.
 * The page explains a refusal itself, so no toast.
 */
export async function launchGame(request: LaunchRequest, signal?: AbortSignal): Promise<string> {
  const { launchUrl } = await apiRequest('gs', '/launch', { method: 'POST', body: request, schema: launchResponseSchema, feedback: 'silent', signal });
  // The address is the game server's path: resolve it against wherever that server is published.
  const base = new URL(serviceUrl('gs', '/'), window.location.href);
  return new URL(launchUrl, base.origin).toString();
}

/** Each page visit launches afresh: a token is single use, so an answer is never reused. */
export function launchQueryOptions(request: LaunchRequest) {
  return queryOptions({
    queryKey: ['game-launch', request.gameId, request.playForReal],
    queryFn: ({ signal }) => launchGame(request, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useLaunchGame(request: LaunchRequest, enabled: boolean) {
  return useQuery({ ...launchQueryOptions(request), enabled });
}

/** The game server's refusal status (KYCFAILED, FORBIDDEN, …), if the launch was refused. */
export function launchRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.result.kind !== 'response') return null;
  const body = error.result.body as { status?: unknown } | null;
  return typeof body?.status === 'string' ? body.status : null;
}
