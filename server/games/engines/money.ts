/**
 * Stakes and limits. Every amount in the engines is a non-negative safe integer in minor units of the
 * round's currency (cents, pence); engines never use floating point for money.
 */

import { formatMinorMoney } from '../../../contracts/format';
import type { Currency } from '../../../contracts/money';

// The one Currency type is the contracts' (issue 11); the engines name it from here as before.
export { CURRENCIES, type Currency } from '../../../contracts/money';

/** Minor units as the text of a refusal (English field messages): 1250 EUR → "€12.50", exactly, as the contracts write money. */
export const formatStake = (minor: number, currency: string): string => formatMinorMoney(minor, currency, 'en');

export interface StakeLimits {
  /** Smallest stake per round, minor units. */
  min: number;
  /** Largest stake per round, minor units. */
  max: number;
  /** Every stake a player may choose, ascending, minor units (min and max included). */
  steps: number[];
}

export type BetLimits = Record<Currency, StakeLimits>;

export class InvalidBet extends Error {
  override readonly name = 'InvalidBet';
}

export function assertMinorUnits(amount: number, what = 'amount'): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new InvalidBet(`${what} must be a non-negative integer number of minor units, got ${amount}`);
}

/** Stake ladders: each allowed stake is `unit × k` for k in `multiples`, kept within [min, max]. */
export function stakeSteps(unit: number, multiples: readonly number[], max: number): number[] {
  return [...new Set(multiples.map((k) => unit * k))].filter((s) => s <= max).sort((a, b) => a - b);
}

export function limitsFromSteps(steps: number[]): StakeLimits {
  if (steps.length === 0) throw new Error('no stake steps');
  return { min: steps[0]!, max: steps[steps.length - 1]!, steps };
}

/** Throws `InvalidBet` unless `stake` is one of the allowed steps for the currency. */
export function assertStakeAllowed(limits: BetLimits, currency: Currency, stake: number): void {
  assertMinorUnits(stake, 'stake');
  const forCurrency = limits[currency];
  if (!forCurrency) throw new InvalidBet(`currency ${currency} is not offered`);
  if (!forCurrency.steps.includes(stake)) throw new InvalidBet(`stake ${stake} is not an allowed ${currency} stake`);
}
