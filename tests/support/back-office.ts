import { generate } from 'otplib';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { cookieCall } from './api-client';
import type { AuthenticatorClock, TestServer } from './test-server';

/**
 * A staff member's side of the back office for API tests: calls with the staff cookie, sign-in with
 * the demo password, and the second factor from the seeded TOTP secret (server/back-office/README.md).
 */

/** The seeded TOTP secret of a demo staff member. */
export const staffSecretOf = (username: string): string => demoStaff.find((staff) => staff.username === username)!.totpSecret!;

/** What the helpers need of a test server: its address and the time it checks TOTP codes at. */
export type StaffServer = Pick<TestServer, 'url' | 'authenticatorClock'>;

const STEP_MS = 30_000;

/**
 * The highest TOTP time step (30 s) handed out per secret, per server clock (a server and a second
 * node on its database share one): the server accepts a step's code once, so a second sign-in of a
 * member must use another step's code.
 */
const handedOutSteps = new WeakMap<AuthenticatorClock, Map<string, number>>();

/**
 * A code of `username`'s authenticator that has not been used on `server` yet: the current step's,
 * or the next one's (the server allows one step of clock drift either side), as an authenticator
 * running a little ahead would show. When both are used (a third sign-in of one member within one
 * step), the server's authenticator clock is moved into the next unused step: the 30 s that would
 * have to pass are skipped, and a used step's code is still refused (tests/api/back-office.test.ts).
 */
export function unusedStaffCode(server: Pick<StaffServer, 'authenticatorClock'>, username: string): Promise<string> {
  const secret = staffSecretOf(username);
  const clock = server.authenticatorClock;
  const steps = handedOutSteps.get(clock) ?? new Map<string, number>();
  handedOutSteps.set(clock, steps);
  const current = Math.floor(clock.now().getTime() / STEP_MS);
  const step = Math.max(current, (steps.get(secret) ?? current - 1) + 1);
  // Into the middle of the step, so the code stays current whatever the wall clock does meanwhile.
  if (step > current + 1) clock.advance(step * STEP_MS + STEP_MS / 2 - clock.now().getTime());
  steps.set(secret, step);
  return generate({ secret, epoch: step * 30 + 1 });
}

/** The time, in whole seconds, `server` checks codes at: what a test's own authenticator would show. */
export function authenticatorSeconds(server: Pick<StaffServer, 'authenticatorClock'>): number {
  return Math.floor(server.authenticatorClock.now().getTime() / 1000);
}

/** The `BO_SESSION=…` pair an answer sets. */
export function staffCookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('BO_SESSION='));
  if (!header) throw new Error('no staff cookie set');
  return header.split(';')[0]!;
}

export interface StaffApi {
  call(method: string, pathName: string, cookie: string | null, body?: unknown): Promise<Response>;
  /** Signed in with the password only: two-factor not passed yet. */
  passwordOnly(username: string): Promise<string>;
  /** Signed in with the password and the current TOTP code (a live session of the member's from this API is reused). */
  signIn(username: string): Promise<string>;
}

/** The staff API of `server()` (read when called: the server starts in beforeAll). */
export function staffApi(server: () => StaffServer): StaffApi {
  const call: StaffApi['call'] = cookieCall(() => server().url);
  async function passwordOnly(username: string): Promise<string> {
    const response = await call('POST', '/bo/signIn', null, { username, password: DEMO_STAFF_PASSWORD });
    if (response.status !== 200) throw new Error(`${username}: sign-in answered ${response.status}`);
    return staffCookieFrom(response);
  }
  // A file reuses a member's session while it is still live (GET /bo/me answers 200).
  const sessions = new Map<string, string>();
  async function signIn(username: string): Promise<string> {
    const kept = sessions.get(username);
    if (kept && (await call('GET', '/bo/me', kept)).status === 200) return kept;
    const cookie = await freshSignIn(username);
    sessions.set(username, cookie);
    return cookie;
  }
  async function freshSignIn(username: string): Promise<string> {
    const first = await passwordOnly(username);
    const verify = async () => call('POST', '/bo/twoFactor/verify', first, { code: await unusedStaffCode(server(), username) });
    let second = await verify();
    // A test that typed a code of its own may have used this step already: the next unused one.
    if (second.status === 400) second = await verify();
    if (second.status !== 200) throw new Error(`${username}: two-factor answered ${second.status}`);
    return staffCookieFrom(second);
  }
  return { call, passwordOnly, signIn };
}
