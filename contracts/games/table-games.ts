import { z } from 'zod';
import { stakeSchema } from './play';

/** Roulette and plinko rounds of the game server (/gs), played in the same game session as slots. */

export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'corner',
  'sixLine',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;

/** A bet's stake: the one money schema, as every stake (contracts/money.ts). */
const betAmountSchema = stakeSchema;

export const rouletteBetSchema = z.object({
  type: z.enum(ROULETTE_BET_TYPES, { message: `The bet type must be one of ${ROULETTE_BET_TYPES.join(', ')}` }),
  /** The pockets covered (0–36), in any order; must be a legal bet of the type on the layout. */
  numbers: z.array(z.number().int().min(0).max(36)).min(1).max(18),
  /** Major units. */
  stake: betAmountSchema,
});

export const rouletteSpinRequestSchema = z.object({
  bets: z.array(rouletteBetSchema).min(1, { message: 'Place at least one bet' }).max(150),
  clientRequestId: z.string().trim().min(1).max(100),
});

export const plinkoDropRequestSchema = z.object({
  /** Major units. */
  stake: betAmountSchema,
  risk: z.enum(['low', 'medium', 'high']),
  clientRequestId: z.string().trim().min(1).max(100),
});

export type RouletteSpinRequest = z.infer<typeof rouletteSpinRequestSchema>;
export type PlinkoDropRequest = z.infer<typeof plinkoDropRequestSchema>;

export const minesStartRequestSchema = z.object({
  /** Major units. */
  stake: betAmountSchema,
  /** Mines on the 5×5 grid, 1–24. */
  mines: z.number().int().min(1).max(24),
  clientRequestId: z.string().trim().min(1).max(100),
});

export const minesPickRequestSchema = z.object({
  roundId: z.uuid({ message: 'Invalid round id' }),
  /** Cell 0–24, row by row. */
  cell: z.number().int().min(0).max(24),
});

export const minesCashoutRequestSchema = z.object({
  roundId: z.uuid({ message: 'Invalid round id' }),
});

/** The round of the game session still in play (mines, blackjack), or null. */
export const openRoundResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  round: z
    .object({
      roundId: z.string(),
      gameId: z.string(),
      /** Major units. */
      stake: z.number(),
      nonce: z.number().int(),
      /** The game's public view (mine positions hidden while in play). */
      outcome: z.unknown(),
    })
    .nullable(),
});

export type MinesStartRequest = z.infer<typeof minesStartRequestSchema>;

export const blackjackDealRequestSchema = z.object({
  /** Major units. */
  stake: betAmountSchema,
  clientRequestId: z.string().trim().min(1).max(100),
});

export const blackjackActionRequestSchema = z.object({
  roundId: z.uuid({ message: 'Invalid round id' }),
  action: z.enum(['hit', 'stand', 'double', 'split', 'insurance']),
  /** Insurance only: take it or not. */
  take: z.boolean().optional(),
  /** How many actions the round had before this one (the `seq` of the last answer); a retry repeats it. */
  seq: z.number().int().min(0).max(100),
});

export type BlackjackDealRequest = z.infer<typeof blackjackDealRequestSchema>;
export type BlackjackActionRequest = z.infer<typeof blackjackActionRequestSchema>;
