import { describe, expect, it } from 'vitest';
import { describeCallOutcome, type CallResult } from './call-outcome';

function response(httpStatus: number, body: unknown, headers: { appError?: string; appAlert?: string } = {}): Extract<CallResult, { kind: 'response' }> {
  return { kind: 'response', httpStatus, body, appError: headers.appError ?? null, appAlert: headers.appAlert ?? null };
}

describe('describeCallOutcome', () => {
  it("NAV-72 status 0 shows 'Server not reachable'", () => {
    expect(describeCallOutcome(response(0, null)).toasts).toEqual([{ tone: 'error', title: { key: 'toast.serverNotReachable' } }]);
  });

  it('NAV-73 a 400 with an app-error header shows the header text', () => {
    const outcome = describeCallOutcome(response(400, { status: 'BAD_REQUEST', message: 'ignored' }, { appError: 'Bonus code expired' }));
    expect(outcome.toasts).toEqual([{ tone: 'error', title: { text: 'Bonus code expired' } }]);
  });

  it("NAV-74 DEF-25 a 400 with field errors shows 'Error on field {Field}' with the actual bound message", () => {
    const outcome = describeCallOutcome(
      response(400, {
        status: 'VALIDATION_ERROR',
        message: 'The request has invalid fields',
        errors: [
          { field: 'username', error: 'Username must be at least 8 characters' },
          { field: 'amount', error: 'must be at least 10' },
        ],
      }),
    );
    expect(outcome.toasts).toEqual([
      { tone: 'error', title: { key: 'toast.fieldError', values: { field: 'Username' } }, description: { text: 'Username must be at least 8 characters' } },
      { tone: 'error', title: { key: 'toast.fieldError', values: { field: 'Amount' } }, description: { text: 'must be at least 10' } },
    ]);
  });

  it('NAV-75 any other 400 shows the body message', () => {
    expect(describeCallOutcome(response(400, { status: 'BAD_REQUEST', message: 'Malformed amount' })).toasts).toEqual([
      { tone: 'error', title: { text: 'Malformed amount' } },
    ]);
  });

  it("NAV-76 status 404 shows 'Not found'", () => {
    expect(describeCallOutcome(response(404, { status: 'NOT_FOUND', message: 'No such game' })).toasts).toEqual([
      { tone: 'error', title: { key: 'toast.notFound' } },
    ]);
  });

  it('NAV-77 other statuses show the body message', () => {
    expect(describeCallOutcome(response(503, { status: 'SERVICE_UNAVAILABLE', message: 'Try later' })).toasts).toEqual([
      { tone: 'error', title: { text: 'Try later' } },
    ]);
  });

  it("NAV-79 an error status without a message shows 'Unknown error!'", () => {
    expect(describeCallOutcome(response(502, '<html>bad gateway</html>')).toasts).toEqual([{ tone: 'error', title: { key: 'toast.unknown' } }]);
  });

  it("NAV-78 a network failure or time-out shows 'ERROR: Connection timed out, please try again.'", () => {
    expect(describeCallOutcome({ kind: 'network' }).toasts).toEqual([{ tone: 'error', title: { key: 'toast.connectionTimedOut' } }]);
  });

  it("NAV-79 anything else shows 'Unknown error!'", () => {
    expect(describeCallOutcome({ kind: 'unexpected' }).toasts).toEqual([{ tone: 'error', title: { key: 'toast.unknown' } }]);
  });

  it('NAV-80 a success shows the app-alert header, before the per-request message', () => {
    const result: CallResult = { ...response(200, { status: 'SUCCESS' }, { appAlert: 'Limit saved' }), successMessage: { text: 'Saved' } };
    expect(describeCallOutcome(result).toasts).toEqual([{ tone: 'success', title: { text: 'Limit saved' } }]);
  });

  it('NAV-80 a success without app-alert shows the per-request message, or nothing', () => {
    const withMessage: CallResult = { ...response(200, { status: 'SUCCESS' }), successMessage: { key: 'toast.notFound' } };
    expect(describeCallOutcome(withMessage).toasts).toEqual([{ tone: 'success', title: { key: 'toast.notFound' } }]);
    expect(describeCallOutcome(response(200, { status: 'SUCCESS' })).toasts).toEqual([]);
  });

  it.each(['NOT_LOGGED_IN_ERROR', 'INVALID_SESSIONKEY'])('SESS-21 body status %s ends the session without a toast', (status) => {
    expect(describeCallOutcome(response(200, { status, message: 'x' }))).toEqual({ sessionEnded: true, toasts: [] });
    expect(describeCallOutcome(response(401, { status, message: 'x' }))).toEqual({ sessionEnded: true, toasts: [] });
  });

  it('DEF-09 HTTP 401 ends the session', () => {
    expect(describeCallOutcome(response(401, {}))).toEqual({ sessionEnded: true, toasts: [] });
  });

  it("DEF-09 HTTP 403 shows 'You are not authorized to access this page.'", () => {
    expect(describeCallOutcome(response(403, { status: 'FORBIDDEN', message: 'x' }))).toEqual({
      sessionEnded: false,
      toasts: [{ tone: 'error', title: { key: 'toast.notAuthorized' } }],
    });
  });

  it('issue 26 a 403 ACCOUNT_RESTRICTED (a time-out) shows no toast and keeps the session: the restricted notice explains it', () => {
    expect(describeCallOutcome(response(403, { status: 'ACCOUNT_RESTRICTED', message: 'You are on a time-out until 2026-12-12.' }))).toEqual({
      sessionEnded: false,
      toasts: [],
    });
  });
});
