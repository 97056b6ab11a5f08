import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { request, type APIRequestContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmation, marketingConsent, payment, playerSession, socialAccount } from '../../server/db/schema';
import { lockPlayer } from '../../server/platform/limits/locks.service';
import { endAllSessions } from '../../server/platform/session';
import { ApiClient } from '../support/api-client';
import { requestId } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { signInAtProvider, startServerWithOidcProvider, type Hop, type TestOidcProvider } from '../support/oidc-provider';
import type { TestServer } from '../support/test-server';
import { formatDate } from '../../contracts/format';

/**
 * Issue 26 defects 3 and 4 (RG-51…61, DEF-11): every way to a session — password, the sign-up
 * confirmation link, social sign-in — goes through one door that reads the player's locks. A
 * self-excluded player gets no session by any of them; a player on a time-out gets a restricted
 * session: balance, withdrawal, responsible gaming and support, and 403 ACCOUNT_RESTRICTED for
 * everything else (an allow-list on the server).
 */

type ErrorBody = { status: string; message: string; errors?: { field: string; error: string }[] };
const PASSWORD = 'emerald-demo-1';

let server: TestServer;
let provider: TestOidcProvider;
let callbackUrl: string;
const contexts: APIRequestContext[] = [];

beforeAll(async () => {
  ({ provider, server, callbackUrl } = await startServerWithOidcProvider());
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.dispose()));
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** A player with demo.player's password, a EUR account, an unused sign-up confirmation code and a linked provider account; no session left live. */
async function playerWithDoors(prefix: string) {
  const username = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const created = await server.createSignedInPlayer({ currencies: ['EUR'], username });
  await server.db.execute(
    sql`UPDATE player SET password_hash = (SELECT password_hash FROM player WHERE username = 'demo.player') WHERE id = ${created.partyId}`,
  );
  await server.db.update(playerSession).set({ endedAt: new Date() }).where(eq(playerSession.playerId, created.partyId));
  const confirmationCode = randomUUID();
  await server.db.insert(emailConfirmation).values({
    keyHash: createHash('sha256').update(confirmationCode).digest('hex'),
    playerId: created.partyId,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
  });
  const subject = `subject-${username}`;
  await server.db.insert(socialAccount).values({ provider: provider.issuer, subject, playerId: created.partyId, email: provider.emailOf(subject) });
  return { partyId: created.partyId, username, email: `${username}@example.test`, confirmationCode, subject };
}
type Doors = Awaited<ReturnType<typeof playerWithDoors>>;

const liveSessions = (partyId: string) =>
  server.db
    .select()
    .from(playerSession)
    .where(and(eq(playerSession.playerId, partyId), sql`${playerSession.endedAt} IS NULL`));

async function passwordLogin(doors: Doors) {
  const client = new ApiClient(server.url);
  const answer = await client.post<{ status: string; restrictedUntil?: string } & ErrorBody>('/ps/login', { username: doors.username, password: PASSWORD });
  return { client, answer };
}

async function confirmationLogin(doors: Doors) {
  const client = new ApiClient(server.url);
  const answer = await client.post<{ status: string; restrictedUntil?: string } & ErrorBody>('/ps/signupConfirmation', {
    confirmationCode: doors.confirmationCode,
    email: doors.email,
  });
  return { client, answer };
}

/** Signs in at the OpenID provider as the linked account; where the callback sent the browser, and the session it holds. */
async function socialLogin(doors: Doors) {
  const context = await request.newContext();
  contexts.push(context);
  const hops: Hop[] = await signInAtProvider(context, await context.get(`${server.url}/ps/socialLogin?socialType=OIDC`, { maxRedirects: 0 }), doors.subject);
  const location = hops.find((hop) => hop.url.startsWith(callbackUrl))?.location;
  const token = (await context.storageState()).cookies.find((cookie) => cookie.name === 'SESSION_KEY')?.value;
  return { location, token };
}

const withToken = (token: string | undefined) => {
  const client = new ApiClient(server.url);
  if (token) client.cookies.set('SESSION_KEY', token);
  return client;
};

describe('a player on a time-out signs in to a restricted view only (issue 26 defect 4; RG-51, DEF-11)', () => {
  it('RG-51 password login gives a restricted session that says until when, in the login answer and checkSessionAlive', async () => {
    const doors = await playerWithDoors('timeout_pw');
    const lock = await lockPlayer(server.db, doors.partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 2 }, endAllSessions);
    const { client, answer } = await passwordLogin(doors);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.restrictedUntil).toBe(lock.endsAt.toISOString());
    const [row] = await liveSessions(doors.partyId);
    expect(row?.restrictedUntil?.toISOString()).toBe(lock.endsAt.toISOString());
    const alive = await client.get<{ alive: boolean; restrictedUntil?: string }>('/ps/checkSessionAlive');
    expect(alive.body).toMatchObject({ alive: true, restrictedUntil: lock.endsAt.toISOString() });
  });

  it('RG-51 the unused sign-up confirmation link and a linked social account give a restricted session, never a full one', async () => {
    const doors = await playerWithDoors('timeout_doors');
    const lock = await lockPlayer(server.db, doors.partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'DAY', lockPeriod: 3 }, endAllSessions);

    const confirmed = await confirmationLogin(doors);
    expect(confirmed.answer.status, JSON.stringify(confirmed.answer.body)).toBe(200);
    expect(confirmed.answer.body.restrictedUntil).toBe(lock.endsAt.toISOString());
    expect((await confirmed.client.get('/ps/user/consents')).status).toBe(403);

    const social = await socialLogin(doors);
    expect(social.location).toBe('/');
    const alive = await withToken(social.token).get<{ alive: boolean; restrictedUntil?: string }>('/ps/checkSessionAlive');
    expect(alive.body).toMatchObject({ alive: true, restrictedUntil: lock.endsAt.toISOString() });
    expect((await withToken(social.token).post('/ps/referFriend', { emails: 'friend@example.test' })).status).toBe(403);

    // Every session the player holds is restricted.
    const rows = await liveSessions(doors.partyId);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.restrictedUntil?.toISOString()).toBe(lock.endsAt.toISOString());
  });

  describe('with the restricted session', () => {
    let client: ApiClient;
    let doors: Doors;
    let partyId: string;
    let token: string;
    let endsAt: Date;

    beforeAll(async () => {
      doors = await playerWithDoors('timeout_ops');
      partyId = doors.partyId;
      const paymentId = await server.fundPlayer(partyId, 5_000n, 'EUR', { methodCode: 'NETELLER' });
      await server.db.update(payment).set({ payFromEmail: 'timeout@example.test' }).where(eq(payment.id, paymentId));
      endsAt = (await lockPlayer(server.db, partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 }, endAllSessions)).endsAt;
      ({ client } = await passwordLogin(doors));
      token = client.cookies.get('SESSION_KEY') ?? '';
    });

    it('getBalance, the player, the limits and play status, messages and support answer 200', async () => {
      const balance = await client.get<{ status: string; cash: number }>('/ps/getBalance');
      expect(balance.status).toBe(200);
      expect(JSON.stringify(balance.body)).toContain('50');
      const today = new Date().toISOString().slice(0, 10);
      for (const path of [
        '/ps/getPlayerInfo',
        '/ps/getAssociateAccounts',
        '/ps/getLimits',
        '/ps/getPlayStatus',
        '/ps/getPersonalDepositLimits',
        '/ps/getPlayerMessages',
        '/ps/getWithdrawalMethods',
        '/ps/getWithdrawalLimits?paymentMethodCode=NETELLER',
        `/ps/getBankingHistory?startDate=${today}&endDate=${today}`,
        '/support/conversation',
      ]) {
        expect((await client.get(path)).status, path).toBe(200);
      }
    });

    it('a withdrawal goes through (the time-out does not keep the player from their cash)', async () => {
      const withdrawn = await client.post<{ status: string; paymentStatus: string }>('/ps/processWithdrawal', {
        requestId: requestId(),
        paymentMethod: 'NETELLER',
        amount: 20,
        payFromEmail: 'timeout@example.test',
      });
      expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
      expect(['SUCCESS', 'PENDING']).toContain(withdrawn.body.paymentStatus);
      const [row] = await server.db
        .select()
        .from(payment)
        .where(and(eq(payment.playerId, partyId), eq(payment.type, 'WITHDRAWAL')));
      expect(row).toBeDefined();
    });

    it('deposit, game launch, bonus claim, loyalty purchase, referral invitation and profile changes answer 403 ACCOUNT_RESTRICTED naming the end', async () => {
      const refused: [string, string, unknown][] = [
        [
          'POST',
          '/ps/processDeposit',
          { requestId: requestId(), paymentMethod: 'OMEGA_BANK', amount: 20, accountId: 'IE29AIBK93115212345678', secureId: '123456' },
        ],
        ['GET', '/ps/getDepositMethods', undefined],
        ['POST', '/ps/redeemBonus', { code: 'WELCOME10' }],
        ['POST', '/ps/loyaltyCheckout', { requestId: randomUUID(), items: [{ itemCode: 'ANY', quantity: 1 }] }],
        ['POST', '/ps/referFriend', { emails: 'friend@example.test' }],
        ['POST', '/ps/addFavoriteGame', { gameId: 'SR-3001' }],
        ['POST', '/ps/updateSessionLimit', { limit: 10 }],
      ];
      for (const [method, path, body] of refused) {
        const answer = method === 'GET' ? await client.get<ErrorBody>(path) : await client.post<ErrorBody>(path, body);
        expect(answer.status, `${path} ${JSON.stringify(answer.body)}`).toBe(403);
        expect(answer.body.status, path).toBe('ACCOUNT_RESTRICTED');
        // The day as the contracts write it (issue 27): "2 January 2027", in UTC.
        expect(answer.body.message, path).toContain(`until ${formatDate(endsAt, 'en', { timeZone: 'UTC', month: 'long' })}`);
        expect(answer.body.message, path).toMatch(/balance, withdrawals, responsible gaming tools and support/);
      }
      const launch = await gameClient(server).call('POST', '/gs/launch', { cookie: `SESSION_KEY=${token}`, body: { gameId: 'SR-3001', playForReal: true } });
      expect(launch.status).toBe(403);
      expect(launch.body).toMatchObject({ status: 'ACCOUNT_RESTRICTED' });
    });

    it('RG-59 marketing opt-in is refused and no marketing box is written inside the lock', async () => {
      const saved = await client.request<ErrorBody>('PUT', '/ps/user/marketingConsents', {
        consents: [{ product: 'GAMING', channel: 'EMAIL', granted: true }],
      });
      expect(saved.status).toBe(403);
      expect(saved.body.status).toBe('ACCOUNT_RESTRICTED');
      expect(await server.db.select().from(marketingConsent).where(eq(marketingConsent.playerId, partyId))).toEqual([]);
    });

    it('logout ends the restricted session', async () => {
      const other = await passwordLogin(doors);
      expect((await other.client.post('/ps/logout', {})).status).toBe(200);
      expect((await other.client.get('/ps/getBalance')).status).toBe(401);
    });
  });

  it('a restricted session turns full once the time-out has ended; the lock ending is what opens the rest', async () => {
    const doors = await playerWithDoors('timeout_ends');
    await lockPlayer(server.db, doors.partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'DAY', lockPeriod: 1 }, endAllSessions);
    const { client } = await passwordLogin(doors);
    expect((await client.get('/ps/getDepositMethods')).status).toBe(403);
    await server.db.execute(
      sql`UPDATE rg_lock SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 second' WHERE player_id = ${doors.partyId}`,
    );
    await server.db.execute(sql`UPDATE player_session SET restricted_until = now() - interval '1 second' WHERE player_id = ${doors.partyId}`);
    expect((await client.get('/ps/getDepositMethods')).status).toBe(200);
    expect((await client.get<{ restrictedUntil?: string }>('/ps/checkSessionAlive')).body.restrictedUntil).toBeUndefined();
  });

  it('a player without a lock gets a full session (no restrictedUntil anywhere)', async () => {
    const doors = await playerWithDoors('free');
    const { client, answer } = await passwordLogin(doors);
    expect(answer.status).toBe(200);
    expect(answer.body.restrictedUntil).toBeUndefined();
    expect((await client.get('/ps/getDepositMethods')).status).toBe(200);
    const [row] = await liveSessions(doors.partyId);
    expect(row?.restrictedUntil).toBeNull();
  });
});

describe('a self-excluded player gets no session by any door (issue 26 defect 3; RG-55, DEF-11)', () => {
  it('RG-55 login, the unused sign-up confirmation link and social login are all refused, and no session row is written', async () => {
    const doors = await playerWithDoors('excluded_doors');
    await lockPlayer(server.db, doors.partyId, { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 }, endAllSessions);

    const login = await passwordLogin(doors);
    expect(login.answer.status).toBe(403);
    expect(login.answer.body.status).toBe('PLAYER_LOCKED');
    expect(login.answer.body.message).toMatch(/self-excluded until \d{1,2} [A-Z][a-z]+ \d{4}\./);
    expect(login.client.cookies.get('SESSION_KEY')).toBeUndefined();

    const confirmed = await confirmationLogin(doors);
    expect(confirmed.answer.status, JSON.stringify(confirmed.answer.body)).toBe(403);
    expect(confirmed.answer.body.status).toBe('PLAYER_LOCKED');
    expect(confirmed.client.cookies.get('SESSION_KEY')).toBeUndefined();

    const social = await socialLogin(doors);
    expect(social.location).toBe('/login?socialLogin=locked');
    expect(social.token).toBeUndefined();

    expect(
      await server.db
        .select()
        .from(playerSession)
        .where(
          and(eq(playerSession.playerId, doors.partyId), sql`${playerSession.createdAt} > now() - interval '1 minute'`, sql`${playerSession.endedAt} IS NULL`),
        ),
    ).toEqual([]);
  });

  it('a self-exclusion taken during a time-out refuses sign-in though the time-out runs longer', async () => {
    const doors = await playerWithDoors('excluded_in_timeout');
    await lockPlayer(server.db, doors.partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 6 }, endAllSessions);
    await lockPlayer(server.db, doors.partyId, { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 }, endAllSessions);
    const login = await passwordLogin(doors);
    expect(login.answer.status).toBe(403);
    expect(login.answer.body.message).toMatch(/self-excluded/);
    expect(await liveSessions(doors.partyId)).toEqual([]);
  });

  it('RG-55 a player on a time-out can self-exclude from the restricted view: the lock is taken and every session ends', async () => {
    const doors = await playerWithDoors('self_excludes_in_timeout');
    await lockPlayer(server.db, doors.partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 }, endAllSessions);
    const login = await passwordLogin(doors);
    expect(login.answer.status).toBe(200);
    const excluded = await login.client.post<{ lockType: string }>('/ps/lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 });
    expect(excluded.status).toBe(200);
    expect(excluded.body.lockType).toBe('EXCLUSION');
    expect(await liveSessions(doors.partyId)).toEqual([]);
    expect((await passwordLogin(doors)).answer.status).toBe(403);
  });

  it('an ended self-exclusion not yet returned from refuses every door too', async () => {
    const doors = await playerWithDoors('excluded_ended');
    await lockPlayer(server.db, doors.partyId, { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 }, endAllSessions);
    await server.db.execute(
      sql`UPDATE rg_lock SET starts_at = now() - interval '200 days', ends_at = now() - interval '1 second' WHERE player_id = ${doors.partyId}`,
    );
    expect((await passwordLogin(doors)).answer.body.status).toBe('EXCLUSION_RETURN_REQUIRED');
    expect((await confirmationLogin(doors)).answer.body.status).toBe('EXCLUSION_RETURN_REQUIRED');
    expect((await socialLogin(doors)).location).toBe('/login?socialLogin=locked');
    expect(await liveSessions(doors.partyId)).toEqual([]);
  });
});

describe('operations: no session and bad input still answer as before', () => {
  it('the operations open to a restricted session answer 401 without a session', async () => {
    const anonymous = new ApiClient(server.url);
    for (const path of ['/ps/getBalance', '/ps/getPlayerInfo', '/ps/getLimits', '/ps/getWithdrawalMethods']) {
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
    expect(
      (await anonymous.post('/ps/processWithdrawal', { requestId: requestId(), paymentMethod: 'NETELLER', amount: 20, payFromEmail: 'x@example.test' })).status,
    ).toBe(401);
  });

  it('signupConfirmation with a bad body is 400 naming the field and makes no session', async () => {
    const answer = await new ApiClient(server.url).post<ErrorBody>('/ps/signupConfirmation', { confirmationCode: '', email: 'nobody@example.test' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('confirmationCode');
  });
});
