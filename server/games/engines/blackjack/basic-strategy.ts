import { type BlackjackAction, type BlackjackRules, type BlackjackState, handTotal, legalActions, valueOf } from './blackjack';

/**
 * Basic strategy for six decks, dealer stands on soft 17, double after split, no surrender
 * (the table's rules). Insurance is always declined. Rows are the player's hand, columns the dealer's
 * up card 2, 3, …, 10, A. H hit, S stand, D double (else hit), Ds double (else stand), P split.
 */

type Move = 'H' | 'S' | 'D' | 'Ds' | 'P';
const row = (spec: string): Move[] => spec.split(' ') as Move[];

/** Hard totals 4…21 (index total − 4). */
const HARD: Move[][] = [
  ...Array.from({ length: 5 }, () => row('H H H H H H H H H H')), // 4–8
  row('H D D D D H H H H H'), // 9
  row('D D D D D D D D H H'), // 10
  row('D D D D D D D D D H'), // 11
  row('H H S S S H H H H H'), // 12
  row('S S S S S H H H H H'), // 13
  row('S S S S S H H H H H'), // 14
  row('S S S S S H H H H H'), // 15
  row('S S S S S H H H H H'), // 16
  ...Array.from({ length: 5 }, () => row('S S S S S S S S S S')), // 17–21
];

/** Soft totals 12…21 (index total − 12). */
const SOFT: Move[][] = [
  row('H H H H H H H H H H'), // 12 (A,A when it cannot be split)
  row('H H H D D H H H H H'), // 13 A,2
  row('H H H D D H H H H H'), // 14 A,3
  row('H H D D D H H H H H'), // 15 A,4
  row('H H D D D H H H H H'), // 16 A,5
  row('H D D D D H H H H H'), // 17 A,6
  row('S Ds Ds Ds Ds S S H H H'), // 18 A,7
  row('S S S S S S S S S S'), // 19 A,8
  row('S S S S S S S S S S'), // 20 A,9
  row('S S S S S S S S S S'), // 21
];

/** Pairs by card value 1 (aces) … 10: split or not (else play the total). */
const PAIRS: Record<number, string> = {
  1: 'P P P P P P P P P P',
  2: 'P P P P P P H H H H',
  3: 'P P P P P P H H H H',
  4: 'H H H P P H H H H H',
  5: 'D D D D D D D D H H',
  6: 'P P P P P H H H H H',
  7: 'P P P P P P H H H H',
  8: 'P P P P P P P P P P',
  9: 'P P P P P S P P S S',
  10: 'S S S S S S S S S S',
};

/** Column for the dealer's up card: 2…10 → 0…8, ace → 9. */
const column = (up: number): number => (up === 1 ? 9 : up - 2);

/** The basic-strategy action for the current state. */
export function basicStrategy(rules: BlackjackRules, state: BlackjackState): BlackjackAction {
  if (state.phase === 'insurance') return { type: 'insurance', take: false };
  const legal = legalActions(rules, state);
  const hand = state.hands[state.active]!;
  const col = column(valueOf(state.dealer[0]!));
  const canDouble = legal.includes('double');
  if (legal.includes('split')) {
    const move = PAIRS[valueOf(hand.cards[0]!)]!.split(' ')[col] as Move;
    if (move === 'P') return { type: 'split' };
  }
  const { total, soft } = handTotal(hand.cards);
  const move = soft ? SOFT[total - 12]![col]! : HARD[Math.max(total, 4) - 4]![col]!;
  switch (move) {
    case 'D':
      return { type: canDouble ? 'double' : 'hit' };
    case 'Ds':
      return { type: canDouble ? 'double' : 'stand' };
    case 'H':
      return { type: 'hit' };
    default:
      return { type: 'stand' };
  }
}
