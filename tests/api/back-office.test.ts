import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditListResponseSchema, auditVerifyResponseSchema } from '../../contracts/back-office/audit';
import { playerProfileSchema } from '../../contracts/back-office/players';
import { rgLock, staffAudit, staffMember, staffNote, staffSession } from '../../server/db/schema';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { ApiClient, cookieCall } from '../support/api-client';
import { authenticatorSeconds, staffCookieFrom, unusedStaffCode } from '../support/back-office';
import { photoWithMetadata, uploadDocument } from '../support/documents';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The back office (issue 15; NS-28, OPS-14, DEF-01): staff accounts with two-factor sign-in, the one
 * access check, the hash-chained audit log, players and the identity review.
 */
let server: TestServer;

beforeAll(async () => {
  const storageDir = await mkdtemp(path.join(tmpdir(), 'emerald-back-office-'));
  server = await startTestServer({ DOCUMENT_DIR: storageDir });
});
afterAll(() => server.close());

const call = cookieCall(() => server.url);

/** Password step only: the session that has not passed two-factor. */
async function passwordOnly(username: string): Promise<{ cookie: string; twoFactor: string }> {
  const response = await call('POST', '/bo/signIn', null, { username, password: DEMO_STAFF_PASSWORD });
  expect(response.status, username).toBe(200);
  const body = (await response.json()) as { twoFactor: string };
  return { cookie: staffCookieFrom(response), twoFactor: body.twoFactor };
}

/** Both steps, with the code computed from the member's seeded secret. */
async function signIn(username: string): Promise<string> {
  const first = await passwordOnly(username);
  expect(first.twoFactor).toBe('VERIFY');
  // A code is accepted once: a code of a step this process has not used (the next step's, which
  // the server accepts as clock drift), rather than waiting for the next 30-second step.
  const second = await call('POST', '/bo/twoFactor/verify', first.cookie, { code: await unusedStaffCode(server, username) });
  expect(second.status, username).toBe(200);
  return staffCookieFrom(second);
}

async function playerAwaitingReview() {
  const created = await server.createSignedInPlayer({ kycStatus: 'ID_CHECK_LOCK' });
  const today = Date.now();
  const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
  const saved = await uploadDocument(
    server.url,
    created.cookie,
    'saveUserDocument',
    { documentType: 'PASSPORT', issueDate: day(-365), expiryDate: day(365), documentNumber: 'PA7654321' },
    [{ name: 'passport.jpg', bytes: await photoWithMetadata(), type: 'image/jpeg' }],
  );
  expect(saved.status).toBe(200);
  return created;
}

const auditRows = () => server.db.select().from(staffAudit).orderBy(staffAudit.seq);

describe('staff accounts and two-factor sign-in', () => {
  it('staff are their own accounts: a player cannot sign in to the back office, a staff member cannot sign in as a player', async () => {
    const playerSignIn = await call('POST', '/bo/signIn', null, { username: 'demo.player', password: 'emerald-demo-1' });
    expect(playerSignIn.status).toBe(400);
    expect(await playerSignIn.json()).toMatchObject({ status: 'INVALID_CREDENTIALS' });
    const staffAsPlayer = await new ApiClient(server.url).post('/ps/login', { username: 'bo.operator', password: DEMO_STAFF_PASSWORD });
    expect(staffAsPlayer.status).not.toBe(200);
  });

  it('a wrong code is 400 naming the field, and the session still opens nothing; a code is accepted only once', async () => {
    const first = await passwordOnly('bo.payments');
    const wrong = await call('POST', '/bo/twoFactor/verify', first.cookie, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ status: 'VALIDATION_ERROR', errors: [{ field: 'code' }] });
    expect((await call('GET', '/bo/me', first.cookie)).status).toBe(403);
    const code = await unusedStaffCode(server, 'bo.payments');
    const passed = await call('POST', '/bo/twoFactor/verify', first.cookie, { code });
    expect(passed.status).toBe(200);
    const cookie = staffCookieFrom(passed);
    expect(cookie).not.toBe(first.cookie);
    // The half-signed-in token was replaced, and the same code does not work twice.
    expect((await call('GET', '/bo/me', first.cookie)).status).toBe(401);
    const again = await passwordOnly('bo.payments');
    expect((await call('POST', '/bo/twoFactor/verify', again.cookie, { code })).status).toBe(400);
    const me = await call('GET', '/bo/me', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      username: 'bo.payments',
      roles: ['PAYMENTS'],
      permissions: ['players.read', 'players.note', 'payments.review'],
      idleTimeoutMinutes: 15,
    });
  });

  it('NS-28 time moving on does not reopen a used step: after three sign-ins of one member (the third a step later), each used code is still refused', async () => {
    const used: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const first = await passwordOnly('bo.content');
      const code = await unusedStaffCode(server, 'bo.content');
      expect((await call('POST', '/bo/twoFactor/verify', first.cookie, { code })).status).toBe(200);
      used.push(code);
    }
    for (const code of used) {
      const again = await passwordOnly('bo.content');
      const refused = await call('POST', '/bo/twoFactor/verify', again.cookie, { code });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ status: 'VALIDATION_ERROR', errors: [{ field: 'code' }] });
    }
  });

  it('enrolment: a member without an authenticator gets a secret and QR code, and a code from it completes sign-in', async () => {
    const first = await passwordOnly('bo.newcomer');
    expect(first.twoFactor).toBe('ENROL');
    const enrolment = await call('POST', '/bo/twoFactor/enrolment', first.cookie);
    expect(enrolment.status).toBe(200);
    const { secret, otpauthUri, qrCode } = (await enrolment.json()) as { secret: string; otpauthUri: string; qrCode: string };
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/.*bo\.newcomer.*secret=/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const passed = await call('POST', '/bo/twoFactor/verify', first.cookie, { code: await generate({ secret, epoch: authenticatorSeconds(server) }) });
    expect(passed.status).toBe(200);
    const [row] = await server.db.select().from(staffMember).where(eq(staffMember.username, 'bo.newcomer'));
    expect(row?.totpSecret).toBe(secret);
    expect(row?.totpPendingSecret).toBeNull();
    // Enrolled now: no second enrolment can replace the authenticator.
    const next = await passwordOnly('bo.newcomer');
    expect(next.twoFactor).toBe('VERIFY');
    expect((await call('POST', '/bo/twoFactor/enrolment', next.cookie)).status).toBe(403);
  });
});

describe('NS-28 DEF-01 one access check on every back-office operation', () => {
  let content: string;
  let halfway: string;
  let playerCookie: string;
  let subject: string;

  beforeAll(async () => {
    content = await signIn('bo.content');
    halfway = (await passwordOnly('bo.auditor')).cookie;
    const created = await server.createSignedInPlayer({ roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    playerCookie = created.cookie;
    subject = created.partyId;
  });

  const operations = () =>
    [
      ['GET', '/bo/players?q=demo.player', undefined],
      ['GET', `/bo/players/${subject}`, undefined],
      ['POST', `/bo/players/${subject}/notes`, { body: 'note' }],
      ['POST', `/bo/players/${subject}/messages`, { subject: 'Hello', body: 'Hello' }],
      ['POST', `/bo/players/${subject}/locks`, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1, reason: 'asked' }],
      ['POST', `/bo/players/${subject}/identity`, { decision: 'approve', reason: 'ok' }],
      ['GET', `/bo/players/${subject}/documents/${randomUUID()}`, undefined],
      ['GET', '/bo/reviews/documents', undefined],
      ['GET', '/bo/audit', undefined],
      ['GET', '/bo/audit/export', undefined],
      ['GET', '/bo/audit/verify', undefined],
    ] as const;

  it("no session and a player session (even an administrator's) → 401", async () => {
    for (const cookie of [null, playerCookie]) {
      for (const [method, pathName, body] of operations()) {
        const response = await call(method, pathName, cookie, body);
        expect(response.status, `${method} ${pathName}`).toBe(401);
        expect(await response.json()).toMatchObject({ status: 'NOT_LOGGED_IN_ERROR' });
      }
    }
  });

  it('a forged staff cookie → 401 INVALID_SESSIONKEY, cleared', async () => {
    for (const [method, pathName, body] of operations()) {
      const response = await call(method, pathName, `BO_SESSION=${randomUUID()}`, body);
      expect(response.status, `${method} ${pathName}`).toBe(401);
      expect(await response.json()).toMatchObject({ status: 'INVALID_SESSIONKEY' });
      expect(response.headers.get('set-cookie')).toContain('BO_SESSION=;');
    }
  });

  it('a staff member who has not passed two-factor → 403, and one without the permission → 403; nothing is audited or changed', async () => {
    const before = (await auditRows()).length;
    for (const cookie of [halfway, content]) {
      for (const [method, pathName, body] of operations()) {
        const response = await call(method, pathName, cookie, body);
        expect(response.status, `${method} ${pathName}`).toBe(403);
        expect(await response.json()).toMatchObject({ status: 'FORBIDDEN' });
      }
    }
    expect((await auditRows()).length).toBe(before);
    expect(await server.db.select().from(rgLock).where(eq(rgLock.playerId, subject))).toEqual([]);
    expect(await server.db.select().from(staffNote).where(eq(staffNote.playerId, subject))).toEqual([]);
  });
});

describe('players, identity review and the audit chain', () => {
  let operator: string;
  let reviewer: string;
  let support: string;
  let auditor: string;

  beforeAll(async () => {
    [reviewer, support, auditor] = [await signIn('bo.identity'), await signIn('bo.support'), await signIn('bo.auditor')];
    operator = await signIn('bo.operator');
  });

  it('bad input is 400 naming the field and changes nothing; unknown ids are 404', async () => {
    const before = (await auditRows()).length;
    const { partyId } = await server.createSignedInPlayer();
    const badNote = await call('POST', `/bo/players/${partyId}/notes`, support, { body: '   ' });
    expect(badNote.status).toBe(400);
    expect(await badNote.json()).toMatchObject({ status: 'VALIDATION_ERROR', errors: [{ field: 'body' }] });
    const badLock = await call('POST', `/bo/players/${partyId}/locks`, support, { lockType: 'FOREVER', lockPeriodUnit: 'WEEK', lockPeriod: 1, reason: 'x' });
    expect(badLock.status).toBe(400);
    expect(await badLock.json()).toMatchObject({ errors: [{ field: 'lockType' }] });
    const badDecision = await call('POST', `/bo/players/${partyId}/identity`, reviewer, { decision: 'maybe', reason: 'x' });
    expect(await badDecision.json()).toMatchObject({ status: 'VALIDATION_ERROR', errors: [{ field: 'decision' }] });
    const badId = await call('GET', '/bo/players/not-a-uuid', support);
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ errors: [{ field: 'playerId' }] });
    const badFrom = await call('GET', '/bo/audit?from=yesterday', auditor);
    expect(await badFrom.json()).toMatchObject({ errors: [{ field: 'from' }] });

    const unknown = randomUUID();
    expect((await call('GET', `/bo/players/${unknown}`, support)).status).toBe(404);
    expect((await call('POST', `/bo/players/${unknown}/notes`, support, { body: 'x' })).status).toBe(404);
    expect((await call('POST', `/bo/players/${unknown}/messages`, support, { subject: 'x', body: 'x' })).status).toBe(404);
    expect(
      (await call('POST', `/bo/players/${unknown}/locks`, support, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1, reason: 'x' })).status,
    ).toBe(404);
    expect((await call('POST', `/bo/players/${unknown}/identity`, reviewer, { decision: 'approve', reason: 'x' })).status).toBe(404);
    expect((await call('GET', `/bo/players/${partyId}/documents/${randomUUID()}`, reviewer)).status).toBe(404);
    // A player without documents awaiting review: nothing to decide.
    expect((await call('POST', `/bo/players/${partyId}/identity`, reviewer, { decision: 'approve', reason: 'x' })).status).toBe(404);
    expect((await auditRows()).length).toBe(before);
  });

  it('CONTENT-31 DEF-19 a message subject that is only markup is 400 naming subject, and nothing is sent or audited', async () => {
    const player = await server.createSignedInPlayer();
    const before = (await auditRows()).length;
    for (const subject of ['<b></b>', '<script>x</script>', ' <i> </i> ']) {
      const response = await call('POST', `/bo/players/${player.partyId}/messages`, support, { subject, body: 'Hello' });
      expect(response.status, subject).toBe(400);
      expect(await response.json(), subject).toMatchObject({ status: 'VALIDATION_ERROR', errors: [{ field: 'subject' }] });
    }
    const profile = playerProfileSchema.parse(await (await call('GET', `/bo/players/${player.partyId}`, support)).json());
    expect(profile.messages).toEqual([]);
    expect((await auditRows()).length).toBe(before);
  });

  it('the reviewer sees the queue and the real document, approves with a reason: the player may play for real and is told', async () => {
    const waiting = await playerAwaitingReview();
    const queue = (await (await call('GET', '/bo/reviews/documents', reviewer)).json()) as { players: { playerId: string; documents: number }[] };
    expect(queue.players).toContainEqual(expect.objectContaining({ playerId: waiting.partyId, documents: 1 }));

    const profile = playerProfileSchema.parse(await (await call('GET', `/bo/players/${waiting.partyId}`, reviewer)).json());
    expect(profile.player.mayPlayForReal).toBe(false);
    const file = profile.documents[0]!.files[0]!;
    const image = await call('GET', `/bo/players/${waiting.partyId}/documents/${file.id}`, reviewer);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toContain('no-store');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // Support has no document permission.
    expect((await call('GET', `/bo/players/${waiting.partyId}/documents/${file.id}`, support)).status).toBe(403);

    const decided = await call('POST', `/bo/players/${waiting.partyId}/identity`, reviewer, { decision: 'approve', reason: 'Passport matches the account' });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toEqual({ documents: 1, kycStatus: 'PASS', mayPlayForReal: true });

    const player = new ApiClient(server.url);
    player.cookies.set('SESSION_KEY', waiting.token);
    expect((await player.get('/ps/getIdentificationStatus')).body).toMatchObject({ mayPlayForReal: true, documentsAwaitingReview: false });
    const messages = await player.get<{ messages: { subject: string; kind: string }[] }>('/ps/getPlayerMessages');
    expect(messages.body.messages).toContainEqual(expect.objectContaining({ kind: 'DOCUMENT_DECISION', subject: 'Your documents have been verified' }));
    const queueAfter = (await (await call('GET', '/bo/reviews/documents', reviewer)).json()) as { players: { playerId: string }[] };
    expect(queueAfter.players.map((entry) => entry.playerId)).not.toContain(waiting.partyId);
    // The reviewer's view of the file and the decision are each one audit row on the player.
    const rows = (await auditRows()).filter((row) => row.subjectId === waiting.partyId);
    expect(rows.map((row) => [row.action, row.staffUsername, row.permission])).toEqual([
      ['document.view', 'bo.identity', 'documents.read'],
      ['identity.approve', 'bo.identity', 'identity.review'],
    ]);
    expect(rows[1]!.detail).toMatchObject({ reason: 'Passport matches the account', kycStatus: 'PASS' });
  });

  it('a rejection with a reason tells the player why and leaves them unable to play for real', async () => {
    const waiting = await playerAwaitingReview();
    const decided = await call('POST', `/bo/players/${waiting.partyId}/identity`, reviewer, { decision: 'reject', reason: 'The photo is too blurred to read' });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({ documents: 1, mayPlayForReal: false });
    const player = new ApiClient(server.url);
    player.cookies.set('SESSION_KEY', waiting.token);
    const messages = await player.get<{ messages: { kind: string; body: string }[] }>('/ps/getPlayerMessages');
    expect(messages.body.messages.find((message) => message.kind === 'DOCUMENT_DECISION')?.body).toContain('The photo is too blurred to read');
    expect((await player.get('/ps/getIdentificationStatus')).body).toMatchObject({ mayPlayForReal: false, documentsAwaitingReview: false });
  });

  it('every staff action is in the audit log once, the chain verifies, and a row altered in the database breaks it', async () => {
    const { partyId } = await server.createSignedInPlayer();
    const before = await auditRows();
    expect((await call('POST', `/bo/players/${partyId}/notes`, support, { body: 'Called about a deposit' })).status).toBe(200);
    expect((await call('POST', `/bo/players/${partyId}/messages`, support, { subject: 'Your call', body: 'Thanks for calling <b>us</b>.' })).status).toBe(200);
    const lock = await call('POST', `/bo/players/${partyId}/locks`, support, {
      lockType: 'TIMEOUT',
      lockPeriodUnit: 'WEEK',
      lockPeriod: 2,
      reason: 'Asked for a break on the phone',
    });
    expect(lock.status).toBe(200);
    const added = (await auditRows()).slice(before.length);
    expect(added.map((row) => [row.action, row.staffUsername, row.permission, row.subjectId])).toEqual([
      ['player.note', 'bo.support', 'players.note', partyId],
      ['player.message', 'bo.support', 'players.message', partyId],
      ['player.lock', 'bo.support', 'players.lock', partyId],
    ]);

    const profile = playerProfileSchema.parse(await (await call('GET', `/bo/players/${partyId}`, support)).json());
    expect(profile.notes).toMatchObject([{ body: 'Called about a deposit', author: 'bo.support' }]);
    expect(profile.locks).toMatchObject([{ lockType: 'TIMEOUT' }]);
    expect(profile.unreadMessages).toBe(1);
    expect(profile.messages).toMatchObject([{ kind: 'STAFF_MESSAGE', subject: 'Your call', read: false }]);

    const list = auditListResponseSchema.parse(await (await call('GET', `/bo/audit?subjectId=${partyId}&staff=bo.support`, auditor)).json());
    expect(list.entries.map((entry) => entry.action)).toEqual(['player.lock', 'player.message', 'player.note']);
    const csv = await call('GET', `/bo/audit/export?subjectId=${partyId}`, auditor);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('seq,at,staffUsername,action,permission,subjectType,subjectId,detail,prevHash,hash');
    expect(lines).toHaveLength(4);

    const verified = auditVerifyResponseSchema.parse(await (await call('GET', '/bo/audit/verify', auditor)).json());
    expect(verified).toMatchObject({ valid: true, brokenAt: null });
    const rows = await auditRows();
    expect(verified.entries).toBe(rows.length);

    // Append-only: the database refuses to change a row…
    const target = added[1]!;
    await expect(server.db.execute(sql`UPDATE staff_audit SET detail = '{}' WHERE seq = ${target.seq}`)).rejects.toThrow();
    // …and when someone with the power to bypass that does it anyway, the chain shows it.
    await server.db.execute(sql`ALTER TABLE staff_audit DISABLE TRIGGER staff_audit_no_change`);
    await server.db.execute(sql`UPDATE staff_audit SET detail = jsonb_set(detail, '{subject}', '"Nothing happened"') WHERE seq = ${target.seq}`);
    const broken = auditVerifyResponseSchema.parse(await (await call('GET', '/bo/audit/verify', auditor)).json());
    expect(broken).toMatchObject({ valid: false, brokenAt: target.seq });

    // Putting it back mends it; removing the newest row breaks it again.
    await server.db.execute(sql`UPDATE staff_audit SET detail = ${JSON.stringify(target.detail)}::jsonb WHERE seq = ${target.seq}`);
    expect(auditVerifyResponseSchema.parse(await (await call('GET', '/bo/audit/verify', auditor)).json()).valid).toBe(true);
    const last = rows[rows.length - 1]!;
    await server.db.execute(sql`DELETE FROM staff_audit WHERE seq = ${last.seq}`);
    expect(auditVerifyResponseSchema.parse(await (await call('GET', '/bo/audit/verify', auditor)).json())).toMatchObject({ valid: false });
    await server.db.execute(sql`ALTER TABLE staff_audit ENABLE TRIGGER staff_audit_no_change`);
    // Put back as it was, the chain verifies again.
    await server.db.insert(staffAudit).values(last);
    expect(auditVerifyResponseSchema.parse(await (await call('GET', '/bo/audit/verify', auditor)).json()).valid).toBe(true);
  });

  it("a staff session ends after its idle time (shorter than a player's) and at sign-out", async () => {
    const cookie = await signIn('bo.content');
    const token = cookie.split('=')[1]!;
    const hash = createHash('sha256').update(token).digest('hex');
    const [session] = await server.db.select().from(staffSession).where(eq(staffSession.tokenHash, hash));
    // Idle time: 15 minutes from the last use, players' is 30.
    expect(session!.idleExpiresAt.getTime() - session!.lastSeenAt.getTime()).toBe(15 * 60_000);
    await server.db
      .update(staffSession)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSession.tokenHash, hash));
    expect((await call('GET', '/bo/me', cookie)).status).toBe(401);
    const other = await signIn('bo.payments');
    expect((await call('POST', '/bo/signOut', other)).status).toBe(200);
    expect((await call('GET', '/bo/me', other)).status).toBe(401);
  }, 90_000);

  it('actions made at the same moment each get their own row, and the chain still verifies (appends are serialised)', async () => {
    const { partyId } = await server.createSignedInPlayer();
    const before = (await auditRows()).length;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => call('POST', `/bo/players/${partyId}/notes`, index % 2 ? support : operator, { body: `Parallel note ${index}` })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const rows = await auditRows();
    expect(rows.length - before).toBe(8);
    expect(rows.map((row) => row.seq)).toEqual(rows.map((_, index) => index + 1));
    expect(auditVerifyResponseSchema.parse(await (await call('GET', '/bo/audit/verify', auditor)).json())).toMatchObject({ valid: true, entries: rows.length });
  });

  it('staff cannot lift or shorten a lock: a shorter time-out leaves the longer one in force', async () => {
    const { partyId } = await server.createSignedInPlayer();
    const long = await call('POST', `/bo/players/${partyId}/locks`, operator, {
      lockType: 'TIMEOUT',
      lockPeriodUnit: 'WEEK',
      lockPeriod: 6,
      reason: 'Six weeks, asked by phone',
    });
    const longEnd = ((await long.json()) as { endsAt: string }).endsAt;
    const short = await call('POST', `/bo/players/${partyId}/locks`, operator, {
      lockType: 'TIMEOUT',
      lockPeriodUnit: 'WEEK',
      lockPeriod: 1,
      reason: 'One week',
    });
    expect(short.status).toBe(200);
    expect(((await short.json()) as { endsAt: string }).endsAt).toBe(longEnd);
    // The auditor reads but acts on nothing.
    expect((await call('POST', `/bo/players/${partyId}/notes`, auditor, { body: 'x' })).status).toBe(403);
  });
});
