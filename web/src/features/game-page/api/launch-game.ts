import { queryOptions, useQuery } from '@tanstack/react-query';
import { launchResponseSchema, type JurisdictionRulesView } from '../../../../../contracts/games/play';
import { apiRequest, ApiError } from '../../../shared/api/api-client';
import { i18n } from '../../../shared/i18n/i18n';
import { serviceUrl } from '../../../shared/api/service-addresses';

export interface LaunchRequest {
  gameId: string;
  playForReal: boolean;
}

export interface Launch {
  /** The launch container's address, with its single-use token. */
  url: string;
  /** The player's jurisdiction rules (GB: one slot game at a time), when the server says. */
  rules?: JurisdictionRulesView;
}

/** The game page's windows: the first game and the second game (PLAY-05); each launches on its own. */
export type GameWindow = 'first' | 'second';

/**
 * POST {gs}/launch (PLAY-17…20): a single-use launch address for the game container. The portal's
 * session travels only as its HttpOnly cookie; the address carries a short-lived token instead.
 * The page explains a refusal itself, so no toast.
 */
export async function launchGame(request: LaunchRequest, signal?: AbortSignal): Promise<Launch> {
  const { launchUrl, rules } = await apiRequest('gs', '/launch', { method: 'POST', body: request, schema: launchResponseSchema, feedback: 'silent', signal });
  // The address is the game server's path: resolve it against wherever that server is published.
  const base = new URL(serviceUrl('gs', '/'), window.location.href);
  const url = new URL(launchUrl, base.origin);
  // The game client speaks the portal's language (en or mk).
  url.searchParams.set('lang', i18n.language === 'mk' ? 'mk' : 'en');
  return { url: url.toString(), ...(rules ? { rules } : {}) };
}

/**
 * Each page visit launches afresh: a token is single use, so an answer is never reused, and each window
 * has its own launch (its own token) even for the same game.
 */
export function launchQueryOptions(request: LaunchRequest, window: GameWindow = 'first') {
  return queryOptions({
    queryKey: ['game-launch', window, request.gameId, request.playForReal],
    queryFn: ({ signal }) => launchGame(request, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useLaunchGame(request: LaunchRequest, enabled: boolean, window: GameWindow = 'first') {
  return useQuery({ ...launchQueryOptions(request, window), enabled });
}

/** The game server's refusal status (KYCFAILED, FORBIDDEN, …), if the launch was refused. */
export function launchRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.result.kind !== 'response') return null;
  const body = error.result.body as { status?: unknown } | null;
  return typeof body?.status === 'string' ? body.status : null;
}
