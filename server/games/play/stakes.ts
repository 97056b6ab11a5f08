import { fieldError } from '../../http/app-error';
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
