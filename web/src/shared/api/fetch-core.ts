import type { $ZodType } from 'zod/v4/core';
import { safeParse, z } from 'zod/mini';
import { errorResponseSchema, type FieldError } from '../../../../contracts/errors';
import { buildUrl, type QueryParams } from './build-url';

/**
 * The one HTTP core of the browser's three callers — the portal (`api-client.ts`), the back office
 * (`features/back-office/api`) and the game client (`web/game-client`): JSON in and out, the body
 * read once whatever the status, and an answer checked against its contract. What a refusal means
 * (a toast, a staff form's field errors, a game's message) stays with each caller; this file imports
 * nothing of the portal, so the game client's bundle takes it as it is.
 */

export interface FetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryParams;
  /** JSON, or a FormData sent as multipart (the browser writes its boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Ends the request after this long (the portal's BOOT-18 bound); unset, the browser's own. */
  timeoutMs?: number;
  /** 'include' for the portal's services on other origins; the game client's calls are same-origin. */
  credentials?: RequestCredentials;
}

/** An answer as it came: its status and headers, and its body as JSON (null when empty or not JSON). */
export interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  payload: unknown;
}

/** The request never got an answer: the network, a time-out, or the caller's own abort (see `aborted`). */
export class Unreachable extends Error {
  constructor(
    readonly aborted: boolean,
    cause: unknown,
  ) {
    super('The service could not be reached', { cause });
    this.name = 'Unreachable';
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function fetchAnswer(address: string, options: FetchOptions = {}): Promise<Answer> {
  const { method = 'GET', query, body, signal, timeoutMs, credentials = 'include' } = options;
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const timeout = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
  const bound = signal && timeout ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
  const init: RequestInit = { method, credentials, headers };
  if (bound) init.signal = bound;
  if (body !== undefined) init.body = multipart ? (body as FormData) : JSON.stringify(body);

  let response: Response;
  try {
    response = await fetch(buildUrl(address, query), init);
  } catch (cause) {
    throw new Unreachable(signal?.aborted === true, cause);
  }
  const payload = parseJson(await response.text().catch(() => ''));
  return { status: response.status, ok: response.ok, headers: response.headers, payload };
}

/** The answer's body read by its contract: `undefined` when it breaks it. */
export function readAnswer<T>(schema: $ZodType<T>, payload: unknown): { data: T } | undefined {
  const parsed = safeParse(schema, payload);
  return parsed.success ? { data: parsed.data } : undefined;
}

/**
 * A refusal's body by the catalogue's contract (status, message, field errors), each part read on
 * its own: a body that has a status but no message still names its status. Empty when it is not
 * the catalogue's shape at all.
 */
const refusalSchema = z.partial(errorResponseSchema);

export interface Refusal {
  status: string | null;
  message: string | null;
  errors: FieldError[];
}

export function readRefusal(payload: unknown): Refusal {
  const body = readAnswer(refusalSchema, payload)?.data;
  return { status: body?.status ?? null, message: body?.message ?? null, errors: body?.errors ?? [] };
}

/** A `Retry-After` in seconds, when the answer has a usable one. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const seconds = Number(headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
