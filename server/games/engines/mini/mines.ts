import type { RandomSource } from '../../rng/rng';
import { InvalidBet, assertMinorUnits } from '../money';

/**
 * Mines: a 5×5 grid hides `mines` mines (1–24), placed uniformly at the start of the round. The
 * player uncovers cells one at a time; a mine ends the round with nothing, and after k ≥ 1 safe
 * cells the player may cash out for stake × M(k), with
 *
 *   M(k) = RTP × C(25, k) / C(25 − mines, k)
 *
 * Since P(k safe picks in a row) = C(25 − mines, k) / C(25, k), the return of cashing out after any
 * number of safe picks is exactly RTP (97/100), whatever the player's plan.
 *
 * Money: stake × M(k) is a rational number of minor units. The whole units are paid, and the remaining
 * fraction r/d of one minor unit is paid as one more unit with probability r/d (one fair draw from the
 * round's stream at cash-out), so the expected payment is exactly stake × M(k) at every stake.
 *
 * A pick is allowed only while the next multiplier stays within `maxMultiplier`; past that the player
 * can only cash out. Uncovering every safe cell cashes out automatically.
 */

export const GRID_CELLS = 25;

export interface MinesRules {
  /** RTP as a fraction, e.g. 97/100. */
  rtpNumerator: number;
  rtpDenominator: number;
  maxMultiplier: number;
  minBet: number;
  maxBet: number;
}

export interface MinesState {
  phase: 'playing' | 'lost' | 'cashed';
  stake: number;
  mines: number;
  /** Mine cells 0…24. Secret until the round ends. */
  minePositions: number[];
  /** Safe cells uncovered, in order. */
  revealed: number[];
  /** The mine that ended the round. */
  hit: number | null;
  /** Paid at cash-out (minor units). */
  payout: number;
}

export class IllegalMove extends Error {
  override readonly name = 'IllegalMove';
}

function binomial(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 1; i <= k; i++) r = (r * BigInt(n - k + i)) / BigInt(i);
  return r;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** M(k) as an exact fraction [numerator, denominator]. */
export function multiplier(rules: MinesRules, mines: number, picks: number): [bigint, bigint] {
  const num = BigInt(rules.rtpNumerator) * binomial(GRID_CELLS, picks);
  const den = BigInt(rules.rtpDenominator) * binomial(GRID_CELLS - mines, picks);
  const g = gcd(num, den);
  return [num / g, den / g];
}

export function multiplierValue(rules: MinesRules, mines: number, picks: number): number {
  const [n, d] = multiplier(rules, mines, picks);
  return Number(n) / Number(d);
}

/** Most safe picks allowed for a mine count under the multiplier cap. */
export function maxPicks(rules: MinesRules, mines: number): number {
  let k = 0;
  while (k < GRID_CELLS - mines && multiplierValue(rules, mines, k + 1) <= rules.maxMultiplier) k++;
  return k;
}

function assertMinesStake(rules: MinesRules, stake: number, mines: number): void {
  assertMinorUnits(stake, 'stake');
  if (stake < rules.minBet || stake > rules.maxBet) throw new InvalidBet(`stake must be between ${rules.minBet} and ${rules.maxBet}`);
  if (!Number.isInteger(mines) || mines < 1 || mines > GRID_CELLS - 1) throw new InvalidBet('mines must be between 1 and 24');
}

/** Start a round with mines at given cells (for tests and recall). */
export function startMinesWith(rules: MinesRules, stake: number, mines: number, minePositions: readonly number[]): MinesState {
  assertMinesStake(rules, stake, mines);
  if (minePositions.length !== mines || new Set(minePositions).size !== mines || minePositions.some((c) => !Number.isInteger(c) || c < 0 || c >= GRID_CELLS)) {
    throw new RangeError('mine positions must be distinct cells');
  }
  return { phase: 'playing', stake, mines, minePositions: [...minePositions].sort((a, b) => a - b), revealed: [], hit: null, payout: 0 };
}

/** Start a round: the mines are a uniform random subset of the grid (partial Fisher–Yates). */
export function startMines(rules: MinesRules, stake: number, mines: number, rng: RandomSource): MinesState {
  assertMinesStake(rules, stake, mines);
  const cells = Array.from({ length: GRID_CELLS }, (_, i) => i);
  for (let i = 0; i < mines; i++) {
    const j = i + rng.randomInt(GRID_CELLS - i);
    [cells[i], cells[j]] = [cells[j]!, cells[i]!];
  }
  return startMinesWith(rules, stake, mines, cells.slice(0, mines));
}

/** The whole minor units of cashing out now (stake × M(k), rounded down). */
function cashOutFloor(rules: MinesRules, state: MinesState): number {
  const [num, den] = multiplier(rules, state.mines, state.revealed.length);
  return Number((BigInt(state.stake) * num) / den);
}

/** The payment for cashing out now: whole units plus the fraction by a fair draw. */
function cashOutAmount(rules: MinesRules, state: MinesState, rng: RandomSource): number {
  const [num, den] = multiplier(rules, state.mines, state.revealed.length);
  const remainder = (BigInt(state.stake) * num) % den;
  const up = remainder > 0n && BigInt(rng.randomInt(Number(den))) < remainder ? 1 : 0;
  return cashOutFloor(rules, state) + up;
}

export function canPick(rules: MinesRules, state: MinesState): boolean {
  return state.phase === 'playing' && state.revealed.length < maxPicks(rules, state.mines);
}

/** Uncover a cell. `rng` is used only when the pick uncovers the last safe cell (automatic cash-out). */
export function pickCell(rules: MinesRules, state: MinesState, cell: number, rng: RandomSource): MinesState {
  if (!canPick(rules, state)) throw new IllegalMove('no pick allowed now');
  if (!Number.isInteger(cell) || cell < 0 || cell >= GRID_CELLS) throw new IllegalMove('no such cell');
  if (state.revealed.includes(cell)) throw new IllegalMove('cell already uncovered');
  if (state.minePositions.includes(cell)) return { ...state, phase: 'lost', hit: cell, revealed: [...state.revealed] };
  const next: MinesState = { ...state, revealed: [...state.revealed, cell] };
  if (next.revealed.length === GRID_CELLS - state.mines) return { ...next, phase: 'cashed', payout: cashOutAmount(rules, next, rng) };
  return next;
}

export function cashOut(rules: MinesRules, state: MinesState, rng: RandomSource): MinesState {
  if (state.phase !== 'playing' || state.revealed.length === 0) throw new IllegalMove('cash out needs at least one safe pick in a live round');
  return { ...state, phase: 'cashed', payout: cashOutAmount(rules, state, rng) };
}

/** What the player may see: mine positions only once the round has ended. */
export function minesView(
  rules: MinesRules,
  state: MinesState,
): Omit<MinesState, 'minePositions'> & { minePositions: number[] | null; multiplier: number; nextMultiplier: number | null; cashOutAtLeast: number | null } {
  const ended = state.phase !== 'playing';
  const k = state.revealed.length;
  return {
    ...state,
    revealed: [...state.revealed],
    minePositions: ended ? [...state.minePositions] : null,
    multiplier: k === 0 ? 0 : multiplierValue(rules, state.mines, k),
    nextMultiplier: canPick(rules, state) ? multiplierValue(rules, state.mines, k + 1) : null,
    // What cashing out now pays at least, minor units (the fraction of a unit is a fair draw on top).
    cashOutAtLeast: !ended && k > 0 ? cashOutFloor(rules, state) : null,
  };
}
