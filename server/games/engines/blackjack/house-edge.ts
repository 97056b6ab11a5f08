import type { RandomSource } from '../../rng/rng';
import { basicStrategy } from './basic-strategy';
import { type BlackjackRules, type Card, act, dealFromShoe, orderedShoe } from './blackjack';

/**
 * Monte Carlo estimate of the return of basic strategy, playing every round through the engine.
 * Each round starts from a freshly shuffled six-deck shoe. Only the cards a round can reach are
 * shuffled: the front-to-back Fisher–Yates fixes position i from the still unshuffled tail, so
 * shuffling the first k positions gives exactly the distribution of the first k cards of a full
 * shuffle, and the shuffle is extended before every action to stay well ahead of the cards in use.
 */

export interface HouseEdgeEstimate {
  rounds: number;
  /** Mean amount returned per unit of initial stake (stake included): the RTP. */
  rtp: number;
  /** Standard error of `rtp`. */
  standardError: number;
  /** Standard deviation of the net result of one round per unit of initial stake. */
  sigma: number;
  /** Mean total staked per unit of initial stake (doubles, splits). */
  averageStaked: number;
}

/** Cards kept shuffled ahead of the next card to be dealt: more than one action can use. */
const LOOKAHEAD = 24;

export function simulateBasicStrategy(rules: BlackjackRules, rounds: number, rng: RandomSource): HouseEdgeEstimate {
  const stake = rules.minBet % 2 === 0 ? rules.minBet : rules.minBet * 2;
  const cards: Card[] = orderedShoe(rules.decks);
  let shuffled = 0;
  const shuffleTo = (upTo: number): void => {
    const end = Math.min(upTo, cards.length - 1);
    for (let i = shuffled; i < end; i++) {
      const j = i + rng.randomInt(cards.length - i);
      const t = cards[i]!;
      cards[i] = cards[j]!;
      cards[j] = t;
    }
    shuffled = Math.max(shuffled, end);
  };
  let sum = 0;
  let sumSquares = 0;
  let staked = 0;
  for (let r = 0; r < rounds; r++) {
    shuffled = 0;
    shuffleTo(4 + LOOKAHEAD);
    let state = dealFromShoe(rules, stake, cards);
    while (state.phase !== 'settled') {
      shuffleTo(state.next + LOOKAHEAD);
      state = act(rules, state, basicStrategy(rules, state));
    }
    if (state.next > shuffled) throw new Error('a round used cards beyond the shuffled part of the shoe');
    const { totalReturned, totalStaked } = state.settlement!;
    const net = (totalReturned - totalStaked) / stake;
    sum += net;
    sumSquares += net * net;
    staked += totalStaked / stake;
  }
  const mean = sum / rounds;
  const variance = sumSquares / rounds - mean * mean;
  return { rounds, rtp: 1 + mean, standardError: Math.sqrt(variance / rounds), sigma: Math.sqrt(variance), averageStaked: staked / rounds };
}
