import { errorCatalogue, type ErrorResponse, type ErrorStatus, type FieldError } from '../../contracts/errors';

/** An error a handler throws on purpose; the error handler answers it from the catalogue. */
export class AppError extends Error {
  readonly httpStatus: number;
  /** Sent as Retry-After with 429 answers. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: ErrorStatus,
    message?: string,
    readonly errors?: FieldError[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message ?? errorCatalogue[status].message);
    this.name = 'AppError';
    this.httpStatus = errorCatalogue[status].httpStatus;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toResponse(): ErrorResponse {
    return { status: this.status, message: this.message, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const fieldError = (field: string, error: string) => new AppError('VALIDATION_ERROR', `Invalid value for ${field}: ${error}`, [{ field, error }]);
