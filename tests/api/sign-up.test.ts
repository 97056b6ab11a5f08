import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages } from '../../contracts/platform/accounts/player-fields';
import { player, playerConsent } from '../../server/db/schema';
import { ApiClient, completion, newSignup } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; message: string; errors?: { field: string; error: string }[] };

describe('sign-up: quickSignup and quickSignupCompletion (SIGNUP)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  const client = () => new ApiClient(server.url);

  it('SIGNUP-09 lists the mandatory consents; marketing is asked per product and channel instead (SR 5.1.12)', async () => {
    const { body } = await client().get<{ consents: { key: string; parentKey: string; isMandatory: boolean }[] }>('/ps/consents');
    expect(body.consents.filter((consent) => consent.isMandatory).map((consent) => consent.key)).toEqual(['TNC', 'PRIVACY']);
    // The single marketing consents (one box for every product) are retired by migration 0048.
    expect(body.consents.some((consent) => consent.parentKey === 'MARKETING')).toBe(false);
    const mandatory = await client().get<{ consents: unknown[] }>('/ps/consents?isMandatory=true');
    expect(mandatory.body.consents).toHaveLength(2);
  });

  it('SIGNUP-12 SIGNUP-18 creates a QUICK_REG player and signs them in with an HttpOnly cookie only (DEF-05)', async () => {
    const api = client();
    const signup = newSignup();
    const response = await api.post('/ps/quickSignup', signup);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'SUCCESS', registrationStatus: 'QUICK_REG' });
    const cookie = response.setCookies.find((line) => line.startsWith('SESSION_KEY='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    expect(response.text).not.toContain(api.cookies.get('SESSION_KEY'));
    const alive = await api.get('/ps/checkSessionAlive');
    expect(alive.body).toMatchObject({ alive: true, registrationStatus: 'QUICK_REG' });
    const [row] = await server.db.select().from(player).where(eq(player.username, signup.username));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.birthDate).toBe('1994-05-17');
    expect(
      await server.db
        .select()
        .from(playerConsent)
        .where(eq(playerConsent.playerId, row?.id ?? '')),
    ).toHaveLength(2);
  });

  it.each([
    ['username', { username: 'short' }, fieldMessages.username],
    ['password', { password: 'abc123' }, fieldMessages.password],
    ['password', { password: 'lettersonly' }, fieldMessages.password],
    ['email', { email: 'not-an-email' }, fieldMessages.email],
    ['birthDate', { birthDate: '2015-01-01' }, fieldMessages.belowMinimumAge],
    ['birthDate', { birthDate: '1990-02-31' }, fieldMessages.birthDate],
  ])('SIGNUP-39…47 rejects a bad %s with the spec text and creates nothing', async (field, overrides, message) => {
    const signup = newSignup(overrides);
    const response = await client().post<ErrorBody>('/ps/quickSignup', signup);
    expect(response.status).toBe(400);
    expect(response.body.status).toBe('VALIDATION_ERROR');
    expect(response.body.errors).toContainEqual({ field, error: message });
    expect(
      await server.db
        .select()
        .from(player)
        .where(eq(player.email, String(signup.email))),
    ).toHaveLength(0);
  });

  it('SIGNUP-11 refuses a sign-up without the mandatory consents', async () => {
    const response = await client().post<ErrorBody>('/ps/quickSignup', newSignup({ consents: [1] }));
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.field).toBe('consents');
  });

  it('SIGNUP-44 answers a taken username or e-mail with the DA text, whatever the letter case', async () => {
    const first = newSignup();
    expect((await client().post('/ps/quickSignup', first)).status).toBe(200);
    for (const again of [newSignup({ username: first.username.toUpperCase() }), newSignup({ email: first.email.toUpperCase() })]) {
      const response = await client().post<ErrorBody>('/ps/quickSignup', again);
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        status: 'DUPLICATE',
        message: 'We were unable to create your account, please contact support and quote error code DA.',
      });
    }
  });

  it('SIGNUP-42 SIGNUP-48 refuses sign-up from outside Ireland and the UK, and accepts an Irish address', async () => {
    const refused = await client().post<ErrorBody>('/ps/quickSignup', newSignup(), { 'x-forwarded-for': '8.8.8.8' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'ipaddress', error: 'Signup is not allowed from your jurisdiction.' }]);
    const irish = await client().post('/ps/quickSignup', newSignup(), { 'x-forwarded-for': '87.32.10.10' });
    expect(irish.status).toBe(200);
  });

  it.each([
    ['SUCCESS', 'Walsh', 'EXPERIAN_PASS'],
    ['ID_CHECK_LOCK', 'Refer', 'ID_CHECK_LOCK'],
    ['KYC_FAILED_LOCK', 'Underage', 'KYC_FAILED_LOCK'],
  ])('SIGNUP-31…36 completion answers %s for the sandbox identity check of last name %s', async (status, lastName, kycStatus) => {
    const api = client();
    await api.post('/ps/quickSignup', newSignup());
    const response = await api.post('/ps/quickSignupCompletion', completion({ lastName }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status, registrationStatus: 'PLAYER', kycStatus });
    const info = await api.get<{ user: { registrationStatus: string; kycStatus: string; country: string } }>('/ps/getPlayerInfo');
    expect(info.body.user).toMatchObject({ registrationStatus: 'PLAYER', kycStatus, country: 'IE' });
  });

  it('SIGNUP-33 DEF-02 keeps the chosen gender and country', async () => {
    const api = client();
    const signup = newSignup();
    await api.post('/ps/quickSignup', signup);
    await api.post('/ps/quickSignupCompletion', completion({ gender: 'X', country: 'GB', postalCode: 'BT1 5GS', mobile: '447911123456' }));
    const [row] = await server.db.select().from(player).where(eq(player.username, signup.username));
    expect(row).toMatchObject({ gender: 'X', country: 'GB', mobile: '447911123456' });
  });

  it.each([
    ['mobile', { mobile: '3531234' }, fieldMessages.mobile],
    ['postalCode', { postalCode: 'B12 3456' }, fieldMessages.eircode],
    ['firstName', { firstName: '' }, fieldMessages.required],
    ['gender', { gender: 'MALE' }, fieldMessages.required],
  ])('rejects a completion with a bad %s and leaves the player QUICK_REG', async (field, overrides, message) => {
    const api = client();
    await api.post('/ps/quickSignup', newSignup());
    const response = await api.post<ErrorBody>('/ps/quickSignupCompletion', completion(overrides));
    expect(response.status).toBe(400);
    expect(response.body.errors).toContainEqual({ field, error: message });
    expect((await api.get('/ps/checkSessionAlive')).body).toMatchObject({ registrationStatus: 'QUICK_REG' });
  });

  it.each([
    ['ZZ', fieldMessages.country],
    ['UK', fieldMessages.country],
    ['US', 'Sign-up is open to residents of IE, GB only'],
  ])('defect 3: refuses completion declaring country %s (400 naming country) and leaves the player QUICK_REG', async (country, message) => {
    const api = client();
    const signup = newSignup();
    await api.post('/ps/quickSignup', signup);
    const response = await api.post<ErrorBody>('/ps/quickSignupCompletion', completion({ country }));
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'country', error: message }]);
    const [row] = await server.db.select().from(player).where(eq(player.username, signup.username));
    expect(row).toMatchObject({ registrationStatus: 'QUICK_REG', country: null, kycStatus: 'NOT_CHECKED' });
  });

  it.each(['ZZ', 'US'])('defect 3: refuses a step-1 or one-step sign-up declaring country %s and creates nothing', async (country) => {
    for (const path of ['/ps/quickSignup', '/ps/signup']) {
      const body = path === '/ps/signup' ? { ...newSignup({ country }), ...completion({ country }) } : newSignup({ country });
      const response = await client().post<ErrorBody>(path, body);
      expect(response.status, path).toBe(400);
      expect(
        response.body.errors?.map((error) => error.field),
        path,
      ).toEqual(['country']);
      expect(
        await server.db
          .select()
          .from(player)
          .where(eq(player.email, String(body.email))),
      ).toHaveLength(0);
    }
  });

  it('defect 3: the configuration names the countries sign-up is open to, for the address select', async () => {
    const { body } = await client().get<{ acf: { signup_countries: string[] } }[]>('/cms/wp-json/wp/v2/configuration');
    expect(body[0]?.acf.signup_countries).toEqual(['IE', 'GB']);
  });

  it('refuses completion without a session, and a second completion', async () => {
    const anonymous = await client().post<ErrorBody>('/ps/quickSignupCompletion', completion());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status).toBe('NOT_LOGGED_IN_ERROR');
    const api = client();
    await api.post('/ps/quickSignup', newSignup());
    expect((await api.post('/ps/quickSignupCompletion', completion())).status).toBe(200);
    expect((await api.post<ErrorBody>('/ps/quickSignupCompletion', completion())).body.status).toBe('REGISTRATION_ALREADY_COMPLETE');
  });

  it('sends a welcome e-mail that matches the identity outcome', async () => {
    const api = client();
    const signup = newSignup();
    await api.post('/ps/quickSignup', signup);
    await api.post('/ps/quickSignupCompletion', completion({ lastName: 'Underage' }));
    const mail = await server.outbox(signup.email);
    expect(mail.at(-1)?.subject).toBe('Welcome to Emerald');
    expect(mail.at(-1)?.text).toContain('under 30 minutes between 7am and 11pm');
  });
});

describe('one-step sign-up, e-mail confirmation and consents (SIGNUP-49, SIGNUP-52, NS-24)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://emerald.test' });
  });
  afterAll(() => server.close());

  const fullSignup = (overrides: Record<string, unknown> = {}) => {
    const { unit: _unit, building: _building, ...profile } = completion();
    return { ...newSignup(), ...profile, securityQuestion: 'First pet?', securityAnswer: 'Rex', ...overrides };
  };

  it('SIGNUP-49 signs up in one request, runs the identity check and signs the player in', async () => {
    const api = new ApiClient(server.url);
    const response = await api.post('/ps/signup', fullSignup());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'SUCCESS', registrationStatus: 'PLAYER', kycStatus: 'EXPERIAN_PASS' });
    expect((await api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true, registrationStatus: 'PLAYER' });
  });

  it('SIGNUP-49 reports the identity outcome and rejects bad fields naming them', async () => {
    expect((await new ApiClient(server.url).post('/ps/signup', fullSignup({ lastName: 'Refer' }))).body).toMatchObject({ status: 'ID_CHECK_LOCK' });
    const bad = await new ApiClient(server.url).post<ErrorBody>('/ps/signup', fullSignup({ mobile: '12', gender: 'Q' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((error) => error.field).sort()).toEqual(['gender', 'mobile']);
  });

  it('SIGNUP-52 NAV-04 confirms the e-mail with the link from the sign-up e-mail, once, and signs the player in', async () => {
    const signup = newSignup();
    await new ApiClient(server.url).post('/ps/quickSignup', signup);
    const [mail] = (await server.outbox(signup.email)).filter((message) => message.template === 'signup-confirmation');
    const link = /https:\/\/emerald\.test\/confirm-signup\?\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    const code = new URL(link).searchParams.get('confirmationCode') ?? '';
    expect(code.length).toBeGreaterThan(20);

    const browser = new ApiClient(server.url);
    const confirmed = await browser.post('/ps/signupConfirmation', { confirmationCode: code, email: signup.email });
    expect(confirmed.body).toEqual({ status: 'SUCCESS', registrationStatus: 'QUICK_REG' });
    expect(confirmed.text).not.toContain(browser.cookies.get('SESSION_KEY'));
    expect((await browser.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true });
    const [row] = await server.db.select().from(player).where(eq(player.email, signup.email));
    expect(row?.emailConfirmedAt).toBeInstanceOf(Date);

    const again = await new ApiClient(server.url).post<ErrorBody>('/ps/signupConfirmation', { confirmationCode: code, email: signup.email });
    expect(again.status).toBe(400);
    expect(again.body.errors?.[0]?.field).toBe('confirmationCode');
    const empty = await new ApiClient(server.url).post<ErrorBody>('/ps/signupConfirmation', { confirmationCode: '', email: signup.email });
    expect(empty.body.errors?.[0]?.field).toBe('confirmationCode');
  });

  it('NS-24 lets a player give and withdraw marketing consents but not withdraw mandatory ones', async () => {
    const api = new ApiClient(server.url);
    await api.post('/ps/quickSignup', newSignup({ consents: [1, 2] }));
    const before = await api.get<{ consents: { key: string; granted: boolean }[] }>('/ps/user/consents');
    expect(before.body.consents.filter((consent) => consent.granted).map((consent) => consent.key)).toEqual(['TNC', 'PRIVACY']);
    // The single marketing consents gave way to the product × channel matrix (migration 0048): no longer asked.
    expect(before.body.consents.map((consent) => consent.key)).toEqual(['TNC', 'PRIVACY']);
    const marketing = await api.request<{ consents: { product: string; channel: string; granted: boolean }[] }>('PUT', '/ps/user/marketingConsents', {
      consents: [{ product: 'BINGO', channel: 'SMS', granted: true }],
    });
    expect(marketing.body.consents.filter((box) => box.granted)).toEqual([expect.objectContaining({ product: 'BINGO', channel: 'SMS' })]);
    const withdraw = await api.post<ErrorBody>('/ps/user/consents', { consents: [{ consentVersionId: 1, granted: false }] });
    expect(withdraw.status).toBe(400);
    expect(withdraw.body.errors?.[0]).toEqual({ field: 'consents', error: 'Mandatory consents cannot be withdrawn' });
    const stillGiven = await api.get<{ consents: { key: string; granted: boolean }[] }>('/ps/user/consents');
    expect(stillGiven.body.consents.find((consent) => consent.key === 'TNC')?.granted).toBe(true);
    expect((await new ApiClient(server.url).get('/ps/user/consents')).status).toBe(401);
  });
});
