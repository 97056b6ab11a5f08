import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import { buildUrl, type QueryParams } from '../../../shared/api/build-url';
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
 * The back office runs beside the platform service (`/bo` next to `/ps`). Its calls do not go through
 * the portal's request client: a staff session ending is not the player's session ending, and staff
 * screens show their own errors.
 */
export function backOfficeUrl(path: string, query?: QueryParams): string {
  const base = serviceUrl('ps', '/').replace(/\/ps\/?$/, '/bo');
  return buildUrl(`${base}/${path.replace(/^\/+/, '')}`, query);
}

export async function backOfficeRequest<T>(path: string, options: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; query?: QueryParams; body?: unknown; schema: $ZodType<T>; signal?: AbortSignal }): Promise<T> {
  const { method = 'GET', query, body, schema, signal } = options;
  const response = await fetch(backOfficeUrl(path, query), {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  const text = await response.text().catch(() => '');
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const refusal = (payload ?? {}) as { status?: string; message?: string; errors?: { field: string; error: string }[] };
    throw new BackOfficeError(response.status, refusal.status ?? null, refusal.errors ?? [], refusal.message ?? `HTTP ${response.status}`);
  }
  const parsed = safeParse(schema, payload);
  if (!parsed.success) throw new BackOfficeError(response.status, 'UNEXPECTED', [], 'Unexpected answer');
  return parsed.data;
}

export const backOfficeKey = ['back-office'] as const;
