import { minesCashoutRequestSchema, minesPickRequestSchema, minesStartRequestSchema, type MinesStartRequest } from '../../../../contracts/games/table-games';
import { AppError, fieldError } from '../../../http/app-error';
import { cashOut, IllegalMove, minesView, pickCell, startMines, type MinesState } from '../../engines/mini/mines';
import { InvalidBet } from '../../engines/money';
import type { RoundRow, RoundStep } from '../../play/round-basics';
import { stakedRound } from '../../play/stakes';
import { fairSource } from '../../rng/rng';
import type { MinesTitle } from '../../titles/types';
import { defineGameKind, type Seeds } from '../game-kind';
import { keepLockMark, lockMarkOf } from '../lock-mark';

/**
 * Mines rounds: the stake is debited at start and the mines placed from the fair stream (nonce
 * words from 0); the round stays in play (`inPlay`) in game_round.outcome while the player picks,
 * and ends on a mine (win 0) or a cash-out (stake × M(k)), when the win is credited. The cash-out
 * rounding draw reads the same stream from word CASHOUT_WORD, so a round replays from its seed and
 * its picks.
 *
 * At a lock (`atLock`, server/games/README.md "Rounds in play at a lock"): a round with at least
 * one safe tile revealed is cashed out at its current multiplier (exactly as the player's cash-out
 * would, the same rounding draw); a round with none is voided and its stake returned — no tile is
 * ever uncovered for the player.
 */

export interface MinesOutcome {
  game: 'mines';
  inPlay: boolean;
  /** Minor units paid (0 until cashed out). */
  win: number;
  state: MinesState;
}

const CASHOUT_WORD = 4_096;
const cashoutRng = (seed: Seeds, nonce: number) => fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }, { startWord: CASHOUT_WORD });

const asOutcome = (state: MinesState): MinesOutcome => ({
  game: 'mines',
  inPlay: state.phase === 'playing',
  win: state.phase === 'cashed' ? state.payout : 0,
  state,
});

function minesStep(move: (state: MinesState, round: RoundRow, seed: Seeds) => MinesState | null): RoundStep {
  return (round, seed) => {
    const stored = round.outcome as MinesOutcome;
    if (stored.game !== 'mines') throw new AppError('WRONG_GAME', 'This round is not a mines round');
    let next: MinesState | null;
    try {
      next = move(stored.state, round, seed);
    } catch (error) {
      if (error instanceof IllegalMove) throw new AppError('ILLEGAL_MOVE', `Illegal move: ${error.message}`, [{ field: 'cell', error: error.message }]);
      throw error;
    }
    if (!next) return null;
    const outcome = asOutcome(next);
    return { outcome, ended: !outcome.inPlay, win: BigInt(outcome.win) };
  };
}

/** Replays a mines round from its seed and the stored picks (verification). */
export function replayMines(title: MinesTitle, stakeMinor: number, stored: unknown, seed: Seeds, nonce: number): MinesOutcome {
  const { state: played } = stored as MinesOutcome;
  let state = startMines(title.rules, stakeMinor, played.mines, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
  const rng = cashoutRng(seed, nonce);
  for (const cell of played.revealed) if (state.phase === 'playing') state = pickCell(title.rules, state, cell, rng);
  if (played.hit !== null && state.phase === 'playing') state = pickCell(title.rules, state, played.hit, rng);
  if (played.phase === 'cashed' && state.phase === 'playing') state = cashOut(title.rules, state, rng);
  return asOutcome(state);
}

export const minesKind = defineGameKind<MinesTitle, MinesStartRequest, { pick: { roundId: string; cell: number }; cashout: { roundId: string } }>({
  kind: 'mines',
  staysInPlay: true,
  start: {
    path: '/mines/start',
    summary: 'Starts a mines round: the stake is debited and the round stays in play (game session cookie)',
    body: minesStartRequestSchema,
    round: (title, session, request) =>
      stakedRound(
        title,
        session.currency,
        request,
        (stakeMinor, seed, nonce) => {
          try {
            const state = startMines(title.rules, stakeMinor, request.mines, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
            return { outcome: asOutcome(state), win: 0n, inPlay: true };
          } catch (error) {
            if (error instanceof InvalidBet) throw fieldError('mines', error.message);
            throw error;
          }
        },
        { staysInPlay: true },
      ),
  },
  steps: {
    // A retry of a pick already made (or of the pick that hit a mine) answers the round unchanged.
    pick: {
      path: '/mines/pick',
      summary: 'Uncovers a cell of the mines round in play (game session cookie)',
      body: minesPickRequestSchema,
      step: (title, { roundId, cell }) => ({
        roundId,
        step: minesStep((state, round, seed) => {
          if (state.revealed.includes(cell) || state.hit === cell) return null;
          if (state.phase !== 'playing') throw new IllegalMove('the round has ended');
          return pickCell(title.rules, state, cell, cashoutRng(seed, round.nonce));
        }),
      }),
    },
    // A retry after the cash-out answers the round unchanged.
    cashout: {
      path: '/mines/cashout',
      summary: 'Cashes out the mines round in play (game session cookie)',
      body: minesCashoutRequestSchema,
      step: (title, { roundId }) => ({
        roundId,
        step: minesStep((state, round, seed) => {
          if (state.phase === 'cashed') return null;
          return cashOut(title.rules, state, cashoutRng(seed, round.nonce));
        }),
      }),
    },
  },
  /** The mines only once the round has ended. */
  publicView: (title, outcome) => {
    const stored = outcome as MinesOutcome;
    const settledAtLock = lockMarkOf(stored);
    const view = { game: 'mines' as const, inPlay: stored.inPlay, win: stored.win, ...minesView(title.rules, stored.state) };
    // A round voided at a lock is over: nothing more to pick or cash out.
    return settledAtLock ? { ...view, nextMultiplier: null, cashOutAtLeast: null, settledAtLock } : view;
  },
  replay: (title, round, seed, nonce) => {
    const outcome = keepLockMark(round.outcome, replayMines(title, round.stake, round.outcome, seed, nonce));
    return { outcome, win: outcome.win };
  },
  // Cash out with a safe tile revealed (the player's own cash-out); with none, void: the stake back.
  atLock: (title, round, seed) => {
    const stored = round.outcome as MinesOutcome;
    if (stored.state.phase === 'playing' && stored.state.revealed.length > 0) {
      const outcome = asOutcome(cashOut(title.rules, stored.state, cashoutRng(seed, round.nonce)));
      return { resolution: 'CASHED_OUT', outcome, win: BigInt(outcome.win) };
    }
    return { resolution: 'VOIDED', outcome: stored, furtherBets: [] };
  },
});
