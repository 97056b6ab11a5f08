import { toMinorUnits } from '../../../contracts/money';
import { fieldError } from '../../http/app-error';
import type { InstantRound } from './rounds';
import { formatStake, type Currency, type StakeLimits } from '../engines/money';

/** A title's stake limits in one currency. */
export function limitsFor(title: { limits: Record<Currency, StakeLimits> }, currency: Currency): StakeLimits {
  return title.limits[currency];
}

/** 400 naming `stake` when a stake (minor units) is outside the title's range or not one of its steps. */
export function checkStake(title: { limits: Record<Currency, StakeLimits> }, currency: Currency, stakeMinor: number): void {
  const limits = limitsFor(title, currency);
  if (stakeMinor < limits.min || stakeMinor > limits.max) throw fieldError('stake', `The stake must be between ${formatStake(limits.min)} and ${formatStake(limits.max)} ${currency}`);
  if (!limits.steps.includes(stakeMinor)) throw fieldError('stake', `The stake must be one of the title's stake steps (${limits.steps.map(formatStake).join(', ')} ${currency})`);
}

/**
 * The round of a kind whose request is one stake from the title's stake steps (slots, plinko,
 * mines): the stake in minor units, checked against the title before anything moves.
 */
export function stakedRound(
  title: { limits: Record<Currency, StakeLimits> },
  currency: Currency,
  request: { stake: number; clientRequestId: string },
  compute: (stakeMinor: number, seed: { serverSeed: string; clientSeed: string }, nonce: number) => ReturnType<InstantRound['compute']>,
  options: { staysInPlay?: boolean } = {},
): InstantRound {
  const stakeMinor = Number(toMinorUnits(request.stake));
  return {
    stakeMinor,
    clientRequestId: request.clientRequestId,
    ...options,
    check: () => checkStake(title, currency, stakeMinor),
    compute: (seed, nonce) => compute(stakeMinor, seed, nonce),
  };
}
