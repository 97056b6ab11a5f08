import { z } from 'zod/mini';
import { errorResponseSchema, type FieldError } from '../../../../contracts/errors';
import { ApiError } from './api-client';

/** What a failed call said, for forms that show the failure themselves (feedback 'silent'). */
export interface ApiFailure {
  /** The catalogue status (INVALID_CREDENTIALS, DUPLICATE…), or null when no answer came. */
  status: string | null;
  httpStatus: number | null;
  message: string | null;
  errors: FieldError[];
}

const bodySchema = z.partial(errorResponseSchema);

export function describeApiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError && error.result.kind === 'response') {
    const parsed = bodySchema.safeParse(error.result.body);
    const body = parsed.success ? parsed.data : {};
    return { status: body.status ?? null, httpStatus: error.result.httpStatus, message: body.message ?? null, errors: body.errors ?? [] };
  }
  return { status: null, httpStatus: null, message: null, errors: [] };
}
