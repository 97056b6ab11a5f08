import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSessionAliveResponseSchema } from '../../contracts/platform/check-session-alive';
import { playerSession } from '../../server/db/schema';
import { hashSessionToken } from '../../server/platform/session/session-store';
import { startTestServer, type TestServer } from '../support/test-server';

describe('GET /ps/checkSessionAlive (SESS, DEF-01, DEF-05)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SESSION_IDLE_TIMEOUT_MINUTES: '30' });
  });
  afterAll(() => server.close());

  const check = async (cookie?: string) => {
    const response = await fetch(`${server.url}/ps/checkSessionAlive`, { headers: cookie ? { cookie } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return { response, body: checkSessionAliveResponseSchema.parse(await response.json()) };
  };

  it('answers not alive without a session cookie', async () => {
    const { body } = await check();
    expect(body).toEqual({ status: 'SUCCESS', alive: false, authorities: [] });
  });

  it('answers alive with the roles the server holds for the player (DEF-01, OPS-13)', async () => {
    const admin = await server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    const { body } = await check(admin.cookie);
    expect(body.alive).toBe(true);
    expect(body.partyId).toBe(admin.partyId);
    expect(body.authorities).toEqual(['ROLE_ADMIN']);
  });

  it('never returns the session key in the body (DEF-05)', async () => {
    const signedIn = await server.createSignedInPlayer();
    const response = await fetch(`${server.url}/ps/checkSessionAlive`, { headers: { cookie: signedIn.cookie } });
    expect(await response.text()).not.toContain(signedIn.token);
  });

  it('stores only a hash of the session token', async () => {
    const signedIn = await server.createSignedInPlayer();
    const rows = await server.db.select().from(playerSession).where(eq(playerSession.playerId, signedIn.partyId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashSessionToken(signedIn.token));
    expect(rows[0]?.tokenHash).not.toContain(signedIn.token);
  });

  it('treats a made-up session value as not alive and clears the cookie', async () => {
    const { body, response } = await check('SESSION_KEY=made-up-value');
    expect(body.alive).toBe(false);
    expect(response.headers.get('set-cookie')).toMatch(/SESSION_KEY=;/);
  });

  it('ends a session that has been idle longer than the idle time-out', async () => {
    const signedIn = await server.createSignedInPlayer();
    const longAgo = new Date(Date.now() - 31 * 60_000);
    await server.db.update(playerSession).set({ lastSeenAt: longAgo }).where(eq(playerSession.playerId, signedIn.partyId));
    expect((await check(signedIn.cookie)).body.alive).toBe(false);
    const [row] = await server.db.select().from(playerSession).where(eq(playerSession.playerId, signedIn.partyId));
    expect(row?.endedAt).toBeInstanceOf(Date);
  });

  it('ends a session past its absolute time-out even when it was active', async () => {
    const signedIn = await server.createSignedInPlayer();
    await server.db
      .update(playerSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(playerSession.playerId, signedIn.partyId));
    expect((await check(signedIn.cookie)).body.alive).toBe(false);
  });
});
