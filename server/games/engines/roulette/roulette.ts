import type { RandomSource } from '../../rng/rng';
import { InvalidBet, assertMinorUnits } from '../money';

/**
 * European roulette: one zero, 37 pockets. Every bet names the numbers it covers and is checked to be
 * a legal bet of its type on the table layout. A winning bet returns its amount × (payout + 1); every
 * bet loses when its numbers do not come up (outside bets lose on zero: no la partage, no en prison).
 * Each bet type covers k numbers and pays (36 / k) − 1 to one, so every bet returns 36/37 of its stake.
 */

export const POCKETS = 37;
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const RED = new Set(RED_NUMBERS);

export type RouletteBetType = 'straight' | 'split' | 'street' | 'corner' | 'sixLine' | 'dozen' | 'column' | 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';

/** Payout to one for each bet type. */
export const PAYOUT: Record<RouletteBetType, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  sixLine: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

export const BET_TYPES = Object.keys(PAYOUT) as RouletteBetType[];

export interface RouletteBet {
  type: RouletteBetType;
  /** The numbers covered, in any order. */
  numbers: number[];
  /** Minor units. */
  amount: number;
}

export interface RouletteRules {
  /** Smallest amount on one bet, minor units. */
  minBet: number;
  /** Largest total of all bets in one spin, minor units. */
  maxTotal: number;
  /** Every bet amount is a whole number of this unit (the smallest chip). */
  unit: number;
  /** Most bets in one spin. */
  maxBets: number;
}

export type PocketColour = 'green' | 'red' | 'black';

export function colourOf(n: number): PocketColour {
  return n === 0 ? 'green' : RED.has(n) ? 'red' : 'black';
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every legal set of numbers per bet type on the European layout (three columns, zero at the top). */
function legalBets(): Record<RouletteBetType, number[][]> {
  const splits: number[][] = [
    [0, 1],
    [0, 2],
    [0, 3],
  ];
  const corners: number[][] = [[0, 1, 2, 3]];
  const streets: number[][] = [
    [0, 1, 2],
    [0, 2, 3],
  ];
  const sixLines: number[][] = [];
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) splits.push([n, n + 1]);
    if (n <= 33) splits.push([n, n + 3]);
    if (n % 3 === 1) streets.push([n, n + 1, n + 2]);
    if (n % 3 !== 0 && n <= 32) corners.push([n, n + 1, n + 3, n + 4]);
    if (n % 3 === 1 && n <= 31) sixLines.push(range(n, n + 5));
  }
  const all = range(1, 36);
  return {
    straight: range(0, 36).map((n) => [n]),
    split: splits,
    street: streets,
    corner: corners,
    sixLine: sixLines,
    dozen: [range(1, 12), range(13, 24), range(25, 36)],
    column: [1, 2, 0].map((r) => all.filter((n) => n % 3 === r)),
    red: [all.filter((n) => RED.has(n))],
    black: [all.filter((n) => !RED.has(n))],
    odd: [all.filter((n) => n % 2 === 1)],
    even: [all.filter((n) => n % 2 === 0)],
    low: [range(1, 18)],
    high: [range(19, 36)],
  };
}

export const LEGAL_BETS: Readonly<Record<RouletteBetType, readonly (readonly number[])[]>> = legalBets();
const LEGAL_KEYS = new Map(BET_TYPES.map((type) => [type, new Set(LEGAL_BETS[type].map((numbers) => numbers.join(',')))]));

/** Throws `InvalidBet` unless the numbers form a legal bet of the type. */
export function assertLegalBet(type: RouletteBetType, numbers: readonly number[]): void {
  const legal = LEGAL_KEYS.get(type);
  if (!legal) throw new InvalidBet(`unknown bet type ${String(type)}`);
  if (!numbers.every((n) => Number.isInteger(n) && n >= 0 && n < POCKETS)) throw new InvalidBet(`${type}: numbers must be pockets 0–36`);
  const key = [...numbers].sort((a, b) => a - b).join(',');
  if (new Set(numbers).size !== numbers.length || !legal.has(key)) throw new InvalidBet(`${type}: ${numbers.join('-')} is not a ${type} bet on the layout`);
}

/** Throws `InvalidBet` unless every bet is legal and the amounts respect the table limits. */
export function validateBets(rules: RouletteRules, bets: readonly RouletteBet[]): number {
  if (bets.length === 0) throw new InvalidBet('no bets');
  if (bets.length > rules.maxBets) throw new InvalidBet(`at most ${rules.maxBets} bets per spin`);
  let total = 0;
  for (const bet of bets) {
    assertLegalBet(bet.type, bet.numbers);
    assertMinorUnits(bet.amount, 'bet amount');
    if (bet.amount < rules.minBet) throw new InvalidBet(`each bet must be at least ${rules.minBet}`);
    if (bet.amount % rules.unit !== 0) throw new InvalidBet(`bet amounts must be multiples of ${rules.unit}`);
    total += bet.amount;
  }
  if (total > rules.maxTotal) throw new InvalidBet(`total stake ${total} exceeds the table maximum ${rules.maxTotal}`);
  return total;
}

export interface RouletteBetResult {
  bet: RouletteBet;
  won: boolean;
  /** Returned to the player (stake included) in minor units; 0 when lost. */
  returned: number;
}

export interface RouletteOutcome {
  number: number;
  colour: PocketColour;
  results: RouletteBetResult[];
  totalStake: number;
  totalReturned: number;
}

/** Settle bets against a known number (no randomness): for spins and for game recall. */
export function settle(rules: RouletteRules, bets: readonly RouletteBet[], number: number): RouletteOutcome {
  const totalStake = validateBets(rules, bets);
  if (!Number.isInteger(number) || number < 0 || number >= POCKETS) throw new RangeError('pocket out of range');
  const results = bets.map((bet) => {
    const won = bet.numbers.includes(number);
    return { bet: { ...bet, numbers: [...bet.numbers] }, won, returned: won ? bet.amount * (PAYOUT[bet.type] + 1) : 0 };
  });
  return { number, colour: colourOf(number), results, totalStake, totalReturned: results.reduce((sum, r) => sum + r.returned, 0) };
}

/** One spin: the bets are checked first, then one uniform pocket is drawn. */
export function spinRoulette(rules: RouletteRules, bets: readonly RouletteBet[], rng: RandomSource): RouletteOutcome {
  validateBets(rules, bets);
  return settle(rules, bets, rng.randomInt(POCKETS));
}

/** Exact figures per bet type: P(win), return to player and σ per unit stake. */
export function rouletteFigures(): { type: RouletteBetType; numbers: number; payout: number; winProbability: number; rtp: number; sigma: number }[] {
  return BET_TYPES.map((type) => {
    const k = LEGAL_BETS[type][0]!.length;
    const r = PAYOUT[type] + 1;
    const rtp = (k * r) / POCKETS;
    const second = (k * r * r) / POCKETS;
    return { type, numbers: k, payout: PAYOUT[type], winProbability: k / POCKETS, rtp, sigma: Math.sqrt(second - rtp * rtp) };
  });
}
