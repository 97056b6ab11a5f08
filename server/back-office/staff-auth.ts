import { randomBytes } from 'node:crypto';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { permissionsOf, staffRoleSchema, type StaffRole } from '../../contracts/back-office/permissions';
import type { Db } from '../db/database';
import { staffMember, staffSession } from '../db/schema';
import { sha256Hex } from '../http/digest';
import { AppError } from '../http/app-error';
import { hashPassword } from '../platform/accounts';
import { clearAttempts, signInChecks, takeSlots } from '../platform/throttle';
import { executeSessionEnd, sessionEndNoticeSql } from '../realtime';
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

/**
 * A new session, at either sign-in step, for a member still active and before their access end:
 * decided by the insert itself, so a member disabled or time-boxed a moment ago gets none (403).
 */
async function startSession(db: Db, staffId: string, twoFactorAt: Date | null, now = new Date()): Promise<string> {
  const token = newToken();
  const idleMinutes = twoFactorAt ? STAFF_SESSION.idleMinutes : STAFF_SESSION.twoFactorMinutes;
  const idleExpiresAt = new Date(now.getTime() + idleMinutes * MINUTE);
  const absoluteExpiresAt = new Date(now.getTime() + (twoFactorAt ? STAFF_SESSION.absoluteHours * 60 : STAFF_SESSION.twoFactorMinutes) * MINUTE);
  const started = await db.execute(sql`
    INSERT INTO staff_session (token_hash, staff_id, two_factor_at, created_at, last_seen_at, idle_expires_at, absolute_expires_at)
    SELECT ${sha256Hex(token)}, id, ${twoFactorAt}::timestamptz, ${now}::timestamptz, ${now}::timestamptz, ${idleExpiresAt}::timestamptz, ${absoluteExpiresAt}::timestamptz
      FROM staff_member
     WHERE id = ${staffId} AND active AND (access_expires_at IS NULL OR access_expires_at > ${now}::timestamptz)
    RETURNING token_hash`);
  if ((started as unknown as { rows: unknown[] }).rows.length === 0) throw new AppError('FORBIDDEN', 'Your access to the back office has ended');
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
 * What the fully signed-in staff member the cookie names brings to the real-time gateway: their
 * permissions, and when the session or their access ends by time. One read, which does not renew
 * the session (the gateway asks again while a socket is open, and an open screen must not keep a
 * session alive). Nothing for a forged, ended, expired or half-signed-in session, a disabled
 * member, or one whose access end has passed.
 */
export async function staffRealtimeGrant(
  db: Db,
  token: string | undefined,
  now = new Date(),
): Promise<{ staffId: string; permissions: readonly string[]; endsAt: Date } | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select({ staff: staffMember, idleExpiresAt: staffSession.idleExpiresAt, absoluteExpiresAt: staffSession.absoluteExpiresAt })
    .from(staffSession)
    .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
    .where(
      and(
        eq(staffSession.tokenHash, sha256Hex(token)),
        isNull(staffSession.endedAt),
        isNotNull(staffSession.twoFactorAt),
        gt(staffSession.idleExpiresAt, now),
        gt(staffSession.absoluteExpiresAt, now),
        eq(staffMember.active, true),
        or(isNull(staffMember.accessExpiresAt), gt(staffMember.accessExpiresAt, now)),
      ),
    );
  if (!row) return undefined;
  const ends = [row.idleExpiresAt, row.absoluteExpiresAt, ...(row.staff.accessExpiresAt ? [row.staff.accessExpiresAt] : [])];
  return { staffId: row.staff.id, permissions: [...permissionsOf(staffRoles(row.staff))], endsAt: new Date(Math.min(...ends.map((end) => end.getTime()))) };
}

/** The live staff session the cookie names, its idle time renewed; nothing for a forged, ended or expired one. */
export async function resolveStaffSession(db: Db, token: string | undefined, now = new Date()): Promise<StaffSession | undefined> {
  if (!token || token.length > 100) return undefined;
  const tokenHash = sha256Hex(token);
  const [row] = await db
    .select({ session: staffSession, staff: staffMember })
    .from(staffSession)
    .innerJoin(staffMember, eq(staffMember.id, staffSession.staffId))
    .where(
      and(
        eq(staffSession.tokenHash, tokenHash),
        isNull(staffSession.endedAt),
        gt(staffSession.idleExpiresAt, now),
        gt(staffSession.absoluteExpiresAt, now),
        eq(staffMember.active, true),
      ),
    );
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

/** Ends the session, with the session-end notice in the same statement: every node closes the sockets it opened. */
export async function endStaffSession(db: Db, tokenHash: string, now = new Date()): Promise<void> {
  await executeSessionEnd(
    db,
    sql`
    WITH ended AS (UPDATE staff_session SET ended_at = ${now} WHERE token_hash = ${tokenHash} AND ended_at IS NULL RETURNING staff_id)
    SELECT ${sessionEndNoticeSql(db, 'staff', sql`staff_id`)} FROM ended`,
  );
}

/**
 * The first step: username and password. Answers a session that opens only the second step, and
 * which step that is (ENROL for a member without an authenticator). Failures are counted per
 * account and address together, per account and per address, as players' are (`signInChecks`):
 * a stranger's guesses close their own address, not the member's.
 */
export async function signInWithPassword(
  db: Db,
  username: string,
  password: string,
  address: string,
): Promise<{ token: string; staff: StaffRow; twoFactor: 'ENROL' | 'VERIFY' }> {
  const name = username.trim().toLowerCase();
  const checks = signInChecks('staff-login', name, address);
  // The attempt is counted before the password is checked (and given back if it is right), so
  // guesses sent together cannot all be checked before the first of them is counted.
  const attempt = await takeSlots(db, checks);
  const [staff] = await db
    .select()
    .from(staffMember)
    .where(eq(sql`lower(${staffMember.username})`, name));
  const matches = await passwordMatches(staff?.active ? staff.passwordHash : undefined, password);
  if (!staff || !matches) {
    throw new AppError('INVALID_CREDENTIALS', undefined, [{ field: 'password', error: 'Invalid username or password' }]);
  }
  await attempt.giveBack();
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
 * `codeTime` is the time the code is checked at (tests move it a step on instead of waiting for one).
 * Both are decided by conditional updates in the transaction that starts the new session: of
 * requests sent together with one code (or on one half-signed-in session), one wins.
 */
export async function passTwoFactor(db: Db, session: StaffSession, code: string, address: string, now = new Date(), codeTime = now): Promise<string> {
  const { staff } = session;
  const checks = signInChecks('staff-totp', staff.id, address, 'twoFactor');
  const secret = staff.totpSecret ?? staff.totpPendingSecret;
  if (!secret) throw new AppError('VALIDATION_ERROR', undefined, [{ field: 'code', error: 'Start the enrolment first' }]);
  const invalidCode = () => new AppError('VALIDATION_ERROR', 'The code is not valid', [{ field: 'code', error: 'The code is not valid' }]);
  // Counted before the code is checked, given back once it has opened a session.
  const attempt = await takeSlots(db, checks);
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(codeTime.getTime() / 1000),
    // One step either side for clock drift; never a step already used.
    epochTolerance: 30,
    ...(staff.totpLastStep !== null ? { afterTimeStep: staff.totpLastStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) throw invalidCode();
  const step = Math.floor(codeTime.getTime() / 1000 / 30) + result.delta;
  const token = await db.transaction(async (tx) => {
    // The code's time step is used up here, once: only an update that finds it unused (and the
    // secret it was checked against still the member's) goes on; a parallel request with the
    // same code finds it used and is refused as a used code is.
    const [consumed] = await tx
      .update(staffMember)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
      .where(
        and(
          eq(staffMember.id, staff.id),
          or(isNull(staffMember.totpLastStep), lt(staffMember.totpLastStep, step)),
          staff.totpSecret ? eq(staffMember.totpSecret, secret) : and(isNull(staffMember.totpSecret), eq(staffMember.totpPendingSecret, secret)),
        ),
      )
      .returning({ id: staffMember.id });
    if (!consumed) throw invalidCode();
    // The half-signed-in session is replaced once: a second code on it finds it ended.
    const [replaced] = await tx
      .update(staffSession)
      .set({ endedAt: now })
      .where(and(eq(staffSession.tokenHash, session.tokenHash), isNull(staffSession.endedAt)))
      .returning({ tokenHash: staffSession.tokenHash });
    if (!replaced) throw new AppError('INVALID_SESSIONKEY');
    await appendAudit(
      tx,
      { staffId: staff.id, username: staff.username },
      { action: staff.totpSecret ? 'staff.signIn' : 'staff.enrolTwoFactor', permission: null, subjectType: 'staff', subjectId: staff.id, detail: { address } },
      now,
    );
    return startSession(tx, staff.id, now, now);
  });
  await attempt.giveBack();
  await clearAttempts(db, checks[0]!.key);
  return token;
}
