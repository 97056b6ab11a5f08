import type { $ZodType } from 'zod/v4/core';
import { buildUrl, type QueryParams } from '../../../shared/api/build-url';
import { fetchAnswer, readAnswer, readRefusal, Unreachable, type Answer } from '../../../shared/api/fetch-core';
import { serviceUrl } from '../../../shared/api/service-addresses';

/** A refusal of the back-office API: the HTTP status, the catalogue code and any field errors. */
export class BackOfficeError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string | null,
    readonly fieldErrors: { field: string; error: string }[],
    message: string,
  ) {
    super(message);
    this.name = 'BackOfficeError';
  }
}

/**
 * The back office runs beside the platform service (`/bo` next to `/ps`, the `bo` address that
 * discovery derives). Its calls share the portal's HTTP core but not its request client: a staff
 * session ending is not the player's session ending, and staff screens show their own errors.
 */
export function backOfficeUrl(path: string, query?: QueryParams): string {
  return buildUrl(serviceUrl('bo', path), query);
}

export async function backOfficeRequest<T>(
  path: string,
  options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: QueryParams; body?: unknown; schema: $ZodType<T>; signal?: AbortSignal },
): Promise<T> {
  const { method = 'GET', query, body, schema, signal } = options;
  let answer: Answer;
  try {
    answer = await fetchAnswer(serviceUrl('bo', path), { method, query, body, ...(signal ? { signal } : {}), credentials: 'include' });
  } catch (failure) {
    if (failure instanceof Unreachable && failure.aborted) throw failure.cause;
    throw new BackOfficeError(0, 'UNREACHABLE', [], 'The back office could not be reached');
  }
  if (!answer.ok) {
    const refusal = readRefusal(answer.payload);
    throw new BackOfficeError(answer.status, refusal.status, refusal.errors, refusal.message ?? `HTTP ${answer.status}`);
  }
  const parsed = readAnswer(schema, answer.payload);
  if (!parsed) throw new BackOfficeError(answer.status, 'UNEXPECTED', [], 'Unexpected answer');
  return parsed.data;
}

export const backOfficeKey = ['back-office'] as const;
