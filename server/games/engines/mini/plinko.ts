import type { RandomSource } from '../../rng/rng';
import { InvalidBet, assertMinorUnits } from '../money';

/**
 * Plinko: a ball falls through `rows` rows of pegs, going left or right with probability ½ at each,
 * and lands in slot k = number of right bounces (0…rows), so P(k) = C(rows, k) / 2^rows. Each slot
 * pays a multiple of the stake given in tenths; the stake must be a multiple of 10 minor units, so
 * every payout is a whole number of minor units and the RTP is exactly Σ P(k)·m(k).
 */

export type PlinkoRisk = 'low' | 'medium' | 'high';

export interface PlinkoRules {
  rows: number;
  /** Multipliers in tenths of the stake per slot 0…rows, for each risk level. */
  tenths: Record<PlinkoRisk, number[]>;
  minBet: number;
  maxBet: number;
}

export interface PlinkoOutcome {
  risk: PlinkoRisk;
  /** Bounces from the top: 0 = left, 1 = right. */
  path: number[];
  slot: number;
  /** Multiplier in tenths of the stake. */
  multiplierTenths: number;
  stake: number;
  win: number;
}

export function validatePlinkoRules(rules: PlinkoRules): void {
  for (const risk of ['low', 'medium', 'high'] as const) {
    const t = rules.tenths[risk];
    if (t.length !== rules.rows + 1 || t.some((x) => !Number.isSafeInteger(x) || x < 0)) throw new Error(`plinko ${risk}: one non-negative integer per slot`);
  }
}

function assertPlinkoStake(rules: PlinkoRules, stake: number): void {
  assertMinorUnits(stake, 'stake');
  if (stake < rules.minBet || stake > rules.maxBet) throw new InvalidBet(`stake must be between ${rules.minBet} and ${rules.maxBet}`);
  if (stake % 10 !== 0) throw new InvalidBet('stake must be a multiple of 10 minor units');
}

/** The outcome of a known path (for game recall). */
export function plinkoOutcome(rules: PlinkoRules, stake: number, risk: PlinkoRisk, path: readonly number[]): PlinkoOutcome {
  assertPlinkoStake(rules, stake);
  const table = rules.tenths[risk];
  if (!table) throw new InvalidBet(`unknown risk ${String(risk)}`);
  if (path.length !== rules.rows || path.some((b) => b !== 0 && b !== 1)) throw new RangeError('path must be one bounce (0 or 1) per row');
  const slot = path.reduce((a, b) => a + b, 0);
  const multiplierTenths = table[slot]!;
  return { risk, path: [...path], slot, multiplierTenths, stake, win: (stake / 10) * multiplierTenths };
}

export function dropBall(rules: PlinkoRules, stake: number, risk: PlinkoRisk, rng: RandomSource): PlinkoOutcome {
  assertPlinkoStake(rules, stake);
  if (!rules.tenths[risk]) throw new InvalidBet(`unknown risk ${String(risk)}`);
  const path = Array.from({ length: rules.rows }, () => rng.randomInt(2));
  return plinkoOutcome(rules, stake, risk, path);
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Exact RTP (as numerator / denominator), σ per unit stake and P(payout above the stake) for a risk level. */
export function plinkoFigures(
  rules: PlinkoRules,
  risk: PlinkoRisk,
): { rtpNumerator: number; rtpDenominator: number; rtp: number; sigma: number; maxMultiplier: number; profitFrequency: number } {
  const n = rules.rows;
  const table = rules.tenths[risk];
  let num = 0;
  let second = 0;
  let profits = 0;
  for (let k = 0; k <= n; k++) {
    const c = binomial(n, k);
    num += c * table[k]!;
    second += c * table[k]! * table[k]!;
    if (table[k]! > 10) profits += c;
  }
  const den = 10 * 2 ** n;
  const rtp = num / den;
  const e2 = second / (100 * 2 ** n);
  return {
    rtpNumerator: num,
    rtpDenominator: den,
    rtp,
    sigma: Math.sqrt(e2 - rtp * rtp),
    maxMultiplier: Math.max(...table) / 10,
    profitFrequency: profits / 2 ** n,
  };
}
