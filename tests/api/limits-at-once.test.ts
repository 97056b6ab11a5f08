import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player, staffMember, staffSession, userDocument } from '../../server/db/schema';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { ApiClient } from '../support/api-client';
import { authenticatorSeconds, staffApi, staffSecretOf } from '../support/back-office';
import { pdf, uploadDocument } from '../support/documents';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 25: every limit is decided in one database step, so requests that arrive together cannot
 * all pass a check made before any of them is counted. Each test sends a burst at once and expects
 * exactly the limit through.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    TRUST_PROXY: 'true',
    DOCUMENT_DIR: await mkdtemp(path.join(tmpdir(), 'emerald-limits-')),
    // A provider that never answers: a social sign-in start is counted, then sent back to the login page.
    OIDC_ISSUER: 'http://127.0.0.1:9/',
    OIDC_CLIENT_ID: 'emerald',
    OIDC_CLIENT_SECRET: 'not-used',
    // The register check and the card look-up belong to the population-register form (issue 27): a country that uses it.
    IDENTITY_REGISTER_COUNTRIES: 'HU',
  });
});
afterAll(() => server.close());

/** A client calling from its own address (the server trusts X-Forwarded-For here). */
const from = (address: string) => new ApiClient(server.url, { 'x-forwarded-for': address });

/** `count` requests sent together; how many answered each status. */
async function atOnce(count: number, request: (index: number) => Promise<{ status: number }>): Promise<Record<number, number>> {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => request(index)));
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}

/** A six-digit code that is none of the member's codes of the previous, current and next time steps. */
async function wrongCode(secret: string): Promise<string> {
  const now = authenticatorSeconds(server);
  const valid = await Promise.all([-30, 0, 30].map((offset) => generate({ secret, epoch: now + offset })));
  return ['000000', '111111', '222222', '333333'].find((code) => !valid.includes(code))!;
}

describe('staff sign-in (NS-28)', () => {
  it('NS-28 30 wrong passwords at once from one address for one member: 10 are checked, the rest 429; the member still signs in from their own address', async () => {
    const stranger = from('10.25.1.1');
    expect(await atOnce(30, () => stranger.post('/bo/signIn', { username: 'bo.auditor', password: 'guessing-wrong-1' }))).toEqual({ 400: 10, 429: 20 });
    // The stranger's address stays closed for that member, even with the right password…
    expect((await stranger.post('/bo/signIn', { username: 'bo.auditor', password: DEMO_STAFF_PASSWORD })).status).toBe(429);
    // …while the member, from their own address, is not locked out by someone else's guesses.
    const own = await from('10.25.1.2').post<{ twoFactor: string }>('/bo/signIn', { username: 'bo.auditor', password: DEMO_STAFF_PASSWORD });
    expect(own.status).toBe(200);
    expect(own.body.twoFactor).toBe('VERIFY');
  });

  it('NS-28 one TOTP code sent in 10 second steps at once opens exactly one session', async () => {
    const secret = staffSecretOf('bo.identity');
    const halfway: ApiClient[] = [];
    for (let n = 0; n < 10; n += 1) {
      const client = from('10.25.2.1');
      expect((await client.post('/bo/signIn', { username: 'bo.identity', password: DEMO_STAFF_PASSWORD })).status).toBe(200);
      halfway.push(client);
    }
    const code = await generate({ secret, epoch: authenticatorSeconds(server) });
    expect(await atOnce(10, (index) => halfway[index]!.post('/bo/twoFactor/verify', { code }))).toEqual({ 200: 1, 400: 9 });
    const [member] = await server.db.select().from(staffMember).where(eq(staffMember.username, 'bo.identity'));
    expect(
      await server.db
        .select()
        .from(staffSession)
        .where(and(eq(staffSession.staffId, member!.id), isNotNull(staffSession.twoFactorAt))),
    ).toHaveLength(1);
  });

  it('NS-28 a half-signed-in session is replaced once: codes of three time steps sent on it at once open one session', async () => {
    const secret = staffSecretOf('bo.content');
    const halfway = from('10.25.3.1');
    expect((await halfway.post('/bo/signIn', { username: 'bo.content', password: DEMO_STAFF_PASSWORD })).status).toBe(200);
    const now = authenticatorSeconds(server);
    const codes = await Promise.all([-30, 0, 30].map((offset) => generate({ secret, epoch: now + offset })));
    // The others find the code's step used (400) or the session already replaced (401).
    const answers = await atOnce(3, (index) => halfway.post('/bo/twoFactor/verify', { code: codes[index] }));
    expect(answers[200]).toBe(1);
    expect((answers[400] ?? 0) + (answers[401] ?? 0)).toBe(2);
  });

  it('NS-28 30 wrong codes at once on one half-signed-in session: 10 are checked, the rest 429', async () => {
    const halfway = from('10.25.4.1');
    expect((await halfway.post('/bo/signIn', { username: 'bo.payments', password: DEMO_STAFF_PASSWORD })).status).toBe(200);
    const code = await wrongCode(staffSecretOf('bo.payments'));
    expect(await atOnce(30, () => halfway.post('/bo/twoFactor/verify', { code }))).toEqual({ 400: 10, 429: 20 });
  });
});

describe('player sign-in and passwords', () => {
  it('SESS-10 30 wrong passwords at once from one address for one account: 10 are checked, the rest 429', async () => {
    const stranger = from('10.25.5.1');
    expect(await atOnce(30, () => stranger.post('/ps/login', { username: 'demo.lord', password: 'guessing-wrong-1' }))).toEqual({ 400: 10, 429: 20 });
  });

  it('SESS-26 10 reset requests at once for one account: 3 are taken, the rest 429', async () => {
    const client = from('10.25.6.1');
    expect(await atOnce(10, () => client.post('/ps/forgotPasswordStep1And2', { email: 'demo.player@emerald.example' }))).toEqual({ 200: 3, 429: 7 });
  });

  it('SESS-28 30 wrong reset keys at once from one address: 10 are checked, the rest 429', async () => {
    const client = from('10.25.7.1');
    const attempt = () =>
      client.post('/ps/forgotPasswordStep3', { email: 'demo.player@emerald.example', resetPasswordKey: 'ABCDEFGHJKMN', newPassword: 'blue7harbour' });
    expect(await atOnce(30, attempt)).toEqual({ 400: 10, 429: 20 });
  });

  it('ACC-14 30 wrong current passwords at once in one session: 10 are checked, the rest 429', async () => {
    const { token } = await server.createSignedInPlayer();
    const client = from('10.25.8.1');
    client.cookies.set('SESSION_KEY', token);
    expect(await atOnce(30, () => client.post('/ps/updatePassword', { oldPassword: 'not-mine-1', newPassword: 'blue7harbour' }))).toEqual({ 400: 10, 429: 20 });
  });

  it('SESS-32 70 social sign-in starts at once from one address: 60 are started, the rest 429', async () => {
    const start = () => fetch(`${server.url}/ps/socialLogin?socialType=OIDC`, { redirect: 'manual', headers: { 'x-forwarded-for': '10.25.9.1' } });
    expect(await atOnce(70, start)).toEqual({ 302: 60, 429: 10 });
  });
});

describe('identification (KYC-23, KYC-27)', () => {
  const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const failingCheck = {
    token: '',
    type: 'ID',
    identifierValue: '000000AB',
    identifierKind: 'DOCUMENT_IDENTIFIER',
    identifier: 'IDENTITY_CARD',
    extraFields: {
      MOTHER_LAST_NAME: 'Byrne',
      MOTHER_FIRST_NAME: 'Mary',
      LAST_NAME: 'Walsh',
      FIRST_NAME: 'Saoirse',
      BIRTH_DATE: '1990-04-02',
      BIRTH_PLACE: 'Galway',
    },
    expiryDate: inAYear,
    address: { streetAddress: '7 Quay Street', city: 'Galway', postalCode: 'H91 E2K3', addressCardNumber: '123456AA' },
    publicFigure: 'no',
  };
  const awaitingIdentity = async () => {
    const created = await server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK' });
    await server.db
      .update(player)
      .set({ firstName: 'Saoirse', lastName: 'Walsh', country: 'HU', gender: 'F', city: 'Galway', birthDate: '1990-04-02' })
      .where(eq(player.id, created.partyId));
    const client = from('10.25.10.1');
    client.cookies.set('SESSION_KEY', created.token);
    return client;
  };

  it('KYC-27 30 failing identity checks at once: 5 reach the provider, the rest 429', async () => {
    const client = await awaitingIdentity();
    expect(await atOnce(30, () => client.post('/ps/userKycCheck', failingCheck))).toEqual({ 403: 5, 429: 25 });
  });

  it('KYC-23 30 unknown card look-ups at once: 10 reach the provider, the rest 429', async () => {
    const client = await awaitingIdentity();
    expect(await atOnce(30, () => client.get('/ps/getUserKycInfo?type=OTHER&cardId=4040000000&identifierKind=CASINO_CARD'))).toEqual({ 200: 10, 429: 20 });
  });
});

describe('chat, support and documents', () => {
  const staff = staffApi(() => server);

  it('a player’s 30 chat posts at once: 5 are published, the rest 429', async () => {
    const { token } = await server.createSignedInPlayer();
    const client = from('10.25.11.1');
    client.cookies.set('SESSION_KEY', token);
    expect(await atOnce(30, (index) => client.post('/ps/channels/20/messages', { text: `burst ${index}` }))).toEqual({ 200: 5, 429: 25 });
  });

  it('slow mode: a player’s 10 posts at once in a slowed channel: 1 is published, the rest 429', async () => {
    const operator = await staff.signIn('bo.operator');
    expect((await staff.call('PUT', '/bo/channels/30/slow-mode', operator, { seconds: 60 })).status).toBe(200);
    const { token } = await server.createSignedInPlayer();
    const client = from('10.25.12.1');
    client.cookies.set('SESSION_KEY', token);
    // A bingo room's chat (30) takes messages only from players with a chat nickname (issue 27).
    const nickname = await fetch(`${server.url}/ps/chat/nickname`, {
      method: 'PUT',
      headers: { cookie: `SESSION_KEY=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: `Slow_${Date.now() % 100_000}` }),
    });
    expect(nickname.status).toBe(200);
    expect(await atOnce(10, (index) => client.post('/ps/channels/30/messages', { text: `slow ${index}` }))).toEqual({ 200: 1, 429: 9 });
  });

  it('a player’s 30 support messages at once: 5 are kept, the rest 429', async () => {
    const { token } = await server.createSignedInPlayer();
    const client = from('10.25.13.1');
    client.cookies.set('SESSION_KEY', token);
    expect(await atOnce(30, (index) => client.post('/ps/support/messages', { text: `help ${index}` }))).toEqual({ 200: 5, 429: 25 });
  });

  it('DOC-19 30 document uploads at once: 20 wait for review, the rest are refused naming documentType', async () => {
    const { partyId, cookie } = await server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK' });
    const fields = { documentType: 'PROOF_OF_ADDRESS', issueDate: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) };
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        uploadDocument(server.url, cookie, 'saveUserDocument', fields, [{ name: 'bill.pdf', bytes: pdf(), type: 'application/pdf' }]),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(20);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.errors?.[0]?.field)).toEqual(Array(10).fill('documentType'));
    expect(
      await server.db
        .select()
        .from(userDocument)
        .where(and(eq(userDocument.playerId, partyId), eq(userDocument.status, 'NOT_REVIEWED'))),
    ).toHaveLength(20);
  });
});
