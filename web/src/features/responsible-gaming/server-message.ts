import { describeApiFailure } from '../../shared/api/api-failure';

/**
 * RG-10, RG-61, DIS-11: what a refused change shows under its field: the field's own error, else
 * the server's message, else null (the caller shows 'Error').
 */
export function serverMessageOf(error: unknown, field?: string): string | null {
  const failure = describeApiFailure(error);
  const own = field ? failure.errors.find((fieldError) => fieldError.field === field) : undefined;
  return own?.error ?? failure.errors[0]?.error ?? failure.message;
}
