import { useQuery } from '@tanstack/react-query';
import { gamesResponseSchema } from '../../../../../contracts/platform/games/game-lists';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * HOME-02…04: the strip's games. The strip falls back to the catalogue's order when a list is
 * empty or cannot be read, so these calls stay silent.
 */
function gameList(operation: '/getFavoriteGames' | '/getMostPopularGames', count: number, signal?: AbortSignal) {
  return apiRequest('ps', operation, { query: { count }, schema: gamesResponseSchema, feedback: 'silent', ...(signal ? { signal } : {}) });
}

/** DIS-07: the home page asks for 4 favourites. */
export function useFavoriteGames(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'favourite-games'],
    queryFn: ({ signal }) => gameList('/getFavoriteGames', 4, signal),
    select: (answer) => answer.games,
    enabled,
    retry: false,
  });
}

/** HOME-03: popular games for visitors, size 5. */
export function useMostPopularGames(enabled: boolean) {
  return useQuery({
    queryKey: ['home', 'most-popular-games'],
    queryFn: ({ signal }) => gameList('/getMostPopularGames', 5, signal),
    select: (answer) => answer.games,
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}
