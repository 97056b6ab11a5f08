/**
 * What a round's `outcome` holds in the game server's answers, per game kind: the public view the
 * player may see (never the mine positions, the shoe or the hole card while the round is in play).
 * The server's kinds return these types from `publicView`, and the game client renders them. Types
 * only: nothing here reaches the client's bundle. Amounts are minor units.
 */

export interface SlotLineWinView {
  /** Payline index (0-based) for line games; -1 for ways wins. */
  line: number;
  symbol: string;
  count: number;
  /** Ways games: number of ways; line games: 1. */
  ways: number;
  multiplier: number;
  amount: number;
}

export interface SlotSpinView {
  /** window[reel][row] symbol ids. */
  window: string[][];
  lineWins: SlotLineWinView[];
  scatter: { symbol: string; count: number; amount: number } | null;
  freeSpinsAwarded: number;
  win: number;
}

/** kind `slot`: the base spin and any free spins it awarded. */
export interface SlotRoundView {
  stake: number;
  base: SlotSpinView;
  freeSpins: SlotSpinView[];
  freeSpinsPlayed: number;
  totalWin: number;
}

/** kind `roulette`. */
export interface RouletteView {
  number: number;
  colour: 'green' | 'red' | 'black';
  results: { bet: { type: string; numbers: number[]; amount: number }; won: boolean; returned: number }[];
  totalStake: number;
  totalReturned: number;
}

/** kind `plinko`. */
export interface PlinkoView {
  risk: 'low' | 'medium' | 'high';
  /** Bounces from the top: 0 = left, 1 = right. */
  path: number[];
  slot: number;
  /** Multiplier in tenths of the stake. */
  multiplierTenths: number;
  stake: number;
  win: number;
}

/** A round in play at a lock, settled for the player then (`settledAtLockSchema` in play.ts); amounts in minor units. */
export interface SettledAtLockView {
  reason: string;
  at: string;
  resolution: 'CASHED_OUT' | 'STOOD' | 'PAID_BY_RESULT' | 'VOIDED';
  returned: number;
}

/** kind `mines`: the mines only once the round has ended. */
export interface MinesView {
  game: 'mines';
  inPlay: boolean;
  win: number;
  phase: 'playing' | 'lost' | 'cashed';
  stake: number;
  mines: number;
  revealed: number[];
  minePositions: number[] | null;
  hit: number | null;
  payout: number;
  multiplier: number;
  nextMultiplier: number | null;
  /** What cashing out now pays at least; null when there is nothing to cash out. */
  cashOutAtLeast: number | null;
  /** Present when the round was closed at a lock (cashed out, or voided with the stake returned). */
  settledAtLock?: SettledAtLockView;
}

export type BlackjackHandOutcome = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';
export type BlackjackActionName = 'hit' | 'stand' | 'double' | 'split' | 'insurance';

/** kind `blackjack`: no shoe, the hole card (null) until settled, the actions allowed now. */
export interface BlackjackView {
  game: 'blackjack';
  inPlay: boolean;
  win: number;
  /** How many actions the round has had: the `seq` of the next action. */
  seq: number;
  legalActions: BlackjackActionName[];
  phase: 'insurance' | 'player' | 'settled';
  stake: number;
  /** Cards 0–51 (rank = card % 13, suit = card / 13); null is the face-down card. */
  dealer: (number | null)[];
  hands: { cards: number[]; stake: number; doubled: boolean; fromSplit: boolean; splitAces: boolean; done: boolean }[];
  active: number;
  insurance: number | null;
  totalStaked: number;
  settlement: {
    hands: { outcome: BlackjackHandOutcome; stake: number; returned: number }[];
    insurance: { stake: number; returned: number } | null;
    dealerTotal: number;
    dealerBlackjack: boolean;
    totalStaked: number;
    totalReturned: number;
  } | null;
  /** Present when the hand was closed at a lock (stood on every hand, or voided with the stakes returned). */
  settledAtLock?: SettledAtLockView;
}

/** The public view of each kind's outcome, by kind. */
export interface OutcomeViews {
  slot: SlotRoundView;
  roulette: RouletteView;
  plinko: PlinkoView;
  mines: MinesView;
  blackjack: BlackjackView;
}
