import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Config } from '../../config/env';
import type { ServiceContext } from '../../service-context';
import type { Currency } from '../engines/money';
import type { OutcomeViews } from '../../../contracts/games/outcomes';
import type { SettledAtLock, TitleConfig } from '../../../contracts/games/play';
import type { Db } from '../../db/database';
import type { ActiveGameSession } from '../play/game-session';
import type { InstantRound, RoundStep } from '../play/round-basics';
import type { Title } from '../titles/types';

/**
 * A kind of game (slot, roulette, plinko, mines, blackjack; bingo and live tables next): everything
 * the game server does that depends on the kind, behind one interface, so that a new kind is a new
 * folder under `kinds/` and one line in `registry.ts`, never a branch in the rounds, the routes or
 * the verification.
 *
 * - `start` computes a round from the fair stream (an `InstantRound`: stake, checks, outcome), and
 *   names the operation that opens it (`/gs/<path>`, its request schema);
 * - `steps` (rounds that stay in play) take one player move of the round in play under its row lock;
 * - `publicView` is what the player may see of a stored outcome (no mine positions, no shoe);
 * - `replay` recomputes a stored round from its revealed seed (and its stored moves): verification.
 * - `atLock` (kinds whose rounds stay in play) closes a round still in play when a lock starts.
 */

export interface Seeds {
  serverSeed: string;
  clientSeed: string;
}

/** One operation of a kind, as the game server offers it at `/gs/<path>`. */
export interface KindOperation<Request> {
  /** Under /gs, e.g. `/mines/start`. */
  path: string;
  summary: string;
  body: ZodType<Request>;
}

/** The move of a round in play: which round, and the step to take under its row lock. */
export interface StepOf {
  roundId: string;
  step: RoundStep;
}

export interface GameKind<T extends Title = Title, Start = unknown, Steps extends Record<string, unknown> = Record<string, never>> {
  readonly kind: T['kind'];
  /** Rounds of this kind stay in play across requests (one at a time per game session). */
  readonly staysInPlay: boolean;
  /** What the client needs beyond the common title configuration (a slot's reels and lines). */
  config?(title: T): Partial<TitleConfig>;
  start: KindOperation<Start> & {
    /** The round a start request opens; stakes in minor units, refusals as 400 naming the field. */
    round(title: T, session: ActiveGameSession, request: Start): InstantRound;
  };
  steps: { [Name in keyof Steps]: KindOperation<Steps[Name]> & { step(title: T, request: Steps[Name]): StepOf } };
  /** The shared contract of the kind's view (`contracts/games/outcomes.ts`), which the game client renders. */
  publicView(title: T, outcome: unknown): OutcomeViews[T['kind']];
  /** The stored round computed again from its seed: its outcome and win (minor units). */
  replay(title: T, round: { stake: number; outcome: unknown }, seed: Seeds, nonce: number): { outcome: unknown; win: number };
  /**
   * How a round of this kind still in play closes at a lock (only kinds whose rounds stay in play):
   * computed from the locked round and its seed, nothing stored or paid yet. The game server stores
   * it (`settledAtLock` in the outcome, kept by `replay`) and moves the money, once per round
   * (`play/rounds-at-lock.ts`).
   */
  atLock?(title: T, round: { stake: number; outcome: unknown; nonce: number }, seed: Seeds): LockResolution;
}

/**
 * Rounds in play at a lock (issue 26, item 7; server/games/README.md "Rounds in play at a lock").
 * A time-out or self-exclusion refuses every later request of the player's game sessions, so a
 * round left in play would keep its stake for the whole lock. When a lock starts, every round the
 * player has in play is closed at once, at the player's best outcome that takes no new risk:
 * nothing is drawn that the player did not already commit to, and never less than the stakes back
 * where the round's own ending could be worse (a void returns them; a cash-out or stand is taken
 * only when it returns at least as much or the game has no void, as a mines round with a safe tile).
 */
export type LockResolution =
  /** The round played to an end by moves that take no new risk (cash out, stand): its outcome and what it pays. */
  | { resolution: 'CASHED_OUT' | 'STOOD'; outcome: unknown; win: bigint }
  /** The round voided: every stake of it rolled back (`furtherBets`: the numbers of its further stakes, `round:<id>:bet:<n>`). */
  | { resolution: 'VOIDED'; outcome: unknown; furtherBets: number[] };

/** What a settlement at a lock reports of one round, bet or ticket purchase it closed. */
export interface SettledAtLockEntry extends SettledAtLock {
  kind: string;
  gameId: string;
  /** The round (game_round), live bet or bingo purchase closed. */
  id: string;
  currency: string;
  /** Minor units the player had staked on it. */
  staked: number;
}

/** What a shared kind's settlement at a lock is handed. */
export interface LockSettlementContext {
  db: Db;
  config: Config;
  playerId: string;
  /** The lock that closes the rounds (e.g. TIMEOUT, EXCLUSION), recorded on each. */
  reason: string;
  now: Date;
}

/** A kind as the registry holds it: its title and request types erased. */
export type AnyGameKind = GameKind<Title, unknown, Record<string, unknown>>;

/** Declares a kind with its own types checked, and hands it to the registry with them erased. */
export const defineGameKind = <T extends Title, Start, Steps extends Record<string, unknown> = Record<string, never>>(
  kind: GameKind<T, Start, Steps>,
): AnyGameKind => kind as unknown as AnyGameKind;

/**
 * A kind whose games the server runs for many players at once on a schedule (bingo): no game session
 * opens a round of it, so it has none of `GameKind`'s `start`, `steps` or per-round `replay` —
 * players buy into a shared game that a driver calls on a timer, and its fairness is per game, not
 * per player seed. Rather than stretch `GameKind` with optional parts every round path would have to
 * test, such a kind says only what the game server needs of it:
 *
 * - the catalogue gameId that launches its lobby (from the configuration) and the lobby's title as
 *   a game session answers it, so `/gs/launch` and `/gs/session` open it like any game;
 * - its own `/gs` operations (rooms, tickets, state, events, verification), registered by the game
 *   server beside the round kinds' operations;
 * - its driver, which the game server starts on this node when the configuration says so and stops
 *   on close.
 */
export interface SharedGameKind {
  readonly kind: string;
  lobbyGameId(config: Config): string;
  lobbyTitle(gameId: string, currency: Currency): TitleConfig;
  routes(context: ServiceContext): FastifyPluginAsyncZod;
  startDriver(context: ServiceContext): { stop(): Promise<void> } | undefined;
  /**
   * Closes what the player has in play in this kind's games when a lock starts (a bet on a table
   * round not yet resolved, tickets for a game not yet started): once each, however often or in
   * parallel it runs (a conditional update of the bet's or purchase's state decides), with the money
   * through the wallet. Answers what it closed this time.
   */
  settleAtLock?(context: LockSettlementContext): Promise<SettledAtLockEntry[]>;
}
