import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffResponseSchema, staffListResponseSchema, staffMemberResponseSchema } from '../../contracts/back-office/staff';
import { staffAudit, staffMember, staffSession } from '../../server/db/schema';
import { authenticatorSeconds, staffApi, staffCookieFrom } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Staff management (issue 15; NS-28): operators (staff.manage) list and create staff, change their
 * roles, disable them, reset their two-factor and time-box their access; every action is audited
 * once, in the transaction of the change, and the chain verifies.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const { call, passwordOnly, signIn } = staffApi(() => server);
const auditRows = () => server.db.select().from(staffAudit).orderBy(staffAudit.seq);
const rowOf = async (username: string) => (await server.db.select().from(staffMember).where(eq(staffMember.username, username)))[0]!;
/** A code one step ahead: still accepted (one step of drift), and never the step a previous sign-in used. */
const nextCode = (secret: string) => generate({ secret, epoch: authenticatorSeconds(server) + 30 });

let counter = 0;
const newMember = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    username: `bo.new${counter}-${Date.now() % 100_000}`,
    displayName: `New Member ${counter}`,
    email: `new${counter}@emerald.example`,
    roles: ['SUPPORT'],
    ...overrides,
  };
};

async function create(operator: string, body: Record<string, unknown>) {
  const response = await call('POST', '/bo/staff', operator, body);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return createStaffResponseSchema.parse(await response.json());
}

/** Password, then enrolment of a fresh authenticator: the member's staff cookie and secret. */
async function enrol(username: string, password: string): Promise<{ cookie: string; secret: string }> {
  const first = await call('POST', '/bo/signIn', null, { username, password });
  expect(first.status).toBe(200);
  expect(await first.json()).toEqual({ twoFactor: 'ENROL' });
  const halfway = staffCookieFrom(first);
  const enrolment = await call('POST', '/bo/twoFactor/enrolment', halfway);
  expect(enrolment.status).toBe(200);
  const { secret } = (await enrolment.json()) as { secret: string };
  const verified = await call('POST', '/bo/twoFactor/verify', halfway, { code: await generate({ secret, epoch: authenticatorSeconds(server) }) });
  expect(verified.status).toBe(200);
  return { cookie: staffCookieFrom(verified), secret };
}

describe('NS-28 staff management: the access check', () => {
  let support: string;
  let halfway: string;
  let playerCookie: string;

  beforeAll(async () => {
    support = await signIn('bo.support');
    halfway = await passwordOnly('bo.operator');
    playerCookie = (await server.createSignedInPlayer({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })).cookie;
  });

  const operations = () => {
    const id = randomUUID();
    return [
      ['GET', '/bo/staff', undefined],
      ['POST', '/bo/staff', newMember()],
      ['POST', `/bo/staff/${id}/roles`, { roles: ['SUPPORT'] }],
      ['POST', `/bo/staff/${id}/disabled`, { disabled: true }],
      ['POST', `/bo/staff/${id}/twoFactor/reset`, undefined],
      ['POST', `/bo/staff/${id}/accessEnd`, { accessExpiresAt: null }],
    ] as const;
  };

  it("NS-28 no session and a player session (even an administrator's) → 401; a forged staff cookie → 401 INVALID_SESSIONKEY", async () => {
    for (const cookie of [null, playerCookie]) {
      for (const [method, pathName, body] of operations()) {
        const response = await call(method, pathName, cookie, body);
        expect(response.status, `${method} ${pathName}`).toBe(401);
        expect(await response.json()).toMatchObject({ status: 'NOT_LOGGED_IN_ERROR' });
      }
    }
    for (const [method, pathName, body] of operations()) {
      const response = await call(method, pathName, `BO_SESSION=${randomUUID()}`, body);
      expect(response.status, `${method} ${pathName}`).toBe(401);
      expect(await response.json()).toMatchObject({ status: 'INVALID_SESSIONKEY' });
    }
  });

  it('NS-28 a member without staff.manage, and an operator who has not passed two-factor → 403; nothing is created or audited', async () => {
    const before = (await auditRows()).length;
    const staffBefore = (await server.db.select().from(staffMember)).length;
    for (const cookie of [support, halfway]) {
      for (const [method, pathName, body] of operations()) {
        const response = await call(method, pathName, cookie, body);
        expect(response.status, `${method} ${pathName}`).toBe(403);
      }
    }
    expect((await auditRows()).length).toBe(before);
    expect((await server.db.select().from(staffMember)).length).toBe(staffBefore);
  });
});

describe('NS-28 staff management: the operations', () => {
  let operator: string;
  let operatorId: string;

  beforeAll(async () => {
    operator = await signIn('bo.operator');
    operatorId = (await rowOf('bo.operator')).id;
  });

  it('NS-28 lists every member with roles, two-factor enrolled, last sign-in, disabled and access end', async () => {
    const response = await call('GET', '/bo/staff', operator);
    expect(response.status).toBe(200);
    const { staff } = staffListResponseSchema.parse(await response.json());
    const byName = new Map(staff.map((member) => [member.username, member]));
    expect(byName.get('bo.operator')).toMatchObject({ roles: ['OPERATOR'], twoFactorEnrolled: true, disabled: false, accessExpiresAt: null });
    expect(byName.get('bo.operator')!.lastSignInAt).not.toBeNull();
    expect(byName.get('bo.newcomer')).toMatchObject({ twoFactorEnrolled: false, lastSignInAt: null });
    expect(JSON.stringify(staff)).not.toMatch(/password|totp|secret/i);
  });

  it('NS-28 bad input → 400 naming the field, nothing created or audited; a taken username → 400 username', async () => {
    const before = (await auditRows()).length;
    const staffBefore = (await server.db.select().from(staffMember)).length;
    const cases: [Record<string, unknown>, string][] = [
      [newMember({ username: 'x' }), 'username'],
      [newMember({ displayName: '   ' }), 'displayName'],
      [newMember({ email: 'not-an-address' }), 'email'],
      [newMember({ roles: [] }), 'roles'],
      [newMember({ roles: ['SUPERUSER'] }), 'roles'],
      [newMember({ password: 'short' }), 'password'],
      [newMember({ username: 'bo.support' }), 'username'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '/bo/staff', operator, body);
      expect(response.status, field).toBe(400);
      const answer = (await response.json()) as { errors?: { field: string }[] };
      expect(answer.errors?.map((error) => error.field).join(' '), field).toContain(field);
    }
    const target = (await rowOf('bo.support')).id;
    const changes: [string, unknown, string][] = [
      [`/bo/staff/${target}/roles`, { roles: ['NOBODY'] }, 'roles'],
      [`/bo/staff/${target}/disabled`, { disabled: 'yes' }, 'disabled'],
      [`/bo/staff/${target}/accessEnd`, { accessExpiresAt: 'tomorrow' }, 'accessExpiresAt'],
      [`/bo/staff/${target}/accessEnd`, { accessExpiresAt: new Date(Date.now() - 60_000).toISOString() }, 'accessExpiresAt'],
      ['/bo/staff/not-an-id/disabled', { disabled: true }, 'staffId'],
      // One's own account: never disabled, never without staff management, never time-boxed.
      [`/bo/staff/${operatorId}/disabled`, { disabled: true }, 'disabled'],
      [`/bo/staff/${operatorId}/roles`, { roles: ['SUPPORT'] }, 'roles'],
      [`/bo/staff/${operatorId}/accessEnd`, { accessExpiresAt: new Date(Date.now() + 86_400_000).toISOString() }, 'accessExpiresAt'],
    ];
    for (const [pathName, body, field] of changes) {
      const response = await call('POST', pathName, operator, body);
      expect(response.status, `${pathName} ${JSON.stringify(body)}`).toBe(400);
      const answer = (await response.json()) as { errors?: { field: string }[] };
      expect(answer.errors?.map((error) => error.field).join(' '), pathName).toContain(field);
    }
    expect((await auditRows()).length).toBe(before);
    expect((await server.db.select().from(staffMember)).length).toBe(staffBefore);
    expect(await rowOf('bo.support')).toMatchObject({ roles: ['SUPPORT'], active: true, accessExpiresAt: null });
    expect(await rowOf('bo.operator')).toMatchObject({ roles: ['OPERATOR'], active: true });
  });

  it('NS-28 an unknown staff id → 404 on every change', async () => {
    const id = randomUUID();
    for (const [pathName, body] of [
      [`/bo/staff/${id}/roles`, { roles: ['SUPPORT'] }],
      [`/bo/staff/${id}/disabled`, { disabled: true }],
      [`/bo/staff/${id}/twoFactor/reset`, undefined],
      [`/bo/staff/${id}/accessEnd`, { accessExpiresAt: null }],
    ] as const) {
      expect((await call('POST', pathName, operator, body)).status, pathName).toBe(404);
    }
  });

  it('NS-28 a created member has no authenticator: the first sign-in enrols one, and later sign-ins ask for its code; audited once, without the password', async () => {
    const before = (await auditRows()).length;
    const body = newMember({ roles: ['IDENTITY_REVIEWER', 'PAYMENTS'], password: 'a-long-initial-password' });
    const { member, generatedPassword } = await create(operator, body);
    expect(generatedPassword).toBeNull();
    expect(member).toMatchObject({
      username: body.username,
      roles: ['IDENTITY_REVIEWER', 'PAYMENTS'],
      twoFactorEnrolled: false,
      disabled: false,
      lastSignInAt: null,
    });

    // Before enrolling, the password opens nothing but the enrolment.
    const first = await call('POST', '/bo/signIn', null, { username: body.username, password: 'a-long-initial-password' });
    expect(await first.json()).toEqual({ twoFactor: 'ENROL' });
    expect((await call('GET', '/bo/players?q=x', staffCookieFrom(first))).status).toBe(403);

    const { cookie, secret } = await enrol(body.username, 'a-long-initial-password');
    const me = await call('GET', '/bo/me', cookie);
    expect(await me.json()).toMatchObject({ username: body.username, permissions: expect.arrayContaining(['identity.review', 'payments.review']) });
    expect((await call('GET', '/bo/staff', cookie)).status).toBe(403);

    // The next sign-in asks for a code from the enrolled authenticator.
    const again = await call('POST', '/bo/signIn', null, { username: body.username, password: 'a-long-initial-password' });
    expect(await again.json()).toEqual({ twoFactor: 'VERIFY' });
    const verified = await call('POST', '/bo/twoFactor/verify', staffCookieFrom(again), { code: await nextCode(secret) });
    expect(verified.status).toBe(200);

    const created = (await auditRows()).filter((row) => row.seq > before && row.action === 'staff.create');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      staffUsername: 'bo.operator',
      permission: 'staff.manage',
      subjectType: 'staff',
      subjectId: member.staffId,
      detail: { username: body.username, passwordGenerated: false },
    });
    expect(JSON.stringify(created[0])).not.toContain('a-long-initial-password');
  });

  it('NS-28 a generated initial password is answered once and signs the member in', async () => {
    const body = newMember();
    const { member, generatedPassword } = await create(operator, body);
    expect(generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    await enrol(member.username, generatedPassword!);
    const listed = staffListResponseSchema.parse(await (await call('GET', '/bo/staff', operator)).json()).staff.find((row) => row.staffId === member.staffId);
    expect(listed).toMatchObject({ twoFactorEnrolled: true });
    expect(listed!.lastSignInAt).not.toBeNull();
    expect(JSON.stringify(await auditRows())).not.toContain(generatedPassword!);
  });

  it('NS-28 disabling ends every session of the member at once and refuses sign-in; enabling lets them in again', async () => {
    const password = 'disable-me-password';
    const { member } = await create(operator, newMember({ password }));
    const { cookie, secret } = await enrol(member.username, password);
    const halfway = staffCookieFrom(await call('POST', '/bo/signIn', null, { username: member.username, password }));
    expect((await call('GET', '/bo/me', cookie)).status).toBe(200);

    const before = (await auditRows()).length;
    const disabled = await call('POST', `/bo/staff/${member.staffId}/disabled`, operator, { disabled: true });
    expect(disabled.status).toBe(200);
    expect(staffMemberResponseSchema.parse(await disabled.json()).member).toMatchObject({ disabled: true });
    expect((await call('GET', '/bo/me', cookie)).status).toBe(401);
    expect((await call('GET', '/bo/me', halfway)).status).toBe(401);
    const live = (await server.db.select().from(staffSession).where(eq(staffSession.staffId, member.staffId))).filter((session) => session.endedAt === null);
    expect(live).toHaveLength(0);
    expect((await call('POST', '/bo/signIn', null, { username: member.username, password })).status).toBe(400);

    expect((await call('POST', `/bo/staff/${member.staffId}/disabled`, operator, { disabled: false })).status).toBe(200);
    const again = await call('POST', '/bo/signIn', null, { username: member.username, password });
    expect(await again.json()).toEqual({ twoFactor: 'VERIFY' });
    expect((await call('POST', '/bo/twoFactor/verify', staffCookieFrom(again), { code: await nextCode(secret) })).status).toBe(200);

    const rows = (await auditRows()).filter((row) => row.seq > before);
    expect(rows.map((row) => row.action)).toEqual(['staff.disable', 'staff.enable', 'staff.signIn']);
    expect(rows[0]).toMatchObject({ subjectId: member.staffId, detail: { username: member.username, sessionsEnded: 2 } });
  });

  it('NS-28 resetting two-factor ends the sessions and the next sign-in enrols a new authenticator', async () => {
    const password = 'reset-my-authenticator';
    const { member } = await create(operator, newMember({ password }));
    const { cookie, secret } = await enrol(member.username, password);
    const before = (await auditRows()).length;
    const reset = await call('POST', `/bo/staff/${member.staffId}/twoFactor/reset`, operator);
    expect(reset.status).toBe(200);
    expect(staffMemberResponseSchema.parse(await reset.json()).member).toMatchObject({ twoFactorEnrolled: false });
    expect((await call('GET', '/bo/me', cookie)).status).toBe(401);
    const { secret: renewed } = await enrol(member.username, password);
    expect(renewed).not.toBe(secret);
    expect((await rowOf(member.username)).totpSecret).toBe(renewed);
    const rows = (await auditRows()).filter((row) => row.seq > before);
    expect(rows.filter((row) => row.action === 'staff.resetTwoFactor')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'staff.resetTwoFactor', subjectId: member.staffId, detail: { wasEnrolled: true, sessionsEnded: 1 } });
  });

  it('NS-28 roles change what the member may do at their next request; an access end time-boxes the account and clearing it lifts that', async () => {
    const password = 'roles-and-access-end';
    const { member } = await create(operator, newMember({ password }));
    const { cookie } = await enrol(member.username, password);
    expect((await call('GET', '/bo/audit', cookie)).status).toBe(403);

    const roles = await call('POST', `/bo/staff/${member.staffId}/roles`, operator, { roles: ['AUDITOR'] });
    expect(staffMemberResponseSchema.parse(await roles.json()).member.roles).toEqual(['AUDITOR']);
    expect((await call('GET', '/bo/audit', cookie)).status).toBe(200);

    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const timeBoxed = await call('POST', `/bo/staff/${member.staffId}/accessEnd`, operator, { accessExpiresAt: soon });
    expect(staffMemberResponseSchema.parse(await timeBoxed.json()).member.accessExpiresAt).toBe(soon);
    // Its end reached (moved into the past as time would move it): every operation is refused.
    await server.db
      .update(staffMember)
      .set({ accessExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(staffMember.id, member.staffId));
    expect((await call('GET', '/bo/audit', cookie)).status).toBe(403);
    expect((await call('POST', `/bo/staff/${member.staffId}/accessEnd`, operator, { accessExpiresAt: null })).status).toBe(200);
    expect((await call('GET', '/bo/audit', cookie)).status).toBe(200);

    const rows = (await auditRows()).filter(
      (row) => row.subjectId === member.staffId && row.action.startsWith('staff.') && row.staffUsername === 'bo.operator',
    );
    expect(rows.map((row) => row.action)).toEqual(['staff.create', 'staff.roles', 'staff.accessEnd', 'staff.accessEnd']);
    expect(rows[1]).toMatchObject({ detail: { from: ['SUPPORT'], to: ['AUDITOR'] } });
    expect(rows[3]).toMatchObject({ detail: { to: null } });
  });

  it('NS-28 the audit chain verifies after every staff action', async () => {
    const response = await call('GET', '/bo/audit/verify', operator);
    expect(await response.json()).toMatchObject({ valid: true, brokenAt: null });
  });
});
