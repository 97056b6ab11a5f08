import { z } from 'zod';
import type { gameEntrySchema } from './game-lists';

export { gameEntrySchema, gamesResponseSchema } from './game-lists';

/**
 * The platform's game operations under /ps (spec 000 §7 Games, spec 001 §7): favourites,
 * most popular and hottest games, and the player's game transaction history.
 */

const gameIdSchema = z.string().trim().min(1, { message: 'Please give a game id' }).max(64);

export const favoriteGameRequestSchema = z.object({
  gameId: gameIdSchema,
  /** The game's platform (provider); the studio's own games when absent. */
  platformCode: z.string().trim().min(1).max(64).optional(),
});

export const favoriteGameResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  message: z.string(),
});

/** count: how many games to answer (home favourites show up to 4, DIS-07). */
export const gamesCountQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(50).default(4),
  /** The portal's version/page parameter; accepted and ignored. */
  version: z.string().max(32).optional(),
});

export const transactionHistoryQuerySchema = z.object({
  /** The day (UTC), YYYY-MM-DD. */
  date: z.iso.date({ message: 'The date must be YYYY-MM-DD' }),
  /** Optional hour of that day (UTC), 0–23. */
  hour: z.coerce.number().int().min(0).max(23).optional(),
  type: z.literal('game', { message: "The type must be 'game'" }).default('game'),
});

export const gameTransactionSchema = z.object({
  gameTranId: z.string(),
  /** ISO 8601, UTC. */
  timestamp: z.string(),
  /** GAME_REFUND: a stake given back (a rolled-back bet, e.g. the tickets of a cancelled bingo game). */
  tranType: z.enum(['GAME_BET', 'GAME_WIN', 'GAME_REFUND']),
  gameName: z.string(),
  /** Major units. */
  amount: z.number(),
  /** Major units: CASH + BONUS right after this transaction. */
  postBalance: z.number(),
  currency: z.string(),
  /** Why a refund was made, when its game said (a bingo game cancelled with too few players or tickets). */
  reason: z.enum(['TOO_FEW_PLAYERS', 'TOO_FEW_TICKETS']).optional(),
});

export const transactionHistoryResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  transactions: z.array(gameTransactionSchema),
});

export type GameEntry = z.infer<typeof gameEntrySchema>;
export type GameTransaction = z.infer<typeof gameTransactionSchema>;
