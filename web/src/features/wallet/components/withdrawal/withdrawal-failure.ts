import { ApiError } from '../../../../shared/api/api-client';
import { describeApiFailure } from '../../../../shared/api/api-failure';

/** Why a withdrawal did not go through (WDR-15): the server's message and errors, a server error, or no answer. */
export type WithdrawalFailure = { kind: 'serverError' } | { kind: 'noAnswer' } | { kind: 'listed'; reasons: string[] };

export function withdrawalFailureOf(error: unknown): WithdrawalFailure {
  if (!(error instanceof ApiError)) return { kind: 'noAnswer' };
  if (error.result.kind === 'network') return { kind: 'noAnswer' };
  if (error.result.kind === 'unexpected') return { kind: 'serverError' };
  const failure = describeApiFailure(error);
  if (failure.httpStatus !== null && failure.httpStatus >= 500) return { kind: 'serverError' };
  return {
    kind: 'listed',
    reasons: [failure.message, ...failure.errors.map((fieldError) => fieldError.error)].filter((reason): reason is string => Boolean(reason)),
  };
}
