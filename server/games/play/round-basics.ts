import type { gameRound } from '../../db/schema';
import { playRound, type SlotRound } from '../engines/slots/slot-engine';
import { fairSource } from '../rng/rng';
import type { SlotTitle } from '../titles/types';
import type { SeedRow } from './fair-seeds';

// What a round is made of, apart from how rounds are played (rounds.ts): the game kinds build on
// these, and rounds.ts finds the kinds through their registry, so neither imports the other's circle.

export const STUDIO_PROVIDER_ID = 'emerald-studio';

export type RoundRow = typeof gameRound.$inferSelect;

export const betTransactionId = (roundId: string) => `round:${roundId}:bet`;
export const winTransactionId = (roundId: string) => `round:${roundId}:win`;
/** A further stake of a round in play (a double, a split, insurance); `n` ≥ 1, unique within the round. */
export const furtherBetTransactionId = (roundId: string, n: number) => `${betTransactionId(roundId)}:${n}`;

/** The outcome of one paid round, from the fair stream (serverSeed, clientSeed, nonce). */
export function roundOutcome(title: SlotTitle, stakeMinor: number, seed: { serverSeed: string; clientSeed: string }, nonce: number): SlotRound {
  return playRound(title.slot, stakeMinor, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
}

/** What a step of a round in play answers: the next outcome, or null when the request changes nothing (a retry). */
export interface StepResult {
  outcome: unknown;
  ended: boolean;
  /** Minor units paid when the round ends. */
  win: bigint;
  /** A further stake taken by this step (minor units), debited before anything is stored. */
  extraStake?: bigint;
  /** The further stake's number within the round (≥ 1, never reused): its wallet transaction id. */
  betNumber?: number;
}

/** One player move of a round in play, computed from the locked round and its seed. */
export type RoundStep = (round: RoundRow, seed: SeedRow) => StepResult | null;

/** What a kind of instant round computes from the fair stream: its outcome and its win (minor units). */
export interface InstantRound {
  stakeMinor: number;
  clientRequestId: string;
  /**
   * A game played in several requests (mines, blackjack): refused while a round of the same game is
   * in play, checked under the owner's seed lock (and held by a unique index) so that parallel
   * starts open one round (issue 11, defect 5).
   */
  staysInPlay?: boolean;
  /** The stake checks (400 naming the field); nothing has moved yet. */
  check(): void;
  compute(seed: { serverSeed: string; clientSeed: string }, nonce: number): { outcome: unknown; win: bigint; inPlay?: boolean };
}

/** What playing a round answers: the round, the seed's hash, and the balance after it. */
export interface SpinResult {
  round: RoundRow;
  serverSeedHash: string;
  /** Minor units after the round. */
  balance: bigint;
  /** The game session's net position after the round, when the round's statement already read it. */
  netPosition?: bigint;
}
