import { z } from 'zod';
import { rouletteBetSchema } from './table-games';
import { settledAtLockSchema } from './play';

/** Live roulette (server/games/kinds/live-roulette): shared rounds of a table, bets inside a window. */

export const liveTableParamsSchema = z.object({
  tableId: z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'must be a table id such as roulette-1' }),
});

export const liveRoundParamsSchema = z.object({ roundId: z.uuid({ message: 'must be a round id' }) });

export const liveBetRequestSchema = z.object({
  tableId: z.string().regex(/^[a-z0-9-]{1,40}$/, { message: 'must be a table id such as roulette-1' }),
  /** The round the bets are for: the one whose betting window is open. */
  roundId: z.uuid({ message: 'must be a round id' }),
  bets: z.array(rouletteBetSchema).min(1, { message: 'Place at least one bet' }).max(150),
  clientRequestId: z.string().trim().min(1).max(100),
});
export type LiveBetRequest = z.infer<typeof liveBetRequestSchema>;

const roundStatusSchema = z.enum(['BETTING', 'CLOSED', 'SETTLED']);

export const liveRoundSchema = z.object({
  roundId: z.string(),
  number: z.number().int(),
  status: roundStatusSchema,
  openedAt: z.string(),
  /** The end of the betting window by the server's clock. */
  closesAt: z.string(),
  /** sha256 of the round's server seed, published when betting opens. */
  commitment: z.string(),
  clientSeed: z.string(),
  /** The pocket (0–36) once drawn. */
  result: z.number().int().nullable(),
  /** Revealed once the round is settled: sha256(serverSeed) = commitment. */
  serverSeed: z.string().nullable(),
});

export const liveTableResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  tableId: z.string(),
  name: z.string(),
  /** The WebSocket topic of the table's events (`/gs/ws`). */
  topic: z.string(),
  /** The topic's last event number when this answer was read: follow the topic after it, and nothing is missed. */
  topicSeq: z.number().int(),
  /** The server's clock, to show the countdown without trusting the device's. */
  serverTime: z.string(),
  bettingSeconds: z.number().int(),
  round: liveRoundSchema.nullable(),
  recentResults: z.array(z.number().int()),
});

export const liveBetReceiptSchema = z.object({
  status: z.literal('SUCCESS'),
  betId: z.string(),
  tableId: z.string(),
  roundId: z.string(),
  roundNumber: z.number().int(),
  /** When the server accepted the bets, and when the window closed (or closes) by its clock. */
  acceptedAt: z.string(),
  windowClosesAt: z.string(),
  /** The round's commitment: sha256 of the server seed that decides the result. */
  commitment: z.string(),
  clientSeed: z.string(),
  /** Major units. */
  stake: z.number(),
  bets: z.array(z.object({ type: z.string(), numbers: z.array(z.number().int()), stake: z.number() })),
  balance: z.number(),
  /** Filled once the round is settled. */
  win: z.number().nullable(),
  result: z.number().int().nullable(),
  /** Set when the bet was closed at a lock before its round's result: voided, the stake returned (`settledAtLockSchema`). */
  settledAtLock: settledAtLockSchema.nullable().optional(),
});
