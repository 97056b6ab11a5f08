import { generate } from 'otplib';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { cookieCall } from './api-client';

/**
 * A staff member's side of the back office for API tests: calls with the staff cookie, sign-in with
 * the demo password, and the second factor from the seeded TOTP secret (server/back-office/README.md).
 */

/** The seeded TOTP secret of a demo staff member. */
export const staffSecretOf = (username: string): string => demoStaff.find((staff) => staff.username === username)!.totpSecret!;

/**
 * The highest TOTP time step (30 s) whose code this test process has handed out, per secret: the
 * server accepts a code once, so a second sign-in of a member must use another step's code.
 */
const handedOutSteps = new Map<string, number>();

/**
 * A code of `username`'s authenticator that this process has not used yet: the current step's, or
 * the next one's (the server allows one step of clock drift either side), as an authenticator
 * running a little ahead would show. Only when both are used (a third sign-in of one member within
 * one step) does it wait for the next step to begin, the one time that has to pass.
 */
export async function unusedStaffCode(username: string): Promise<string> {
  const secret = staffSecretOf(username);
  for (;;) {
    const current = Math.floor(Date.now() / 30_000);
    const step = Math.max(current, (handedOutSteps.get(secret) ?? current - 1) + 1);
    if (step <= current + 1) {
      handedOutSteps.set(secret, step);
      return generate({ secret, epoch: step * 30 + 1 });
    }
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - Date.now() + 50));
  }
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

/** The staff API of the server at `baseUrl()` (read when called: the server starts in beforeAll). */
export function staffApi(baseUrl: () => string): StaffApi {
  const call: StaffApi['call'] = cookieCall(baseUrl);
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
    const verify = async () => call('POST', '/bo/twoFactor/verify', first, { code: await unusedStaffCode(username) });
    let second = await verify();
    // A test that typed a code of its own may have used this step already: the next unused one.
    if (second.status === 400) second = await verify();
    if (second.status !== 200) throw new Error(`${username}: two-factor answered ${second.status}`);
    return staffCookieFrom(second);
  }
  return { call, passwordOnly, signIn };
}
