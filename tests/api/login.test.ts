import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { hashPassword } from '../../server/platform/accounts';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

type ErrorBody = { status: string; message: string };
const demo = { username: 'demo.player', password: 'emerald-demo-1' };

describe('login, logout and currency accounts (SESS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => server.close());

  // Each test signs in from its own address so the per-address throttle of one does not touch another.
  let address = 0;
  const client = () => new ApiClient(server.url, { 'x-forwarded-for': `127.0.1.${++address}` });

  it('SESS-10 SESS-13 signs a verified player in and returns their accounts without any key (DEF-05)', async () => {
    const api = client();
    const response = await api.post('/ps/login', demo);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'SUCCESS',
      registrationStatus: 'PLAYER',
      associateAccounts: [{ currency: 'EUR', isPrimary: true, active: true }],
    });
    const token = api.cookies.get('SESSION_KEY') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(response.text).not.toContain(token);
    expect(response.setCookies[0]).toMatch(/HttpOnly/i);
    expect((await api.get('/ps/checkSessionAlive')).body).toMatchObject({ alive: true, registrationStatus: 'PLAYER' });
    const info = await api.get<{ user: { username: string; kycStatus: string } }>('/ps/getPlayerInfo');
    expect(info.body.user).toMatchObject({ username: 'demo.player', kycStatus: 'EXPERIAN_PASS' });
  });

  it('signs in with the e-mail address too, whatever its letter case', async () => {
    expect((await client().post('/ps/login', { username: 'DEMO.PLAYER@emerald.example', password: demo.password })).status).toBe(200);
  });

  it('SESS-12 signs a QUICK_REG player in as QUICK_REG', async () => {
    const response = await client().post('/ps/login', { username: 'demo.quickreg', password: 'emerald-demo-1' });
    expect(response.body).toMatchObject({ registrationStatus: 'QUICK_REG' });
  });

  it('SESS-18 answers a wrong password and an unknown user alike', async () => {
    const wrong = await client().post<ErrorBody>('/ps/login', { ...demo, password: 'not-the-password1' });
    const unknown = await client().post<ErrorBody>('/ps/login', { username: 'nobody.at.all', password: 'whatever123' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ status: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('rejects an empty username or password naming the field', async () => {
    const response = await client().post<{ errors: { field: string }[] }>('/ps/login', { username: '', password: '' });
    expect(response.status).toBe(400);
    expect(response.body.errors.map((error) => error.field).sort()).toEqual(['password', 'username']);
  });

  it('rotates the session at login: the session from before is ended', async () => {
    const api = client();
    await api.post('/ps/login', demo);
    const before = api.cookieHeader;
    await api.post('/ps/login', demo);
    expect(api.cookieHeader).not.toBe(before);
    const stale = await fetch(`${server.url}/ps/checkSessionAlive`, { headers: { cookie: before } });
    expect(await stale.json()).toMatchObject({ alive: false });
  });

  it('SESS-19 logout ends the session on the server, so the old cookie is worthless', async () => {
    const api = client();
    await api.post('/ps/login', demo);
    const cookie = api.cookieHeader;
    const response = await api.post('/ps/logout');
    expect(response.body).toEqual({ status: 'SUCCESS' });
    expect(response.setCookies[0]).toMatch(/SESSION_KEY=;/);
    const replay = await fetch(`${server.url}/ps/getPlayerInfo`, { headers: { cookie } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ status: 'INVALID_SESSIONKEY' });
  });

  it('SESS-21 answers a signed-in operation without a session with NOT_LOGGED_IN_ERROR', async () => {
    const response = await client().get<ErrorBody>('/ps/getPlayerInfo');
    expect(response.status).toBe(401);
    expect(response.body.status).toBe('NOT_LOGGED_IN_ERROR');
  });

  it('SESS-23…25 switches the active currency of a two-currency player, and refuses one they do not hold', async () => {
    const api = client();
    const login = await api.post<{ associateAccounts: unknown[] }>('/ps/login', { username: 'demo.twocurrency', password: 'emerald-demo-1' });
    expect(login.body.associateAccounts).toEqual([
      { currency: 'EUR', isPrimary: true, active: true },
      { currency: 'GBP', isPrimary: false, active: false },
    ]);
    const switched = await api.post('/ps/switchCurrency', { currency: 'GBP' });
    expect(switched.body).toMatchObject({
      associateAccounts: [
        { currency: 'EUR', active: false },
        { currency: 'GBP', active: true },
      ],
    });
    expect((await api.get<{ user: { currency: string } }>('/ps/getPlayerInfo')).body.user.currency).toBe('GBP');

    const single = client();
    await single.post('/ps/login', demo);
    const refused = await single.post<{ errors: { field: string }[] }>('/ps/switchCurrency', { currency: 'GBP' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]?.field).toBe('currency');
    const bad = await single.post<{ errors: { field: string }[] }>('/ps/switchCurrency', { currency: 'XYZ' });
    expect(bad.body.errors[0]?.field).toBe('currency');
  });

  it("SESS-10 a stranger's 10 failures close their own address for that account (429 with Retry-After, even for the right password); the player still signs in from theirs, other accounts are untouched", async () => {
    const stranger = client();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await stranger.post('/ps/login', { username: 'demo.lord', password: `guess-${attempt}-x1` })).status).toBe(400);
    }
    const blocked = await stranger.post<ErrorBody>('/ps/login', { username: 'demo.lord', password: 'emerald-demo-1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    // The e-mail address is the same account, so it is no way around the count.
    expect((await stranger.post('/ps/login', { username: 'DEMO.LORD@emerald.example', password: 'emerald-demo-1' })).status).toBe(429);
    expect((await client().post('/ps/login', { username: 'demo.lord', password: 'emerald-demo-1' })).status).toBe(200);
    expect((await stranger.post('/ps/login', { username: 'demo.staff', password: 'emerald-staff-1' })).status).toBe(200);
  });

  it('SESS-10 guessing spread over many addresses is bounded per account: after 100 failures every address gets 429, even with the right password', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.db
      .update(player)
      .set({ passwordHash: await hashPassword('emerald-demo-1') })
      .where(eq(player.id, partyId));
    const username = (await server.db.select({ username: player.username }).from(player).where(eq(player.id, partyId)))[0]!.username;
    // Ten addresses, ten guesses each: no address reaches its own limit, the account reaches its.
    const guessers = Array.from({ length: 10 }, () => client());
    const answers = await Promise.all(
      guessers.flatMap((guesser) => Array.from({ length: 10 }, (_, n) => guesser.post('/ps/login', { username, password: `guess-${n}-x1` }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(100).fill(400));
    const blocked = await client().post('/ps/login', { username, password: 'emerald-demo-1' });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });

  it('throttles one client address after 50 failures across many accounts', async () => {
    const sprayer = client();
    for (let attempt = 0; attempt < 50; attempt += 1) {
      await sprayer.post('/ps/login', { username: `spray.target.${attempt}`, password: 'Spring2025x' });
    }
    const blocked = await sprayer.post('/ps/login', demo);
    expect(blocked.status).toBe(429);
    expect((await client().post('/ps/login', demo)).status).toBe(200);
  });
});
