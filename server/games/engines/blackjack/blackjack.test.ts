import { describe, expect, it } from 'vitest';
import { HealthMonitor, ScriptedSource, fairSource } from '../../rng/rng';
import { InvalidBet } from '../money';
import { basicStrategy } from './basic-strategy';
import {
  type BlackjackRules,
  type BlackjackState,
  IllegalAction,
  act,
  deal,
  dealFromShoe,
  handTotal,
  legalActions,
  orderedShoe,
  publicView,
  rankOf,
} from './blackjack';

const RULES: BlackjackRules = { decks: 6, maxHands: 4, minBet: 100, maxBet: 50_000, unit: 100 };
const STAKE = 1_000;

/** Card of a rank (1 = ace … 13 = king); suits do not matter. */
const c = (rank: number): number => rank - 1;
const T = 10;
const A = 1;

/**
 * A shoe dealt in the order player, dealer up, player, dealer hole, then the rest in order.
 * The tail is filled with 2s so that any unexpected draw shows up in the totals.
 */
function shoe(player: [number, number], dealer: [number, number], rest: number[] = []): number[] {
  const head = [player[0], dealer[0], player[1], dealer[1], ...rest].map(c);
  return [...head, ...new Array<number>(30).fill(c(2))];
}

const start = (player: [number, number], dealer: [number, number], rest: number[] = [], stake = STAKE): BlackjackState =>
  dealFromShoe(RULES, stake, shoe(player, dealer, rest));

const play = (state: BlackjackState, ...types: ('hit' | 'stand' | 'double' | 'split')[]): BlackjackState =>
  types.reduce((s, type) => act(RULES, s, { type }), state);

describe('blackjack naturals and peek', () => {
  it('a player blackjack pays 3 to 2 at once', () => {
    const s = start([A, 13], [9, 7]);
    expect(s.phase).toBe('settled');
    expect(s.settlement).toMatchObject({ totalStaked: STAKE, totalReturned: 2_500, hands: [{ outcome: 'blackjack' }] });
  });

  it('blackjack against dealer blackjack is a push', () => {
    const s = start([A, 12], [T, A]);
    expect(s.settlement).toMatchObject({ dealerBlackjack: true, totalReturned: STAKE, hands: [{ outcome: 'push' }] });
  });

  it('the dealer peeks with a ten up: a dealer blackjack takes only the original stake before any action', () => {
    const s = start([T, 9], [13, A]);
    expect(s.phase).toBe('settled');
    expect(s.settlement).toMatchObject({ dealerBlackjack: true, totalStaked: STAKE, totalReturned: 0, hands: [{ outcome: 'lose' }] });
  });

  it('with no dealer blackjack under a ten, play goes on', () => {
    const s = start([T, 6], [T, 7]);
    expect(s.phase).toBe('player');
    expect(legalActions(RULES, s)).toEqual(['hit', 'stand', 'double']);
  });
});

describe('insurance', () => {
  it('is offered when the dealer shows an ace, costs half the stake and pays 2 to 1', () => {
    const s = start([T, 9], [A, 13]);
    expect(s.phase).toBe('insurance');
    expect(legalActions(RULES, s)).toEqual(['insurance']);
    expect(() => act(RULES, s, { type: 'hit' })).toThrow(IllegalAction);
    const after = act(RULES, s, { type: 'insurance', take: true });
    expect(after.settlement).toMatchObject({ dealerBlackjack: true, totalStaked: 1_500, totalReturned: 1_500, insurance: { stake: 500, returned: 1_500 } });
  });

  it('is lost when the dealer has no blackjack, and play continues', () => {
    const s = act(RULES, start([T, 9], [A, 7]), { type: 'insurance', take: true });
    expect(s.phase).toBe('player');
    expect(s.totalStaked).toBe(1_500);
    const done = play(s, 'stand'); // 19 v soft 18: dealer stands
    expect(done.settlement).toMatchObject({ dealerTotal: 18, insurance: { stake: 500, returned: 0 }, totalReturned: 2_000, hands: [{ outcome: 'win' }] });
  });

  it('declined insurance costs nothing; a player blackjack then pays 3 to 2', () => {
    const s = act(RULES, start([A, T], [A, 7]), { type: 'insurance', take: false });
    expect(s.settlement).toMatchObject({ insurance: null, totalStaked: STAKE, totalReturned: 2_500 });
  });
});

describe('dealer play', () => {
  it('stands on soft 17', () => {
    const s = start([T, 8], [A, 6]);
    // dealer shows an ace: insurance first
    expect(s.phase).toBe('insurance');
    const done = play(act(RULES, s, { type: 'insurance', take: false }), 'stand');
    expect(done.dealer).toHaveLength(2);
    expect(done.settlement).toMatchObject({ dealerTotal: 17, hands: [{ outcome: 'win' }] });
  });

  it('hits hard 16 and soft 16, stands on hard 17', () => {
    const hard = play(start([T, 9], [T, 6], [5]), 'stand');
    expect(hard.dealer.map(rankOf)).toEqual([10, 6, 5]);
    expect(hard.settlement).toMatchObject({ dealerTotal: 21, hands: [{ outcome: 'lose' }] });
    const soft = play(start([T, 9], [5, A], [A]), 'stand'); // 5+A = soft 16, +A = soft 17: stand
    expect(soft.dealer.map(rankOf)).toEqual([5, 1, 1]);
    expect(soft.settlement).toMatchObject({ dealerTotal: 17, hands: [{ outcome: 'win' }] });
  });

  it('equal totals push; a dealer bust pays every standing hand', () => {
    expect(play(start([T, 8], [T, 8]), 'stand').settlement).toMatchObject({ totalReturned: STAKE, hands: [{ outcome: 'push' }] });
    expect(play(start([T, 2], [T, 6], [T]), 'stand').settlement).toMatchObject({ dealerTotal: 26, totalReturned: 2 * STAKE });
  });

  it('does not draw when every hand is bust', () => {
    const s = play(start([T, 6], [T, 5], [T]), 'hit');
    expect(s.dealer).toHaveLength(2);
    expect(s.settlement).toMatchObject({ totalReturned: 0, hands: [{ outcome: 'bust' }] });
  });
});

describe('player actions', () => {
  it('hit draws a card; a hand reaching 21 stands by itself', () => {
    const s = play(start([5, 6], [T, 7], [T]), 'hit');
    expect(s.phase).toBe('settled');
    expect(handTotal(s.hands[0]!.cards).total).toBe(21);
  });

  it('double: the stake doubles, exactly one card, then the hand is done', () => {
    const s = play(start([5, 6], [T, 7], [9]), 'double');
    expect(s.hands[0]).toMatchObject({ stake: 2 * STAKE, doubled: true });
    expect(s.hands[0]!.cards).toHaveLength(3);
    expect(s.settlement).toMatchObject({ totalStaked: 2 * STAKE, totalReturned: 4 * STAKE, hands: [{ outcome: 'win' }] });
  });

  it('double and split only on the first two cards', () => {
    const s = play(start([2, 3], [T, 7], [2]), 'hit');
    expect(legalActions(RULES, s)).toEqual(['hit', 'stand']);
    expect(() => act(RULES, s, { type: 'double' })).toThrow(IllegalAction);
    expect(() => act(RULES, start([T, 9], [T, 7]), { type: 'split' })).toThrow(IllegalAction);
  });

  it('split makes two hands, each with the original stake; double after split is allowed', () => {
    // 8,8 v 6: split; hand 1 gets 3 (11) and doubles onto a 10; hand 2 gets 10 (18) and stands
    const s0 = start([8, 8], [6, T], [3, T, T]);
    const s1 = play(s0, 'split');
    expect(s1.hands).toHaveLength(2);
    expect(s1.totalStaked).toBe(2 * STAKE);
    expect(legalActions(RULES, s1)).toContain('double');
    const s2 = play(s1, 'double');
    expect(s2.active).toBe(1);
    expect(s2.hands[1]!.cards.map(rankOf)).toEqual([8, 10]);
    const s3 = play(s2, 'stand');
    // dealer 6+10 = 16 draws a 2 (the shoe's filler) = 18
    expect(s3.settlement).toMatchObject({
      dealerTotal: 18,
      totalStaked: 3 * STAKE,
      hands: [
        { outcome: 'win', stake: 2 * STAKE },
        { outcome: 'push', stake: STAKE },
      ],
    });
    expect(s3.settlement!.totalReturned).toBe(4 * STAKE + STAKE);
  });

  it('re-splits up to four hands and no further', () => {
    const s = play(start([8, 8], [6, T], [8, 8, 8]), 'split', 'split', 'split');
    expect(s.hands).toHaveLength(4);
    expect(s.hands[0]!.cards.map(rankOf)).toEqual([8, 8]);
    expect(legalActions(RULES, s)).not.toContain('split');
    expect(s.totalStaked).toBe(4 * STAKE);
  });

  it('split aces take one card each and cannot be split again; 21 after a split is not a blackjack', () => {
    const s = play(start([A, A], [6, T], [T, A]), 'split');
    expect(s.phase).toBe('settled');
    expect(s.hands.map((h) => h.cards.map(rankOf))).toEqual([
      [1, 10],
      [1, 1],
    ]);
    // dealer 16 draws a 2: 18; hand 1 = 21 wins 1:1, hand 2 = soft 12 loses
    expect(s.settlement).toMatchObject({ dealerTotal: 18, hands: [{ outcome: 'win', returned: 2 * STAKE }, { outcome: 'lose' }] });
  });

  it('nothing is allowed once the round is settled', () => {
    const s = start([A, 13], [9, 7]);
    expect(legalActions(RULES, s)).toEqual([]);
    expect(() => act(RULES, s, { type: 'stand' })).toThrow(IllegalAction);
  });

  it('stakes must be even multiples of the unit within the table limits', () => {
    expect(() => dealFromShoe(RULES, 150, orderedShoe(6))).toThrow(InvalidBet);
    expect(() => dealFromShoe(RULES, 50, orderedShoe(6))).toThrow(InvalidBet);
    expect(() => dealFromShoe(RULES, 60_000, orderedShoe(6))).toThrow(InvalidBet);
  });
});

describe('shoe, state and view', () => {
  it('deals from a six-deck shoe shuffled by the random source', () => {
    const s = deal(RULES, STAKE, fairSource({ serverSeed: 'b'.repeat(64), clientSeed: 'x', nonce: 1 }, { health: new HealthMonitor() }));
    expect(s.shoe).toHaveLength(312);
    expect([...s.shoe].sort((a, b) => a - b)).toEqual(orderedShoe(6).sort((a, b) => a - b));
  });

  it('the shuffle is the front-to-back Fisher–Yates of the ordered shoe', () => {
    // choosing j = i for every position keeps the order; j = i + 1 at position 0 swaps the first two cards
    const script = new Array<number>(311).fill(0);
    script[0] = 1;
    const s = deal(RULES, STAKE, new ScriptedSource(script));
    expect(s.shoe.slice(0, 4)).toEqual([1, 0, 2, 3]);
  });

  it('the state is plain data: a round resumes from its JSON copy', () => {
    const s = play(start([8, 8], [6, T], [3, T, T]), 'split');
    const copy = JSON.parse(JSON.stringify(s)) as BlackjackState;
    expect(play(copy, 'double', 'stand')).toEqual(play(s, 'double', 'stand'));
  });

  it('the public view hides the hole card and the shoe until the round is settled', () => {
    const s = start([T, 6], [T, 7]);
    const view = publicView(s);
    expect(view.dealer).toEqual([s.dealer[0], null]);
    expect(view).not.toHaveProperty('shoe');
    expect(publicView(play(s, 'stand')).dealer).toHaveLength(2);
  });
});

describe('basic strategy', () => {
  const choose = (player: [number, number], dealer: [number, number]): string => {
    const s = start(player, dealer);
    return basicStrategy(RULES, s.phase === 'insurance' ? act(RULES, s, { type: 'insurance', take: false }) : s).type;
  };
  it('follows the 6-deck S17 DAS table', () => {
    expect(choose([T, 6], [T, 7])).toBe('hit');
    expect(choose([T, 6], [6, 7])).toBe('stand');
    expect(choose([T, 2], [3, 7])).toBe('hit');
    expect(choose([T, 2], [4, 7])).toBe('stand');
    expect(choose([5, 6], [T, 7])).toBe('double');
    expect(choose([5, 6], [A, 7])).toBe('hit');
    expect(choose([A, 7], [9, 7])).toBe('hit');
    expect(choose([A, 7], [6, 7])).toBe('double');
    expect(choose([A, 7], [2, 7])).toBe('stand');
    expect(choose([8, 8], [T, 7])).toBe('split');
    expect(choose([9, 9], [7, 7])).toBe('stand');
    expect(choose([A, A], [A, 7])).toBe('split');
    expect(choose([T, T], [6, 7])).toBe('stand');
    expect(choose([4, 4], [5, 7])).toBe('split');
    expect(choose([5, 5], [9, 7])).toBe('double');
  });
  it('declines insurance', () => {
    expect(basicStrategy(RULES, start([T, 9], [A, 7]))).toEqual({ type: 'insurance', take: false });
  });
});
