import { z } from 'zod';
import { supportedLanguages } from '../content/translations';
import { currencySchema, moneySchema } from '../money';
import { plinkoPaytableSchema } from './plinko';

/** The game server's play API (/gs): launch, game session, slot spins, round history and fairness. */

export const gameIdSchema = z.string().trim().min(1).max(64);
/** A client seed chosen by the player: what the fair stream accepts (no ':'). */
export const clientSeedSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[^:]+$/, { message: 'The client seed must not contain ":"' });

/** The jurisdiction's play rules (the player's country), enforced by the server. */
export const jurisdictionRulesSchema = z.object({
  jurisdiction: z.string(),
  autoplay: z.boolean(),
  turbo: z.boolean(),
  /** Least time between two slot spins, milliseconds (0: none). */
  minSpinIntervalMs: z.number().int(),
  /** Least time of a game cycle of any other casino game (roulette, blackjack, plinko, mines), milliseconds (0: none). */
  minGameCycleMs: z.number().int(),
  /** At most one open slot game session at a time (GB): opening a slot ends the player's other slot session. */
  oneSlotAtATime: z.boolean(),
});

export const launchRequestSchema = z.object({
  gameId: gameIdSchema,
  playForReal: z.boolean(),
});
export const launchResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** `/gs/play/<gameId>?token=<single-use token>&playForReal=…`; never carries the session key. */
  launchUrl: z.string(),
  /** The player's jurisdiction rules, so the portal can follow them before a game opens (one slot at a time). */
  rules: jurisdictionRulesSchema.optional(),
});

export const gameSessionRequestSchema = z.object({
  token: z.string().min(1).max(128),
  /** The portal's language (the launch address's `lang`): the game's name comes from the catalogue in it. */
  lang: z.enum(supportedLanguages).optional(),
});

export const stakeLimitsSchema = z.object({
  min: z.number(),
  max: z.number(),
  steps: z.array(z.number()),
  /**
   * The jurisdiction's most a slot spin may stake for this player (GB: 5.00, or 2.00 aged 18–24, of
   * the session's currency); `max` and `steps` already leave out what is above it. Absent where no
   * such limit applies.
   */
  jurisdictionMax: z.number().optional(),
});

export const titleConfigSchema = z.object({
  gameId: z.string(),
  name: z.string(),
  kind: z.string(),
  currency: currencySchema,
  /** Major units. */
  limits: stakeLimitsSchema,
  reels: z.number().int().optional(),
  rows: z.number().int().optional(),
  /** Line games: the number of lines; ways games: absent. */
  lines: z.number().int().optional(),
  ways: z.boolean().optional(),
  /** Plinko: its rows and what each slot pays at each risk (the game server's paytable). */
  plinko: plinkoPaytableSchema.optional(),
});

export const fairnessSchema = z.object({
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nextNonce: z.number().int(),
});

export const gameSessionResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  mode: z.enum(['REAL', 'FREE']),
  title: titleConfigSchema,
  fairness: fairnessSchema,
  rules: jurisdictionRulesSchema,
  /** When the game session started (ISO). */
  startedAt: z.string(),
  /** Major units: real play the wallet's CASH + BONUS, free play the virtual balance. */
  balance: z.number(),
});

/** A stake in major units with at most 2 decimals. */
export const stakeSchema = moneySchema({ what: 'stake' });

export const spinRequestSchema = z.object({
  stake: stakeSchema,
  clientRequestId: z.string().trim().min(1).max(100),
});

export const roundStatusSchema = z.enum(['OPEN', 'SETTLED', 'ROLLED_BACK']);

/**
 * How a round still in play when a lock (time-out, self-exclusion) started was closed for the
 * player (issue 26, item 7; server/games/README.md "Rounds in play at a lock"): cashed out at the
 * current multiplier (mines), stood on every hand (blackjack), paid by a result already drawn (a
 * live round closed before the lock), or voided with its stakes returned (`VOIDED`: the round is
 * ROLLED_BACK). `returned` is what the player got back, minor units.
 */
export const settledAtLockSchema = z.object({
  /** The lock that closed the round, as the caller named it (e.g. TIMEOUT, EXCLUSION). */
  reason: z.string(),
  /** ISO time of the settlement. */
  at: z.string(),
  resolution: z.enum(['CASHED_OUT', 'STOOD', 'PAID_BY_RESULT', 'VOIDED']),
  /** Minor units returned to the player by the settlement. */
  returned: z.number(),
});
export type SettledAtLock = z.infer<typeof settledAtLockSchema>;

export const spinResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  roundId: z.string(),
  roundStatus: roundStatusSchema,
  /** Major units. */
  stake: z.number(),
  win: z.number(),
  balance: z.number(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  /** The slot engine's outcome (stops, windows, line wins, free spins); amounts in minor units. */
  outcome: z.unknown(),
  /** Major units: the game session's total win − total stake so far. */
  netPosition: z.number(),
  /** Whole seconds since the game session started. */
  sessionElapsedSeconds: z.number().int(),
});

export const roundsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const roundSummarySchema = z.object({
  id: z.string(),
  gameId: z.string(),
  mode: z.enum(['REAL', 'FREE']),
  currency: z.string(),
  stake: z.number(),
  win: z.number(),
  roundStatus: roundStatusSchema,
  time: z.string(),
  nonce: z.number().int(),
  serverSeedHash: z.string(),
  /** True once the seed has been revealed and the round can be verified. */
  verifiable: z.boolean(),
  /** Set when the round was in play at a lock and settled for the player then (its status says whether it was voided). */
  settledAtLock: settledAtLockSchema.nullable().optional(),
});

export const roundsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  rounds: z.array(roundSummarySchema),
});

export const rotateSeedRequestSchema = z.object({
  clientSeed: clientSeedSchema.optional(),
});

export const rotateSeedResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  revealed: z.object({ serverSeed: z.string(), serverSeedHash: z.string(), clientSeed: z.string(), roundsPlayed: z.number().int() }),
  next: fairnessSchema,
});

export const roundIdParamsSchema = z.object({
  id: z.uuid({ message: 'Invalid round id' }),
});

export const verifyResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  roundId: z.string(),
  gameId: z.string(),
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** Major units. */
  stake: z.number(),
  storedOutcome: z.unknown(),
  recomputedOutcome: z.unknown(),
  /** sha256(serverSeed) equals the commitment and the recomputed outcome equals the stored one. */
  verified: z.boolean(),
});

export type JurisdictionRulesView = z.infer<typeof jurisdictionRulesSchema>;
export type TitleConfig = z.infer<typeof titleConfigSchema>;
export type RoundSummary = z.infer<typeof roundSummarySchema>;
