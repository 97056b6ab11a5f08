import { randomBytes } from 'node:crypto';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { permissionsOf, staffRoleSchema, type StaffRole } from '../../contracts/back-office/permissions';
import type { Db } from '../db/database';
import { staffMember, staffSession } from '../db/schema';
import { sha256Hex } from '../http/digest';
import { AppError } from '../http/app-error';
import { hashPassword } from '../platform/accounts';
import { assertNotThrottled, clearAttempts, recordAttempt, throttleRules } from '../platform/throttle';
import { appendAudit } from './audit';
import { STAFF_SESSION, TOTP_ISSUER } from './settings';

export type StaffRow = typeof staffMember.$inferSelect;

/** A resolved staff session: the member, and whether the second factor has been passed. */
export interface StaffSession {
  tokenHash: string;
  staff: StaffRow;
  roles: StaffRole[];
  twoFactorPassed: boolean;
}

const MINUTE = 60_000;
let decoyHash: Promise<string> | undefined;

async function passwordMatches(hash: string | undefined, password: string): Promise<boolean> {
  // The same work for an unknown username, so timing does not tell which usernames exist.
  decoyHash ??= hashPassword('staff-decoy-password-0');
  try {
    return (await verifyArgon2(hash ?? (await decoyHash), password)) && hash !== undefined;
  } catch {
    return false;
  }
}

export function staffRoles(row: StaffRow): StaffRole[] {
  return row.roles.flatMap((role) => {
    const parsed = staffRoleSchema.safeParse(role);
    return parsed.success ? [parsed.data] : [];
  });
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

async function startSession(db: Db, staffId: string, twoFactorAt: Date | null, now = new Date()): Promise<string> {
  const token = newToken();
  const idleMinutes = twoFactorAt ? STAFF_SESSION.idleMinutes : STAFF_SESSION.twoFactorMinutes;
  await db.insert(staffSession).values({
    tokenHash: sha256Hex(token),
    staffId,
    twoFactorAt,
    createdAt: now,
    lastSeenAt: now,
    idleExpiresAt: new Date(now.getTime() + idleMinutes * MINUTE),
    absoluteExpiresAt: new Date(now.getTime() + (twoFactorAt ? STAFF_SESSION.absoluteHours * 60 : STAFF_SESSION.twoFactorMinutes) * MINUTE),
  });
  return token;
}

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_SESSION.cookie, token, {
    httpOnly: true,
    // Strict: no other site's page can make a staff member's browser send it.
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: STAFF_SESSION.cookiePath,
    maxAge: STAFF_SESSION.absoluteHours * 3600,
  });
  for (const path of [STAFF_SESSION.contentCookiePath, STAFF_SESSION.realtimeCookiePath]) {
    reply.setCookie(STAFF_SESSION.cookie, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path,
      maxAge: STAFF_SESSION.absoluteHours * 3600,
    });
  }
}

export function clearStaffCookie(reply: FastifyReply): void {
  reply.clearCookie(STAFF_SESSION.cookie, { path: STAFF_SESSION.cookiePath });
  reply.clearCookie(STAFF_SESSION.cookie, { path: STAFF_SESSION.contentCookiePath });
  reply.clearCookie(STAFF_SESSION.cookie, { path: STAFF_SESSION.realtimeCookiePath });
}

/**
 * The permissions of the fully signed-in staff member the cookie names, for the real-time gateway's
 * upgrade (which follows topics by them); nothing for a forged, ended or half-signed-in session.
 */
export async function staffPermissionsOfCookie(db: Db, token: string | undefined): Promise<readonly string[] | undefined> {
  const session = await resolveStaffSession(db, token);
  if (!session?.twoFactorPassed) return undefined;
  return [...permissionsOf(session.roles)];
}

/** The live staff session the cookie names, its idle time renewed; nothing for a forged, ended or expired one. */
export async function resolveStaffSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .select({ session: staffSession, staff: staffMember })
    .from(staffSession)
    .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
    .where(and(eq(staffSession.tokenHash, tokenHash), isNull(staffSession.endedAt), gt(staffSession.idleExpiresAt, now), gt(staffSession.absoluteExpiresAt, now), eq(staffMember.active, true)));
  if (!row) return undefined;
  const twoFactorPassed = row.session.twoFactorAt !== null;
  if (twoFactorPassed) {
    await db
      .update(staffSession)
      .set({ lastSeenAt: now, idleExpiresAt: sql`least(${new Date(now.getTime() + STAFF_SESSION.idleMinutes * MINUTE)}, ${staffSession.absoluteExpiresAt})` })
      .where(eq(staffSession.tokenHash, tokenHash));
  }
  return { tokenHash, staff: row.staff, roles: staffRoles(row.staff), twoFactorPassed };
}

export async function endStaffSession(db: Db, tokenHash: string, now = new Date()): Promise<void> {
  await db.update(staffSession).set({ endedAt: now }).where(eq(staffSession.tokenHash, tokenHash));
}

/**
 * The first step: username and password. Answers a session that opens only the second step, and
 * which step that is (ENROL for a member without an authenticator). Failures are counted per
 * account and per address, as players' are.
 */
export async function signInWithPassword(db: Db, username: string, password: string, address: string): Promise<{ token: string; staff: StaffRow; twoFactor: 'ENROL' | 'VERIFY' }> {
  const name = username.trim().toLowerCase();
  const checks = [
    { key: `staff-login:${name}`, rule: throttleRules.loginPerAccount },
    { key: `staff-login-ip:${address}`, rule: throttleRules.loginPerAddress },
  ];
  await assertNotThrottled(db, checks);
  const [staff] = await db.select().from(staffMember).where(eq(sql`lower(${staffMember.username})`, name));
  const matches = await passwordMatches(staff?.active ? staff.passwordHash : undefined, password);
  if (!staff || !matches) {
    for (const check of checks) await recordAttempt(db, check.key, check.rule);
    throw new AppError('INVALID_CREDENTIALS', undefined, [{ field: 'password', error: 'Invalid username or password' }]);
  }
  await clearAttempts(db, checks[0]!.key);
  const token = await startSession(db, staff.id, null);
  return { token, staff, twoFactor: staff.totpSecret ? 'VERIFY' : 'ENROL' };
}

/** A new authenticator secret for a member who has none yet; it holds once a code from it is accepted. */
export async function startEnrolment(db: Db, staff: StaffRow): Promise<{ secret: string; otpauthUri: string; qrCode: string }> {
  if (staff.totpSecret) throw new AppError('FORBIDDEN', 'An authenticator is already enrolled');
  const secret = generateSecret();
  await db.update(staffMember).set({ totpPendingSecret: secret }).where(eq(staffMember.id, staff.id));
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: staff.username, secret });
  const qrCode = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, otpauthUri, qrCode };
}

/**
 * The second step: a code from the enrolled authenticator (or, at enrolment, from the offered
 * secret, which then becomes the member's). A code is accepted once; the half-signed-in session is
 * replaced by a new one, so the token that saw only the password never opens the back office.
 */
export async function passTwoFactor(db: Db, session: StaffSession, code: string, address: string, now = new Date()): Promise<string> {
  const { staff } = session;
  const checks = [{ key: `staff-totp:${staff.id}`, rule: throttleRules.loginPerAccount }, { key: `staff-login-ip:${address}`, rule: throttleRules.loginPerAddress }];
  await assertNotThrottled(db, checks);
  const secret = staff.totpSecret ?? staff.totpPendingSecret;
  if (!secret) throw new AppError('VALIDATION_ERROR', undefined, [{ field: 'code', error: 'Start the enrolment first' }]);
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    // One step either side for clock drift; never a step already used.
    epochTolerance: 30,
    ...(staff.totpLastStep !== null ? { afterTimeStep: staff.totpLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) {
    for (const check of checks) await recordAttempt(db, check.key, check.rule);
    throw new AppError('VALIDATION_ERROR', 'The code is not valid', [{ field: 'code', error: 'The code is not valid' }]);
  }
  await clearAttempts(db, checks[0]!.key);
  return db.transaction(async (tx) => {
    await tx
      .update(staffMember)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: Math.floor(now.getTime() / 1000 / 30) + result.delta })
      .where(eq(staffMember.id, staff.id));
    await tx.update(staffSession).set({ endedAt: now }).where(eq(staffSession.tokenHash, session.tokenHash));
    await appendAudit(tx, { staffId: staff.id, username: staff.username }, { action: staff.totpSecret ? 'staff.signIn' : 'staff.enrolTwoFactor', permission: null, subjectType: 'staff', subjectId: staff.id, detail: { address } }, now);
    return startSession(tx, staff.id, now, now);
  });
}
