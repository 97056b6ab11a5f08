import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favouriteChangeResponseSchema } from '../../../../../contracts/platform/games/favourite-change';
import { gamesResponseSchema } from '../../../../../contracts/platform/games/game-lists';
import { apiRequest, ApiError } from '../../../shared/api/api-client';

/** The home strip's favourites: a change here reloads them too (PLAY-12). */
const homeFavouritesKey = ['home', 'favourite-games'] as const;
const favouritesKey = ['game-page', 'favourite-games'] as const;

/** PLAY-09, PLAY-16, PLAY-30: the player's favourites, enough to tell whether this game is one. */
export function usePlayerFavourites(enabled: boolean) {
  return useQuery({
    queryKey: favouritesKey,
    queryFn: ({ signal }) => apiRequest('ps', '/getFavoriteGames', { query: { count: 50 }, schema: gamesResponseSchema, feedback: 'silent', signal }),
    select: (answer) => answer.games,
    enabled,
    retry: false,
  });
}

export interface FavouriteChange {
  gameId: string;
  favourite: boolean;
}

/**
 * PLAY-10…13: adds or removes a favourite, then reloads the favourites here and on the home page.
 * A refusal is told by the caller with the server's own message (DEF-15), so the call is silent.
 */
export function useChangeFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ gameId, favourite }: FavouriteChange) =>
      apiRequest('ps', favourite ? '/addFavoriteGame' : '/removeFavoriteGame', {
        method: 'POST',
        body: { gameId },
        schema: favouriteChangeResponseSchema,
        feedback: 'silent',
      }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: favouritesKey }), queryClient.invalidateQueries({ queryKey: homeFavouritesKey })]);
    },
  });
}

/** The server's message for a refused favourite call; null for a network failure (PLAY-14). */
export function favouriteFailureMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.result.kind !== 'response') return null;
  const body = error.result.body as { message?: unknown } | null;
  if (typeof body?.message === 'string' && body.message !== '') return body.message;
  return error.result.appError;
}
