import { generate } from 'otplib';
import { demoStaff, DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { cookieCall } from './api-client';

/**
 * A staff member's side of the back office for API tests: calls with the staff cookie, sign-in with
 * the demo password, and the second factor from the seeded TOTP secret (docs/architecture.md §7j).
 */

/** The seeded TOTP secret of a demo staff member. */
export const staffSecretOf = (username: string): string => demoStaff.find((staff) => staff.username === username)!.totpSecret!;

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
  // A code is accepted once, so a second sign-in of a member within the same 30-second step waits for
  // the next one: a file reuses a member's session while it is still live (GET /bo/me answers 200).
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
    const verify = async () => call('POST', '/bo/twoFactor/verify', first, { code: await generate({ secret: staffSecretOf(username) }) });
    let second = await verify();
    if (second.status === 400) {
      // The current step's code was used already (a code is accepted once): the next step's.
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 100));
      second = await verify();
    }
    if (second.status !== 200) throw new Error(`${username}: two-factor answered ${second.status}`);
    return staffCookieFrom(second);
  }
  return { call, passwordOnly, signIn };
}
