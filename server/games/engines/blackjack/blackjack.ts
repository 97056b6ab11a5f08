import type { BlackjackHandOutcome, BlackjackView } from '../../../../contracts/games/outcomes';
import type { RandomSource } from '../../rng/rng';
import { shuffle } from '../../rng/rng';
import { InvalidBet, assertMinorUnits } from '../money';

/**
 * Blackjack as a state machine over an explicit, serialisable state:
 *
 *   deal ──► (dealer shows an ace) insurance decision ──► dealer peeks ──► player actions per hand
 *        ──► dealer draws ──► settled
 *
 * Rules: six decks shuffled for every round (the whole shoe is drawn from the round's random source at
 * the deal), dealer stands on soft 17, blackjack pays 3 to 2, double on any first two cards (also after
 * a split), split pairs of equal value up to four hands, split aces take one card each and cannot be
 * split again, a two-card 21 after a split is 21 (not blackjack), insurance pays 2 to 1 when the dealer
 * shows an ace, and the dealer peeks with an ace or ten up, so a dealer blackjack takes only the
 * original stake (and insurance). A hand reaching 21 stands automatically.
 *
 * Money: minor units; the stake must be even so that 3:2 and half-stake insurance are whole units.
 * The state holds the future cards: the game server keeps it and shows the player `publicView(state)`.
 */

export interface BlackjackRules {
  decks: number;
  /** Most hands after splitting. */
  maxHands: number;
  minBet: number;
  maxBet: number;
  /** Stakes are multiples of this (even). */
  unit: number;
}

/** Card id 0…51: rank = id % 13 + 1 (1 = ace, 11–13 = J, Q, K), suit = ⌊id / 13⌋. */
export type Card = number;
export const rankOf = (card: Card): number => (card % 13) + 1;
/** Blackjack value with the ace as 1. */
export const valueOf = (card: Card): number => Math.min(rankOf(card), 10);

export interface HandTotal {
  total: number;
  soft: boolean;
}

export function handTotal(cards: readonly Card[]): HandTotal {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    const v = valueOf(c);
    total += v;
    if (v === 1) aces++;
  }
  if (aces > 0 && total + 10 <= 21) return { total: total + 10, soft: true };
  return { total, soft: false };
}

export const isBlackjack = (cards: readonly Card[]): boolean => cards.length === 2 && handTotal(cards).total === 21;

export interface PlayerHand {
  cards: Card[];
  stake: number;
  doubled: boolean;
  /** Came from a split (a two-card 21 is then not a blackjack). */
  fromSplit: boolean;
  splitAces: boolean;
  done: boolean;
}

export type HandOutcome = BlackjackHandOutcome;

/** A settled round, as the player is shown it. */
export type Settlement = NonNullable<BlackjackView['settlement']>;

export interface BlackjackState {
  phase: 'insurance' | 'player' | 'settled';
  stake: number;
  /** The shuffled shoe; cards are taken from index `next` on. Secret. */
  shoe: readonly Card[];
  next: number;
  /** dealer[0] is the up card, dealer[1] the hole card (secret until settled). */
  dealer: Card[];
  hands: PlayerHand[];
  active: number;
  /** Insurance stake once decided (0 = declined); null when not offered or not yet decided. */
  insurance: number | null;
  /** Everything staked so far (stake, doubles, splits, insurance): the wallet debits the increase after each action. */
  totalStaked: number;
  settlement: Settlement | null;
}

export type BlackjackAction = { type: 'hit' } | { type: 'stand' } | { type: 'double' } | { type: 'split' } | { type: 'insurance'; take: boolean };

export class IllegalAction extends Error {
  override readonly name = 'IllegalAction';
}

/** A fresh, ordered shoe of `decks` decks. */
export function orderedShoe(decks: number): Card[] {
  const shoe: Card[] = [];
  for (let d = 0; d < decks; d++) for (let c = 0; c < 52; c++) shoe.push(c);
  return shoe;
}

export function assertStake(rules: BlackjackRules, stake: number): void {
  assertMinorUnits(stake, 'stake');
  if (stake < rules.minBet || stake > rules.maxBet) throw new InvalidBet(`stake must be between ${rules.minBet} and ${rules.maxBet}`);
  if (stake % rules.unit !== 0 || stake % 2 !== 0) throw new InvalidBet(`stake must be a multiple of ${rules.unit} (and even)`);
}

/** Deal a round: shuffle the whole shoe from the random source, then deal from it. */
export function deal(rules: BlackjackRules, stake: number, rng: RandomSource): BlackjackState {
  assertStake(rules, stake);
  return dealFromShoe(rules, stake, shuffle(rng, orderedShoe(rules.decks)));
}

/** Deal from a given shoe order: player, dealer up, player, dealer hole. */
export function dealFromShoe(rules: BlackjackRules, stake: number, shoe: readonly Card[]): BlackjackState {
  assertStake(rules, stake);
  if (shoe.length < 20) throw new RangeError('shoe too short');
  const player = [shoe[0]!, shoe[2]!];
  const dealer = [shoe[1]!, shoe[3]!];
  const state: BlackjackState = {
    phase: 'player',
    stake,
    shoe,
    next: 4,
    dealer,
    hands: [{ cards: player, stake, doubled: false, fromSplit: false, splitAces: false, done: false }],
    active: 0,
    insurance: null,
    totalStaked: stake,
    settlement: null,
  };
  if (valueOf(dealer[0]!) === 1) return { ...state, phase: 'insurance' };
  return afterPeek(state);
}

/** After insurance is decided (or not offered): the dealer peeks, naturals settle at once. */
function afterPeek(state: BlackjackState): BlackjackState {
  const up = valueOf(state.dealer[0]!);
  if ((up === 1 || up === 10) && isBlackjack(state.dealer)) return settle(state);
  if (isBlackjack(state.hands[0]!.cards)) return settle(state);
  return state;
}

const draw = (state: { shoe: readonly Card[]; next: number }): Card => {
  const card = state.shoe[state.next];
  if (card === undefined) throw new Error('shoe exhausted');
  state.next += 1;
  return card;
};

function cloneForAction(state: BlackjackState): BlackjackState {
  return { ...state, dealer: [...state.dealer], hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })) };
}

/** Actions the player may take now. */
export function legalActions(rules: BlackjackRules, state: BlackjackState): BlackjackAction['type'][] {
  if (state.phase === 'insurance') return ['insurance'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active]!;
  const actions: BlackjackAction['type'][] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    const pair = valueOf(hand.cards[0]!) === valueOf(hand.cards[1]!);
    if (pair && state.hands.length < rules.maxHands && !hand.splitAces) actions.push('split');
  }
  return actions;
}

/** Apply one action; returns the next state. Throws `IllegalAction` for anything not allowed now. */
export function act(rules: BlackjackRules, state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!legalActions(rules, state).includes(action.type)) throw new IllegalAction(`${action.type} is not allowed now`);
  const s = cloneForAction(state);
  if (action.type === 'insurance') {
    if (typeof action.take !== 'boolean') throw new IllegalAction('insurance needs take: true or false');
    const amount = action.take ? s.stake / 2 : 0;
    return afterPeek({ ...s, insurance: amount, totalStaked: s.totalStaked + amount, phase: 'player' });
  }
  const hand = s.hands[s.active]!;
  switch (action.type) {
    case 'hit': {
      hand.cards.push(draw(s));
      const { total } = handTotal(hand.cards);
      if (total >= 21) hand.done = true;
      break;
    }
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      s.totalStaked += hand.stake;
      hand.stake *= 2;
      hand.doubled = true;
      hand.cards.push(draw(s));
      hand.done = true;
      break;
    case 'split': {
      const aces = valueOf(hand.cards[0]!) === 1;
      const second: PlayerHand = { cards: [hand.cards[1]!], stake: s.stake, doubled: false, fromSplit: true, splitAces: aces, done: false };
      hand.cards = [hand.cards[0]!];
      hand.fromSplit = true;
      hand.splitAces = aces;
      s.totalStaked += s.stake;
      s.hands.splice(s.active + 1, 0, second);
      hand.cards.push(draw(s));
      if (aces) {
        hand.done = true;
        second.cards.push(draw(s));
        second.done = true;
      } else if (handTotal(hand.cards).total === 21) hand.done = true;
      break;
    }
  }
  return advance(s);
}

/** Move to the next unfinished hand (dealing a split hand its second card), or play the dealer. */
function advance(s: BlackjackState): BlackjackState {
  while (s.active < s.hands.length && s.hands[s.active]!.done) {
    s.active += 1;
    const hand = s.hands[s.active];
    if (hand && hand.cards.length === 1) {
      hand.cards.push(draw(s));
      if (handTotal(hand.cards).total === 21) hand.done = true;
    }
  }
  if (s.active < s.hands.length) return s;
  s.active = s.hands.length - 1;
  // Dealer draws only when some hand is still standing; stands on all 17s.
  if (s.hands.some((h) => handTotal(h.cards).total <= 21)) {
    while (handTotal(s.dealer).total < 17) s.dealer.push(draw(s));
  }
  return settle(s);
}

function settle(s: BlackjackState): BlackjackState {
  const dealerBlackjack = isBlackjack(s.dealer);
  const dealerTotal = handTotal(s.dealer).total;
  const hands = s.hands.map((hand) => {
    const total = handTotal(hand.cards).total;
    const natural = !hand.fromSplit && isBlackjack(hand.cards);
    let outcome: HandOutcome;
    if (total > 21) outcome = 'bust';
    else if (natural && !dealerBlackjack) outcome = 'blackjack';
    else if (dealerBlackjack) outcome = natural ? 'push' : 'lose';
    else if (dealerTotal > 21 || total > dealerTotal) outcome = 'win';
    else if (total === dealerTotal) outcome = 'push';
    else outcome = 'lose';
    const returned = outcome === 'blackjack' ? (hand.stake * 5) / 2 : outcome === 'win' ? hand.stake * 2 : outcome === 'push' ? hand.stake : 0;
    return { outcome, stake: hand.stake, returned };
  });
  const insurance = s.insurance ? { stake: s.insurance, returned: dealerBlackjack ? s.insurance * 3 : 0 } : null;
  const totalReturned = hands.reduce((sum, h) => sum + h.returned, 0) + (insurance?.returned ?? 0);
  return {
    ...s,
    phase: 'settled',
    settlement: { hands, insurance, dealerTotal, dealerBlackjack, totalStaked: s.totalStaked, totalReturned },
  };
}

/** What the player may see: no shoe, and the hole card only once the round is settled. */
export function publicView(state: BlackjackState): {
  phase: BlackjackState['phase'];
  stake: number;
  dealer: (Card | null)[];
  hands: PlayerHand[];
  active: number;
  insurance: number | null;
  totalStaked: number;
  settlement: Settlement | null;
} {
  const settled = state.phase === 'settled';
  return {
    phase: state.phase,
    stake: state.stake,
    dealer: settled ? [...state.dealer] : [state.dealer[0]!, null],
    hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })),
    active: state.active,
    insurance: state.insurance,
    totalStaked: state.totalStaked,
    settlement: state.settlement,
  };
}
