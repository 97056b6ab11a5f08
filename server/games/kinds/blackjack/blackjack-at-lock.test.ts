import { describe, expect, it } from 'vitest';
import { act, dealFromShoe, orderedShoe, type Card } from '../../engines/blackjack/blackjack';
import { blackjackClassic } from '../../titles/table-and-mini-games';
import { blackjackKind, type BlackjackOutcome } from './blackjack-kind';

/** A blackjack hand in play at a lock closes at the better of standing and voiding (issue 26, item 7). */

const rules = blackjackClassic.rules;
const seed = { serverSeed: 'ab'.repeat(32), clientSeed: 'client-seed' };
// Card c: rank c % 13 + 1 (1 = ace, 10–13 = ten and faces).
const TEN = 9;
const SEVEN = 6;
const TWO = 1;

/** A shoe that deals the player `p1, p2` and the dealer `d1, d2`, then tens. */
function shoe(p1: Card, d1: Card, p2: Card, d2: Card): Card[] {
  return [p1, d1, p2, d2, ...orderedShoe(1).map(() => TEN)];
}

const inPlay = (state: ReturnType<typeof dealFromShoe>): BlackjackOutcome => ({ game: 'blackjack', inPlay: true, win: 0, actions: [], state });

describe('blackjack at a lock', () => {
  it('stands when standing returns at least the stake: 20 against the dealer’s 17 wins', () => {
    const state = dealFromShoe(rules, 100, shoe(TEN, TEN, TEN, SEVEN));
    expect(state.phase).toBe('player');
    const closed = blackjackKind.atLock!(blackjackClassic, { stake: 100, outcome: inPlay(state), nonce: 0 }, seed);
    expect(closed).toMatchObject({ resolution: 'STOOD', win: 200n, outcome: { inPlay: false, state: { phase: 'settled' }, actions: [{ type: 'stand' }] } });
  });

  it('voids, every stake back, when standing would lose: 12 against the dealer’s 20', () => {
    const state = dealFromShoe(rules, 100, shoe(TEN, TEN, TWO, TEN));
    const closed = blackjackKind.atLock!(blackjackClassic, { stake: 100, outcome: inPlay(state), nonce: 0 }, seed);
    expect(closed).toMatchObject({ resolution: 'VOIDED', furtherBets: [] });
  });

  it('declines insurance still offered and stands, never drawing a card for the player', () => {
    const ACE = 0;
    const state = dealFromShoe(rules, 100, shoe(TEN, ACE, TEN, SEVEN));
    expect(state.phase).toBe('insurance');
    const closed = blackjackKind.atLock!(blackjackClassic, { stake: 100, outcome: inPlay(state), nonce: 0 }, seed);
    expect(closed.resolution).toBe('STOOD');
    const outcome = closed.outcome as BlackjackOutcome;
    expect(outcome.actions).toEqual([{ type: 'insurance', take: false }, { type: 'stand' }]);
    expect(outcome.state.hands[0]!.cards).toHaveLength(2);
    // The same as the player's own moves would give.
    expect(outcome.state).toEqual(act(rules, act(rules, state, { type: 'insurance', take: false }), { type: 'stand' }));
  });
});
