import { toMinorUnits } from '../../../contracts/money';
import { AppError, fieldError } from '../../http/app-error';
import type { InstantRound } from './round-basics';
import { formatStake, type Currency, type StakeLimits } from '../engines/money';
import { rulesFor, slotStakeMax } from '../../jurisdiction';

/** A title's stake limits in one currency. */
export function limitsFor(title: { limits: Record<Currency, StakeLimits> }, currency: Currency): StakeLimits {
  return title.limits[currency];
}

/** 400 naming `stake` when a stake (minor units) is outside the title's range or not one of its steps. */
export function checkStake(title: { limits: Record<Currency, StakeLimits> }, currency: Currency, stakeMinor: number): void {
  const limits = limitsFor(title, currency);
  if (stakeMinor < limits.min || stakeMinor > limits.max)
    throw fieldError('stake', `The stake must be between ${formatStake(limits.min, currency)} and ${formatStake(limits.max, currency)}`);
  if (!limits.steps.includes(stakeMinor))
    throw fieldError('stake', `The stake must be one of the title's stake steps (${limits.steps.map((step) => formatStake(step, currency)).join(', ')})`);
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

/** What the slot stake limit of the session's rules needs: the rules' country and the player's birth date. */
export interface StakeCapSubject {
  country: string | null;
  birthDate?: string | null | undefined;
  currency: Currency;
}

/**
 * Why a slot stake (minor units) is over the player's rules' limit (GB: 5.00, or 2.00 for players
 * aged 18 to 24, of the stake's currency), or null when it is within: the one rule the game
 * server's check and the wallet's slot-stake-cap policy both apply.
 */
export function slotStakeCapProblem(
  subject: Omit<StakeCapSubject, 'currency'> & { currency: string },
  stakeMinor: number,
  now = new Date(),
): { message: string; error: string } | null {
  const max = slotStakeMax(subject.country, subject.birthDate, now);
  if (max === null || stakeMinor <= max) return null;
  const error = `${rulesFor(subject.country).jurisdiction} rules allow at most ${formatStake(max, subject.currency)} a slot spin for you`;
  return { message: `This stake is over the maximum allowed for your jurisdiction: ${error}.`, error };
}

/**
 * 400 STAKE_OVER_JURISDICTION_MAX naming `stake` when a slot spin stakes more than the player's
 * rules allow, in real and free play alike. Checked before the title's own limits: the law's limit
 * is the reason to give.
 */
export function checkSlotStakeCap(subject: StakeCapSubject, stakeMinor: number, now = new Date()): void {
  const problem = slotStakeCapProblem(subject, stakeMinor, now);
  if (problem) throw new AppError('STAKE_OVER_JURISDICTION_MAX', problem.message, [{ field: 'stake', error: problem.error }]);
}

/** A title's stake limits as a session may use them: the steps above the slot stake limit left out, and that limit named. */
export function cappedLimits(limits: StakeLimits, maxMinor: number | null): StakeLimits & { jurisdictionMax?: number } {
  if (maxMinor === null || limits.max <= maxMinor) return maxMinor === null ? limits : { ...limits, jurisdictionMax: maxMinor };
  const steps = limits.steps.filter((step) => step <= maxMinor);
  return { min: limits.min, max: steps.at(-1) ?? limits.min, steps, jurisdictionMax: maxMinor };
}
