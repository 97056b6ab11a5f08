import { z } from 'zod/mini';

/**
 * The answer of POST /ps/addFavoriteGame and /ps/removeFavoriteGame (PLAY-10, PLAY-11), written with
 * zod/mini for the game page; the server's own schema is favoriteGameResponseSchema in games.ts.
 */
export const favouriteChangeResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  message: z.string(),
});
