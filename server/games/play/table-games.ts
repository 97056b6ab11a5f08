import { toMinorUnits } from '../../../contracts/money';
import type { PlinkoDropRequest, RouletteSpinRequest } from '../../../contracts/games/table-games';
import { AppError, fieldError } from '../../http/app-error';
import { dropBall, type PlinkoOutcome } from '../engines/mini/plinko';
import { formatStake, InvalidBet } from '../engines/money';
import { assertLegalBet, spinRoulette, type RouletteBet, type RouletteOutcome } from '../engines/roulette/roulette';
import { fairSource } from '../rng/rng';
import { getTitle } from '../titles/registry';
import type { PlinkoTitle, RouletteTitle, Title } from '../titles/types';
import { replayBlackjack } from './blackjack-rounds';
import { replayMines } from './mines-rounds';
import type { InstantRound } from './rounds';
import { checkStake } from './stakes';

/**
 * Roulette spins and plinko drops as instant rounds: the stake (for roulette the total of the
 * bets) is debited and the win credited like a slot spin; the outcome is stored and replayable
 * from the seed and nonce.
 */

export function titleOfKind<K extends Title['kind']>(gameId: string, kind: K): Extract<Title, { kind: K }> {
  const title = getTitle(gameId);
  if (!title) throw new AppError('NOT_FOUND', `No game ${gameId}`);
  if (title.kind !== kind) throw new AppError('BAD_REQUEST', `This game session is for ${title.name}, not ${kind}`);
  return title as Extract<Title, { kind: K }>;
}

const minorOf = (major: number) => Number(toMinorUnits(major));

/** The bets in minor units, each checked against the layout and the table limits (400 naming the field). */
export function rouletteBets(title: RouletteTitle, currency: 'EUR' | 'GBP', bets: RouletteSpinRequest['bets']): { bets: RouletteBet[]; total: number } {
  const { rules } = title;
  const max = Math.min(rules.maxTotal, title.limits[currency].max);
  if (bets.length > rules.maxBets) throw fieldError('bets', `At most ${rules.maxBets} bets per spin`);
  let total = 0;
  const checked = bets.map((bet, index) => {
    try {
      assertLegalBet(bet.type, bet.numbers);
    } catch (error) {
      if (error instanceof InvalidBet) throw fieldError(`bets.${index}.numbers`, `${bet.numbers.join('-')} is not a ${bet.type} bet on the layout`);
      throw error;
    }
    const amount = minorOf(bet.stake);
    if (amount < rules.minBet) throw fieldError(`bets.${index}.stake`, `Each bet must be at least ${formatStake(rules.minBet)} ${currency}`);
    if (amount % rules.unit !== 0) throw fieldError(`bets.${index}.stake`, `Each bet must be a multiple of ${formatStake(rules.unit)} ${currency}`);
    total += amount;
    return { type: bet.type, numbers: [...bet.numbers], amount };
  });
  if (total > max) throw fieldError('bets', `The total of the bets must be at most ${formatStake(max)} ${currency}`);
  return { bets: checked, total };
}

export function rouletteRound(title: RouletteTitle, currency: 'EUR' | 'GBP', request: RouletteSpinRequest): InstantRound {
  const { bets, total } = rouletteBets(title, currency, request.bets);
  return {
    stakeMinor: total,
    clientRequestId: request.clientRequestId,
    check: () => undefined,
    compute: (seed, nonce) => {
      const outcome = rouletteOutcome(title, bets, seed, nonce);
      return { outcome, win: BigInt(outcome.totalReturned) };
    },
  };
}

export function rouletteOutcome(title: RouletteTitle, bets: readonly RouletteBet[], seed: { serverSeed: string; clientSeed: string }, nonce: number): RouletteOutcome {
  return spinRoulette(title.rules, bets, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
}

export function plinkoRound(title: PlinkoTitle, currency: 'EUR' | 'GBP', request: PlinkoDropRequest): InstantRound {
  const stakeMinor = minorOf(request.stake);
  return {
    stakeMinor,
    clientRequestId: request.clientRequestId,
    check: () => checkStake(title, currency, stakeMinor),
    compute: (seed, nonce) => {
      const outcome = plinkoOutcomeOf(title, stakeMinor, request.risk, seed, nonce);
      return { outcome, win: BigInt(outcome.win) };
    },
  };
}

export function plinkoOutcomeOf(title: PlinkoTitle, stakeMinor: number, risk: PlinkoDropRequest['risk'], seed: { serverSeed: string; clientSeed: string }, nonce: number): PlinkoOutcome {
  return dropBall(title.rules, stakeMinor, risk, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
}

/** Recomputes a stored roulette or plinko outcome from its seed (verification). */
export function recomputeTableOutcome(title: Title, stakeMinor: number, stored: unknown, seed: { serverSeed: string; clientSeed: string }, nonce: number): unknown {
  if (title.kind === 'roulette') {
    const results = (stored as { results?: { bet: RouletteBet }[] }).results ?? [];
    return rouletteOutcome(title, results.map((result) => result.bet), seed, nonce);
  }
  if (title.kind === 'blackjack') return replayBlackjack(title, stored, seed, nonce);
  if (title.kind === 'mines') return replayMines(title, stakeMinor, stored, seed, nonce);
  if (title.kind === 'plinko') return plinkoOutcomeOf(title, stakeMinor, (stored as { risk: PlinkoDropRequest['risk'] }).risk, seed, nonce);
  throw new AppError('BAD_REQUEST', `Rounds of ${title.name} cannot be verified here`);
}
