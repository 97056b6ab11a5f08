import type { FieldError } from '../../../../contracts/errors';
import { ApiError } from './api-client';
import { readRefusal } from './fetch-core';

/** What a failed call said, for forms that show the failure themselves (feedback 'silent'). */
export interface ApiFailure {
  /** The catalogue status (INVALID_CREDENTIALS, DUPLICATE…), or null when no answer came. */
  status: string | null;
  httpStatus: number | null;
  message: string | null;
  errors: FieldError[];
}

export function describeApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError && error.result.kind === 'response') return { ...readRefusal(error.result.body), httpStatus: error.result.httpStatus };
  return { status: null, httpStatus: null, message: null, errors: [] };
}
