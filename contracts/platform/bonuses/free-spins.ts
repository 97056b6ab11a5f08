import { z } from 'zod';
import { spinResponseSchema } from '../../games/play';

/**
 * Free-spin bonuses in the game server (issue 14; server/platform/bonuses/README.md "Free spins"): the
 * spins a player holds on the session's slot, and one free spin — a real round at the plan's fixed
 * stake that takes no money from the player; its win is credited as bonus money under the plan's
 * wagering. Amounts are major units on the wire.
 */

/** A player's free spins on one plan. */
export const freeSpinGrantSchema = z.object({
  grantId: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  /** The player bonus the winnings are credited to. */
  bonusId: z.number().int(),
  currency: z.string(),
  /** The slot titles (game ids) the spins play on. */
  gameIds: z.array(z.string()),
  /** The fixed stake of every spin, major units. */
  stake: z.number(),
  spinsTotal: z.number().int(),
  spinsLeft: z.number().int(),
  /** What the spins have credited as bonus money so far, major units. */
  won: z.number(),
  expiresAt: z.string(),
});
export type FreeSpinGrant = z.infer<typeof freeSpinGrantSchema>;

/** GET /gs/free-spins: the unexpired spins the player holds on the session's game (real play). */
export const freeSpinsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  freeSpins: z.array(freeSpinGrantSchema),
});
export type FreeSpinsAnswer = z.infer<typeof freeSpinsResponseSchema>;

/** POST /gs/free-spins/spin: plays one spin of `grantId`; a retry with the same clientRequestId answers the same round. */
export const freeSpinRequestSchema = z.object({
  grantId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  clientRequestId: z.string().trim().min(1).max(100),
});

export const freeSpinResponseSchema = spinResponseSchema.extend({
  freeSpin: z.object({
    grantId: z.number().int(),
    /** 1 for the grant's first spin. */
    spinNumber: z.number().int(),
    spinsLeft: z.number().int(),
    /** The round's win credited as bonus money (the plan's cap may keep it lower), major units. */
    credited: z.number(),
    bonusId: z.number().int(),
  }),
});
export type FreeSpinAnswer = z.infer<typeof freeSpinResponseSchema>;
