import type { $ZodType } from 'zod/v4/core';
import { i18n } from '../i18n/i18n';
import { notify } from '../notifications/notifications';
import type { QueryParams } from './build-url';
import { describeCallOutcome, type CallResult, type Message } from './call-outcome';
import { fetchAnswer, readAnswer, Unreachable, type Answer } from './fetch-core';
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

/**
 * The one way the portal talks to its services: JSON in and out (`fetch-core.ts`), the session
 * travelling only as the server's HttpOnly cookie (credentials 'include', DEF-05), a 60 s time-out
 * and the global toasts of spec 000 §8.
 */
export async function requestJson<T>(address: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', query, body, schema, signal, feedback = 'toasts', successMessage, answerStatuses = [] } = options;
  let answer: Answer;
  try {
    answer = await fetchAnswer(address, { method, query, body, ...(signal ? { signal } : {}), timeoutMs: requestTimeoutMs, credentials: 'include' });
  } catch (failure) {
    // A caller that cancels (a query no longer needed) is not a failure worth telling the player about.
    if (failure instanceof Unreachable && failure.aborted) throw failure.cause;
    const result: CallResult = { kind: 'network' };
    report(result, feedback);
    throw new ApiError(result);
  }

  const result: CallResult = {
    kind: 'response',
    httpStatus: answer.status,
    appError: answer.headers.get('app-error'),
    appAlert: answer.headers.get('app-alert'),
    body: answer.payload,
    ...(successMessage ? { successMessage } : {}),
  };
  const answered = answer.ok || answerStatuses.includes(answer.status);
  if (!answered) {
    report(result, feedback);
    throw new ApiError(result);
  }
  const parsed = readAnswer(schema, answer.payload);
  if (!parsed) {
    const sessionCheck = describeCallOutcome(result);
    // An error status that did not answer in the expected shape is reported as the error it is.
    const failure: CallResult = sessionCheck.sessionEnded || !answer.ok ? result : { kind: 'unexpected' };
    report(failure, feedback);
    throw new ApiError(failure);
  }
  if (answer.ok) report(result, feedback);
  options.onHeaders?.(answer.headers);
  return parsed.data;
}

export function apiRequest<T>(service: ServiceName, path: string, options: RequestOptions<T>): Promise<T> {
  return requestJson(serviceUrl(service, path), options);
}
