import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { apiRequest } from '../../api/api-client';
import { useSession } from '../use-session';

export const playerInfoQueryKey = ['player-info'] as const;

/**
 * The answer's schema (with the identity declaration's, on classic zod) is built when a player's
 * details are first asked for, not as every page starts: a visitor's pages never ask.
 */
export async function getPlayerInfo(signal?: AbortSignal): Promise<PlayerInfo> {
  const { getPlayerInfoResponseSchema } = await import('../../../../../contracts/platform/accounts/get-player-info');
  const answer = await apiRequest('ps', '/getPlayerInfo', { schema: getPlayerInfoResponseSchema, ...(signal ? { signal } : {}) });
  return answer.user;
}

export const playerInfoQueryOptions = queryOptions({
  queryKey: playerInfoQueryKey,
  queryFn: ({ signal }) => getPlayerInfo(signal),
});

/** The signed-in player (spec 000 §3 User info); nothing for visitors and quick registrations. */
export function usePlayerInfo() {
  const { authenticated } = useSession();
  return useQuery({ ...playerInfoQueryOptions, enabled: authenticated });
}
