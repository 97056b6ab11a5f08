import { z } from 'zod/mini';

/**
 * The answer of GET /ps/getFavoriteGames, /ps/getMostPopularGames and /ps/getHottestGames
 * (spec 000 §7 Games). Written with zod/mini: the home page's games strip reads it.
 */
export const gameEntrySchema = z.object({
  gameId: z.string(),
  platform: z.string(),
  gameName: z.string(),
});

export const gamesResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  games: z.array(gameEntrySchema),
});
