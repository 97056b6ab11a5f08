import type { $ZodType } from 'zod/v4/core';
import { safeParse } from 'zod/mini';
import { i18n } from '../i18n/i18n';
import { notify } from '../notifications/notifications';
import { buildUrl, type QueryParams } from './build-url';
import { describeCallOutcome, type CallResult, type Message } from './call-outcome';
import { serviceUrl, type ServiceName } from './service-addresses';

/** BOOT-18. */
export const requestTimeoutMs = 60_000;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT';
  query?: QueryParams;
  body?: unknown;
  /** The response contract; an answer that breaks it is an error. */
  schema: $ZodType<T>;
  signal?: AbortSignal;
  /** 'silent' is for callers that explain a failure themselves (start-up discovery). */
  feedback?: 'toasts' | 'silent';
  successMessage?: Message;
  /**
   * Error statuses whose body still answers to `schema` (a health check's 503 says DOWN in the same
   * shape as its 200). Such an answer is returned, without a toast, instead of being an error.
   */
  answerStatuses?: readonly number[];
  /** Reads the answer's headers (a content list's X-WP-TotalPages, say) once the body has been accepted. */
  onHeaders?(headers: Headers): void;
}

export class ApiError extends Error {
  constructor(readonly result: CallResult) {
    super(result.kind === 'response' ? `Request failed with HTTP ${result.httpStatus}` : `Request failed: ${result.kind}`);
    this.name = 'ApiError';
  }
}

let sessionEndedHandler: () => void = () => {};

/** The app decides what ending a session means (clear state, go to /session-expired). */
export function onSessionEnded(handler: () => void): void {
  sessionEndedHandler = handler;
}

function translateMessage(message: Message): string {
  return 'text' in message ? message.text : i18n.t(message.key, { replace: message.values ?? {} });
}

function report(result: CallResult, feedback: RequestOptions<unknown>['feedback']): void {
  const outcome = describeCallOutcome(result);
  if (outcome.sessionEnded) sessionEndedHandler();
  if (feedback === 'silent') return;
  for (const spec of outcome.toasts) {
    notify({
      tone: spec.tone,
      title: translateMessage(spec.title),
      ...(spec.description ? { description: translateMessage(spec.description) } : {}),
    });
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

/**
 * The one way the portal talks to its services: JSON in and out, the session travelling only as the
 * server's HttpOnly cookie (credentials 'include', DEF-05), a 60 s time-out and the global toasts of
 * spec 000 §8.
 */
export async function requestJson<T>(address: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', query, body, schema, signal, feedback = 'toasts', successMessage, answerStatuses = [] } = options;
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  // A FormData body (a document upload, NS-27) goes as multipart; the browser writes its boundary.
  const multipart = body instanceof FormData;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: body === undefined || multipart ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  };
  if (body !== undefined) init.body = multipart ? body : JSON.stringify(body);

  let response: Response;
  try {
    response = await fetch(buildUrl(address, query), init);
  } catch (cause) {
    // A caller that cancels (a query no longer needed) is not a failure worth telling the player about.
    if (signal?.aborted) throw cause;
    const result: CallResult = { kind: 'network' };
    report(result, feedback);
    throw new ApiError(result);
  }

  const payload = parseJson(await response.text().catch(() => ''));
  const result: CallResult = {
    kind: 'response',
    httpStatus: response.status,
    appError: response.headers.get('app-error'),
    appAlert: response.headers.get('app-alert'),
    body: payload,
    ...(successMessage ? { successMessage } : {}),
  };
  const answered = response.ok || answerStatuses.includes(response.status);
  if (!answered) {
    report(result, feedback);
    throw new ApiError(result);
  }
  const parsed = safeParse(schema, payload);
  if (!parsed.success) {
    const sessionCheck = describeCallOutcome(result);
    // An error status that did not answer in the expected shape is reported as the error it is.
    const failure: CallResult = sessionCheck.sessionEnded || !response.ok ? result : { kind: 'unexpected' };
    report(failure, feedback);
    throw new ApiError(failure);
  }
  if (response.ok) report(result, feedback);
  options.onHeaders?.(response.headers);
  return parsed.data;
}

export function apiRequest<T>(service: ServiceName, path: string, options: RequestOptions<T>): Promise<T> {
  return requestJson(serviceUrl(service, path), options);
}
