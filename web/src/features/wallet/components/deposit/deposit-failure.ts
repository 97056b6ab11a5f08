import { ApiError } from '../../../../shared/api/api-client';
import { describeApiFailure } from '../../../../shared/api/api-failure';

/**
 * Why a deposit did not go through, in the terms of spec 001 §8: the three statuses with their own
 * text (DEP-32…34), a server error at step 3 (DEP-36), no answer at all, or anything else listed
 * with its message and errors (DEP-35).
 */
export type DepositFailure =
  | { kind: 'lowLimit' }
  | { kind: 'highLimit' }
  | { kind: 'kycFailed' }
  | { kind: 'serverError' }
  | { kind: 'noAnswer' }
  /** Paid by credit (a credit card behind the e-wallet, pay later) where the player's rules forbid it; nothing was taken. */
  | { kind: 'creditFunding' }
  | { kind: 'listed'; reasons: string[] };

/** The cashier's code for a deposit refused because it was paid by credit (getPaymentStatus `failureCode`). */
export const CREDIT_FUNDING_NOT_ALLOWED = 'CREDIT_FUNDING_NOT_ALLOWED';

/**
 * Why a deposit that ended at the provider did not go through (getPaymentStatus after the
 * provider's page): a refusal the portal words itself, in the player's language, or the server's
 * message (`fallback` when it sent none).
 */
export function settledDepositFailure(status: { message: string | null; failureCode?: string | null | undefined }, fallback: string): DepositFailure {
  if (status.failureCode === CREDIT_FUNDING_NOT_ALLOWED) return { kind: 'creditFunding' };
  return { kind: 'listed', reasons: [status.message || fallback] };
}

export function depositFailureOf(error: unknown): DepositFailure {
  if (!(error instanceof ApiError) || error.result.kind !== 'response')
    return { kind: error instanceof ApiError && error.result.kind === 'unexpected' ? 'serverError' : 'noAnswer' };
  const failure = describeApiFailure(error);
  if (failure.status === 'LOW_LIMIT') return { kind: 'lowLimit' };
  if (failure.status === 'HIGH_LIMIT') return { kind: 'highLimit' };
  if (failure.status === 'KYCFAILED') return { kind: 'kycFailed' };
  if (failure.status === CREDIT_FUNDING_NOT_ALLOWED) return { kind: 'creditFunding' };
  if (failure.httpStatus !== null && failure.httpStatus >= 500) return { kind: 'serverError' };
  const reasons = [failure.message, ...failure.errors.map((fieldError) => fieldError.error)].filter((reason): reason is string => Boolean(reason));
  return { kind: 'listed', reasons };
}
