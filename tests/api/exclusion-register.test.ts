import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusionRegisterCheck, player } from '../../server/db/schema';
import { sandboxExclusionRegisterTestValues as values } from '../../server/platform/exclusion-register';
import { ApiClient, completion, newSignup } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 12, national exclusion registers (GAMSTOP in GB, the National Gambling Exclusion Register
 * in IE): consulted at sign-up and at login through the sandbox register, whose test last names
 * are documented in the README.
 */

type ErrorBody = { status: string; message: string; errors?: { field: string }[] };
const GB_ADDRESS = '81.2.69.142';
const PASSWORD = 'green4tables';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: 'true' });
});
afterAll(() => server.close());

// Each sign-in from its own address, so the per-address throttles of one test do not touch another.
let address = 0;
const client = (forwardedFor?: string) => new ApiClient(server.url, { 'x-forwarded-for': forwardedFor ?? `127.0.3.${++address}` });

/** A one-step sign-up body (SIGNUP-49); `country` GB gets a GB postcode and mobile. */
function fullSignup(overrides: Record<string, unknown> = {}) {
  const { unit: _unit, building: _building, ...profile } = completion();
  const british = overrides.country === 'GB' ? { postalCode: 'SW1A 1AA', mobile: '447911123456', city: 'London', municipality: 'Westminster' } : {};
  return { ...newSignup({ password: PASSWORD }), ...profile, ...british, securityQuestion: 'First pet?', securityAnswer: 'Rex', ...overrides };
}

const playersWithEmail = (email: string) => server.db.select().from(player).where(eq(player.email, email));
const checksOf = (playerId: string) =>
  server.db.select().from(exclusionRegisterCheck).where(eq(exclusionRegisterCheck.playerId, playerId)).orderBy(exclusionRegisterCheck.id);

async function signedUp(overrides: Record<string, unknown> = {}) {
  const body = fullSignup(overrides);
  const api = client();
  const response = await api.post<{ partyId: string }>('/ps/signup', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { api, body, partyId: response.body.partyId };
}

describe('national exclusion register at sign-up (issue 12)', () => {
  it('refuses a person on GAMSTOP signing up in GB with EXCLUSION_REGISTER, and creates nothing', async () => {
    const body = fullSignup({ country: 'GB', lastName: values.gamstopLastName });
    const api = client();
    const refused = await api.post<ErrorBody>('/ps/signup', body);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('EXCLUSION_REGISTER');
    expect(refused.body.message).toMatch(/national self-exclusion scheme/);
    expect(await playersWithEmail(body.email)).toHaveLength(0);
    expect(api.cookies.has('SESSION_KEY')).toBe(false);
    expect(await server.outbox(body.email)).toHaveLength(0);
  });

  it('asks the register of the country: NGER refuses in IE, GAMSTOP alone does not apply there', async () => {
    const nger = fullSignup({ country: 'IE', lastName: values.ngerLastName });
    const refused = await client().post<ErrorBody>('/ps/signup', nger);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('EXCLUSION_REGISTER');
    expect(await playersWithEmail(nger.email)).toHaveLength(0);

    // On GAMSTOP only, declaring Ireland from an Irish (here: unplaceable) address: NGER is asked, CLEAR.
    const { partyId } = await signedUp({ country: 'IE', lastName: values.gamstopLastName });
    expect(await checksOf(partyId)).toEqual([expect.objectContaining({ register: 'NGER', answer: 'CLEAR', place: 'SIGNUP', provider: 'sandbox' })]);
  });

  it('asks GAMSTOP too when a person declaring Ireland signs up from a British address (their rules are GB)', async () => {
    const body = fullSignup({ country: 'IE', lastName: values.gamstopLastName });
    const refused = await client(GB_ADDRESS).post<ErrorBody>('/ps/signup', body);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('EXCLUSION_REGISTER');
    expect(await playersWithEmail(body.email)).toHaveLength(0);
  });

  it('stores the CLEAR answer of an ordinary sign-up with its time', async () => {
    const before = Date.now();
    const { partyId } = await signedUp({ country: 'GB' });
    const [check] = await checksOf(partyId);
    expect(check).toMatchObject({ register: 'GAMSTOP', answer: 'CLEAR', place: 'SIGNUP' });
    expect(check!.checkedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('fails closed when the register is unavailable: 503, no account', async () => {
    const body = fullSignup({ country: 'GB', lastName: values.unavailableLastName });
    const refused = await client().post<ErrorBody>('/ps/signup', body);
    expect(refused.status).toBe(503);
    expect(refused.body.status).toBe('SERVICE_UNAVAILABLE');
    expect(refused.body.message).toMatch(/self-exclusion register/);
    expect(await playersWithEmail(body.email)).toHaveLength(0);
  });

  it('refuses the completion of a quick sign-up: the profile is not stored, the answer is, and the player cannot log in', async () => {
    const api = client();
    const step1 = newSignup({ password: PASSWORD });
    const quick = await api.post<{ partyId: string }>('/ps/quickSignup', step1);
    expect(quick.status).toBe(200);
    const refused = await api.post<ErrorBody>('/ps/quickSignupCompletion', completion({ lastName: values.ngerLastName }));
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('EXCLUSION_REGISTER');
    const [row] = await playersWithEmail(step1.email);
    expect(row).toMatchObject({ registrationStatus: 'QUICK_REG', lastName: null, kycStatus: 'NOT_CHECKED' });
    expect(await checksOf(quick.body.partyId)).toEqual([expect.objectContaining({ register: 'NGER', answer: 'REGISTERED', place: 'SIGNUP' })]);
    // The name was never stored, so the login judges on the stored answer.
    const login = await client().post<ErrorBody>('/ps/login', { username: step1.username, password: PASSWORD });
    expect(login.status).toBe(403);
    expect(login.body.status).toBe('EXCLUSION_REGISTER');
  });

  it('refuses bad input naming the field before asking any register', async () => {
    const body = fullSignup({ country: 'GB', lastName: '' });
    const refused = await client().post<ErrorBody>('/ps/signup', body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((error) => error.field)).toContain('lastName');
    expect(await playersWithEmail(body.email)).toHaveLength(0);
    const completionWithoutSession = await client().post<ErrorBody>('/ps/quickSignupCompletion', completion({ lastName: values.ngerLastName }));
    expect(completionWithoutSession.status).toBe(401);
  });
});

describe('national exclusion register at login (issue 12)', () => {
  it('asks again at every login: a player who has joined GAMSTOP since is refused and their open sessions end', async () => {
    const { api: firstBrowser, body, partyId } = await signedUp({ country: 'GB' });
    expect((await firstBrowser.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
    const again = await client().post('/ps/login', { username: body.username, password: PASSWORD });
    expect(again.status).toBe(200);

    // The sandbox answers by last name: the player now on GAMSTOP.
    await server.db.update(player).set({ lastName: values.gamstopLastName }).where(eq(player.id, partyId));
    const refused = await client().post<ErrorBody>('/ps/login', { username: body.username, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('EXCLUSION_REGISTER');
    expect(refused.setCookies.some((cookie) => cookie.startsWith('SESSION_KEY=') && !cookie.startsWith('SESSION_KEY=;'))).toBe(false);
    expect((await firstBrowser.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: false });
    expect((await checksOf(partyId)).map((check) => `${check.place}:${check.answer}`)).toEqual(['SIGNUP:CLEAR', 'LOGIN:CLEAR', 'LOGIN:REGISTERED']);
  });

  it('a wrong password is refused as ever, without asking the register', async () => {
    const { body, partyId } = await signedUp({ country: 'GB' });
    const wrong = await client().post<ErrorBody>('/ps/login', { username: body.username, password: 'not-the-password1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.status).toBe('INVALID_CREDENTIALS');
    expect(await checksOf(partyId)).toHaveLength(1);
  });

  it('while the register is unavailable, the last stored answer decides: CLEAR lets in, REGISTERED refuses, none fails closed', async () => {
    const { body, partyId } = await signedUp({ country: 'GB' });
    await server.db.update(player).set({ lastName: values.unavailableLastName }).where(eq(player.id, partyId));
    const login = () => client().post<ErrorBody>('/ps/login', { username: body.username, password: PASSWORD });

    const onStoredClear = await login();
    expect(onStoredClear.status, JSON.stringify(onStoredClear.body)).toBe(200);
    expect((await checksOf(partyId)).at(-1)).toMatchObject({ register: 'GAMSTOP', answer: 'UNAVAILABLE', place: 'LOGIN' });

    await server.db
      .insert(exclusionRegisterCheck)
      .values({ playerId: partyId, register: 'GAMSTOP', answer: 'REGISTERED', place: 'LOGIN', provider: 'sandbox' });
    const onStoredRegistered = await login();
    expect(onStoredRegistered.status).toBe(403);
    expect(onStoredRegistered.body.status).toBe('EXCLUSION_REGISTER');

    await server.db.delete(exclusionRegisterCheck).where(and(eq(exclusionRegisterCheck.playerId, partyId)));
    const onNothing = await login();
    expect(onNothing.status).toBe(503);
    expect(onNothing.body.status).toBe('SERVICE_UNAVAILABLE');
  });

  it('players outside GB and IE meet no register', async () => {
    const { partyId } = await signedUp({ country: 'IE' });
    await server.db.update(player).set({ country: 'MK', jurisdiction: null, lastName: values.bothRegistersLastName }).where(eq(player.id, partyId));
    const [row] = await server.db.select().from(player).where(eq(player.id, partyId));
    const login = await client().post('/ps/login', { username: row!.username, password: PASSWORD });
    expect(login.status).toBe(200);
  });
});
