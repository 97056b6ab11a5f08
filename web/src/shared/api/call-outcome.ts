import { sessionEndingStatuses } from '../../../../contracts/errors';
import type { TranslationKey } from '../i18n/en';
import { readRefusal } from './fetch-core';

/** Either a bundled string (translated when shown) or text the server wrote. */
export type Message = { key: TranslationKey; values?: Record<string, string> } | { text: string };

export interface ToastSpec {
  tone: 'error' | 'success';
  title: Message;
  description?: Message;
}

export interface CallOutcome {
  /** The server says the session is gone: clear the client's session state and go to /session-expired. */
  sessionEnded: boolean;
  toasts: ToastSpec[];
}

export type CallResult =
  | {
      kind: 'response';
      httpStatus: number;
      /** `app-error` response header. */
      appError: string | null;
      /** `app-alert` response header. */
      appAlert: string | null;
      body: unknown;
      successMessage?: Message;
    }
  /** The request never got an answer: network failure or the 60 s time-out (BOOT-18). */
  | { kind: 'network' }
  /** Anything else, such as an answer that breaks its contract. */
  | { kind: 'unexpected' };

function error(title: Message, description?: Message): ToastSpec {
  return description ? { tone: 'error', title, description } : { tone: 'error', title };
}

function capitalise(field: string): string {
  return field.charAt(0).toUpperCase() + field.slice(1);
}

/** What a finished call means for the player, per spec 000 §8 and NAV-72…80 (with DEF-09, DEF-25). */
export function describeCallOutcome(result: CallResult): CallOutcome {
  if (result.kind === 'network') return { sessionEnded: false, toasts: [error({ key: 'toast.connectionTimedOut' })] };
  if (result.kind === 'unexpected') return { sessionEnded: false, toasts: [error({ key: 'toast.unknown' })] };

  const body = readRefusal(result.body);
  const status = result.httpStatus;

  if (status === 401 || (body.status !== null && sessionEndingStatuses.includes(body.status))) {
    return { sessionEnded: true, toasts: [] };
  }

  if (status >= 200 && status < 300) {
    const success = result.appAlert ? { text: result.appAlert } : result.successMessage;
    return { sessionEnded: false, toasts: success ? [{ tone: 'success', title: success }] : [] };
  }

  // Issue 26 defect 4: a restricted session (a time-out) at a closed operation. The restricted
  // notice on every page already says what is open; a toast per refused call would only repeat it.
  if (body.status === 'ACCOUNT_RESTRICTED') return { sessionEnded: false, toasts: [] };

  const message: Message = body.message ? { text: body.message } : { key: 'toast.unknown' };
  switch (status) {
    case 0:
      return { sessionEnded: false, toasts: [error({ key: 'toast.serverNotReachable' })] };
    case 400: {
      if (result.appError) return { sessionEnded: false, toasts: [error({ text: result.appError })] };
      const fieldErrors = body.errors;
      if (fieldErrors.length > 0) {
        return {
          sessionEnded: false,
          toasts: fieldErrors.map((fieldError) =>
            error({ key: 'toast.fieldError', values: { field: capitalise(fieldError.field) } }, { text: fieldError.error }),
          ),
        };
      }
      return { sessionEnded: false, toasts: [error(message)] };
    }
    case 403:
      return { sessionEnded: false, toasts: [error({ key: 'toast.notAuthorized' })] };
    case 404:
      return { sessionEnded: false, toasts: [error({ key: 'toast.notFound' })] };
    default:
      return { sessionEnded: false, toasts: [error(message)] };
  }
}
