import { z } from 'zod';

/**
 * Plinko's paytable as the game server sends it with the title (`/gs/session`), so the client shows
 * each slot's multiplier before a drop without keeping numbers of its own.
 */
export const plinkoPaytableSchema = z.object({
  /** Rows of pegs; slots are numbered 0…rows from the left. */
  rows: z.number().int().min(1),
  /** What each slot pays, left to right, in tenths of the stake (17 = 1.7×), for each risk. */
  multiplierTenths: z.object({
    low: z.array(z.number().int().min(0)),
    medium: z.array(z.number().int().min(0)),
    high: z.array(z.number().int().min(0)),
  }),
});

export type PlinkoPaytable = z.infer<typeof plinkoPaytableSchema>;
