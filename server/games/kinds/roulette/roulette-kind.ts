import { rouletteSpinRequestSchema, type RouletteSpinRequest } from '../../../../contracts/games/table-games';
import { toMinorUnits } from '../../../../contracts/money';
import { fieldError } from '../../../http/app-error';
import { formatStake, InvalidBet, type Currency } from '../../engines/money';
import { assertLegalBet, spinRoulette, type RouletteBet, type RouletteOutcome } from '../../engines/roulette/roulette';
import { fairSource } from '../../rng/rng';
import type { RouletteTitle } from '../../titles/types';
import { defineGameKind, type Seeds } from '../game-kind';

/**
 * European roulette: one spin is one instant round whose stake is the total of its bets; the win
 * is what the bets return. The outcome keeps every bet, so a round replays from its seed.
 */

/** The bets in minor units, each checked against the layout and the table limits (400 naming the field). */
export function rouletteBets(title: RouletteTitle, currency: Currency, bets: RouletteSpinRequest['bets']): { bets: RouletteBet[]; total: number } {
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
    const amount = Number(toMinorUnits(bet.stake));
    if (amount < rules.minBet) throw fieldError(`bets.${index}.stake`, `Each bet must be at least ${formatStake(rules.minBet, currency)}`);
    if (amount % rules.unit !== 0) throw fieldError(`bets.${index}.stake`, `Each bet must be a multiple of ${formatStake(rules.unit, currency)}`);
    total += amount;
    return { type: bet.type, numbers: [...bet.numbers], amount };
  });
  if (total > max) throw fieldError('bets', `The total of the bets must be at most ${formatStake(max, currency)}`);
  return { bets: checked, total };
}

export function rouletteOutcome(title: RouletteTitle, bets: readonly RouletteBet[], seed: Seeds, nonce: number): RouletteOutcome {
  return spinRoulette(title.rules, bets, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
}

export const rouletteKind = defineGameKind<RouletteTitle, RouletteSpinRequest>({
  kind: 'roulette',
  staysInPlay: false,
  start: {
    path: '/roulette/spin',
    summary: 'One roulette spin: the total of the bets is debited, the win credited (game session cookie)',
    body: rouletteSpinRequestSchema,
    round: (title, session, request) => {
      // Checked at once: a refused bet is answered before the round's transaction begins.
      const { bets, total } = rouletteBets(title, session.currency, request.bets);
      return {
        stakeMinor: total,
        clientRequestId: request.clientRequestId,
        check: () => undefined,
        compute: (seed, nonce) => {
          const outcome = rouletteOutcome(title, bets, seed, nonce);
          return { outcome, win: BigInt(outcome.totalReturned) };
        },
      };
    },
  },
  steps: {},
  publicView: (_title, outcome) => outcome as RouletteOutcome,
  replay: (title, round, seed, nonce) => {
    const results = (round.outcome as { results?: { bet: RouletteBet }[] }).results ?? [];
    const outcome = rouletteOutcome(
      title,
      results.map((result) => result.bet),
      seed,
      nonce,
    );
    return { outcome, win: outcome.totalReturned };
  },
});
