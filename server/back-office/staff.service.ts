import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { permissionsOf, type StaffRole } from '../../contracts/back-office/permissions';
import type { CreateStaffRequest, StaffMemberView } from '../../contracts/back-office/staff';
import type { Db } from '../db/database';
import { staffMember, staffSession } from '../db/schema';
import { AppError, fieldError } from '../http/app-error';
import { hashPassword } from '../platform/accounts';
import { announceSessionEnd, staffHolder } from '../realtime';
import { staffAction, type StaffActor } from './access';
import { staffRoles, type StaffRow } from './staff-auth';

/**
 * Staff management (issue 15; server/back-office/README.md): the operations behind the Staff tab, each
 * callable without HTTP. Every change runs in `staffAction`, so the change and its audit row commit
 * together; the member's row is locked first, so two operators changing one member queue up.
 */

/** The last sign-in that passed two-factor: staff sessions are kept after they end, so it is theirs. */
const lastSignInSql = sql<
  Date | string | null
>`(select max(${staffSession.twoFactorAt}) from ${staffSession} where ${staffSession.staffId} = ${staffMember.id})`;

function viewOf(row: StaffRow, lastSignIn: Date | string | null): StaffMemberView {
  return {
    staffId: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    roles: staffRoles(row),
    twoFactorEnrolled: row.totpSecret !== null,
    lastSignInAt: lastSignIn === null ? null : new Date(lastSignIn).toISOString(),
    disabled: !row.active,
    accessExpiresAt: row.accessExpiresAt ? row.accessExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(db: Db): Promise<StaffMemberView[]> {
  const rows = await db.select({ member: staffMember, lastSignIn: lastSignInSql }).from(staffMember).orderBy(asc(staffMember.username));
  return rows.map((row) => viewOf(row.member, row.lastSignIn));
}

async function memberView(tx: Db, staffId: string): Promise<StaffMemberView> {
  const [row] = await tx.select({ member: staffMember, lastSignIn: lastSignInSql }).from(staffMember).where(eq(staffMember.id, staffId));
  if (!row) throw new AppError('NOT_FOUND', 'No such staff member');
  return viewOf(row.member, row.lastSignIn);
}

/** The member, locked for the rest of the transaction; 404 for an id that names no one. */
async function lockMember(tx: Db, staffId: string): Promise<StaffRow> {
  const [row] = await tx.select().from(staffMember).where(eq(staffMember.id, staffId)).for('update');
  if (!row) throw new AppError('NOT_FOUND', 'No such staff member');
  return row;
}

/**
 * Ends every live session of the member at once: the next request with any of their cookies
 * answers 401, and at commit every node closes the sockets those sessions opened.
 */
async function endSessionsOf(tx: Db, staffId: string, now: Date): Promise<number> {
  const ended = await tx
    .update(staffSession)
    .set({ endedAt: now })
    .where(and(eq(staffSession.staffId, staffId), isNull(staffSession.endedAt)))
    .returning({ tokenHash: staffSession.tokenHash });
  await announceSessionEnd(tx, staffHolder(staffId));
  return ended.length;
}

/** 16 characters from 96 random bits, in letters, digits, '-' and '_': typed once, then changed by no one but the member's password manager. */
const generatedPassword = (): string => randomBytes(12).toString('base64url');

/**
 * A new member with the roles given, and no authenticator: the first sign-in asks them to enrol one.
 * The initial password is the operator's, or generated and answered this once; it is never audited.
 */
export async function createStaff(
  db: Db,
  actor: StaffActor,
  request: CreateStaffRequest,
): Promise<{ member: StaffMemberView; generatedPassword: string | null }> {
  const generated = request.password === undefined ? generatedPassword() : null;
  const passwordHash = await hashPassword(request.password ?? generated!);
  const staffId = randomUUID();
  return staffAction(db, { ...actor, subjectType: 'staff', subjectId: staffId }, 'staff.create', async (tx) => {
    const [taken] = await tx
      .select({ id: staffMember.id })
      .from(staffMember)
      .where(eq(sql`lower(${staffMember.username})`, request.username));
    if (taken) throw fieldError('username', 'This username is taken');
    const inserted = await tx
      .insert(staffMember)
      .values({ id: staffId, username: request.username, displayName: request.displayName, email: request.email, passwordHash, roles: request.roles })
      .onConflictDoNothing({ target: staffMember.username })
      .returning({ id: staffMember.id });
    // Two operators creating one username at once: the second finds it taken.
    if (inserted.length === 0) throw fieldError('username', 'This username is taken');
    const member = await memberView(tx, staffId);
    return {
      result: { member, generatedPassword: generated },
      detail: { username: member.username, displayName: member.displayName, roles: member.roles, passwordGenerated: generated !== null },
    };
  });
}

/** New roles for a member. An operator cannot take staff management away from themselves (someone must keep it). */
export async function setStaffRoles(db: Db, actor: StaffActor, staffId: string, roles: StaffRole[]): Promise<StaffMemberView> {
  return staffAction(db, actor, 'staff.roles', async (tx) => {
    const row = await lockMember(tx, staffId);
    if (staffId === actor.staffId && !permissionsOf(roles).includes('staff.manage')) {
      throw fieldError('roles', 'You cannot remove staff management from your own account');
    }
    const before = staffRoles(row);
    await tx.update(staffMember).set({ roles }).where(eq(staffMember.id, staffId));
    // An open socket that followed a topic by a permission now taken away closes at commit.
    await announceSessionEnd(tx, staffHolder(staffId));
    return { result: await memberView(tx, staffId), detail: { username: row.username, from: before, to: roles } };
  });
}

/** Disables (every session ends at once, sign-in is refused) or enables a member. Never one's own account. */
export async function setStaffDisabled(db: Db, actor: StaffActor, staffId: string, disabled: boolean, now = new Date()): Promise<StaffMemberView> {
  return staffAction(db, actor, disabled ? 'staff.disable' : 'staff.enable', async (tx) => {
    const row = await lockMember(tx, staffId);
    if (staffId === actor.staffId && disabled) throw fieldError('disabled', 'You cannot disable your own account');
    await tx.update(staffMember).set({ active: !disabled }).where(eq(staffMember.id, staffId));
    const sessionsEnded = disabled ? await endSessionsOf(tx, staffId, now) : 0;
    return { result: await memberView(tx, staffId), detail: { username: row.username, wasDisabled: !row.active, sessionsEnded } };
  });
}

/**
 * Forgets the member's authenticator (a lost phone, or a secret that may have been seen): their
 * sessions end, and the next sign-in asks them to enrol a new one.
 */
export async function resetStaffTwoFactor(db: Db, actor: StaffActor, staffId: string, now = new Date()): Promise<StaffMemberView> {
  return staffAction(db, actor, 'staff.resetTwoFactor', async (tx) => {
    const row = await lockMember(tx, staffId);
    await tx.update(staffMember).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(staffMember.id, staffId));
    const sessionsEnded = await endSessionsOf(tx, staffId, now);
    return { result: await memberView(tx, staffId), detail: { username: row.username, wasEnrolled: row.totpSecret !== null, sessionsEnded } };
  });
}

/**
 * Sets (a future instant) or clears the end of a member's access: the time-boxed auditor a
 * regulator is given. Not on one's own account, for the same reason one cannot disable it.
 */
export async function setStaffAccessEnd(
  db: Db,
  actor: StaffActor,
  staffId: string,
  accessExpiresAt: string | null,
  now = new Date(),
): Promise<StaffMemberView> {
  const ends = accessExpiresAt === null ? null : new Date(accessExpiresAt);
  if (ends && ends.getTime() <= now.getTime()) throw fieldError('accessExpiresAt', 'Choose a time in the future (or disable the account)');
  return staffAction(db, actor, 'staff.accessEnd', async (tx) => {
    const row = await lockMember(tx, staffId);
    if (staffId === actor.staffId) throw fieldError('accessExpiresAt', 'You cannot time-box your own account');
    await tx.update(staffMember).set({ accessExpiresAt: ends }).where(eq(staffMember.id, staffId));
    // Open sockets learn the new end at commit, and close when it comes.
    await announceSessionEnd(tx, staffHolder(staffId));
    return {
      result: await memberView(tx, staffId),
      detail: { username: row.username, from: row.accessExpiresAt ? row.accessExpiresAt.toISOString() : null, to: ends ? ends.toISOString() : null },
    };
  });
}

/**
 * The member sets the name players see on their channel and support messages (null: the team's
 * label). It may be any name but a sign-in name — their own or a colleague's — since keeping those
 * out of players' sight is the point of having it.
 */
export async function setOwnPublicName(db: Db, actor: StaffActor, publicName: string | null): Promise<string | null> {
  const name = publicName === null ? null : publicName.normalize('NFC');
  return staffAction(db, actor, 'staff.publicName', async (tx) => {
    const row = await lockMember(tx, actor.staffId);
    if (name !== null) {
      const [signInName] = await tx
        .select({ id: staffMember.id })
        .from(staffMember)
        .where(eq(sql`lower(${staffMember.username})`, name.toLowerCase()));
      if (signInName) throw fieldError('publicName', 'Choose a name that is not a sign-in name');
    }
    await tx.update(staffMember).set({ publicName: name }).where(eq(staffMember.id, actor.staffId));
    return { result: name, detail: { from: row.publicName, to: name } };
  });
}

/**
 * The public names of staff members by id, for other modules showing staff messages to players
 * (channels, support): a member without one, or an id that is no member's, maps to null (the
 * team's label). Never the sign-in name.
 */
export async function staffPublicNames(db: Db, staffIds: readonly string[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(staffIds)];
  const names = new Map<string, string | null>(ids.map((id) => [id, null]));
  if (ids.length === 0) return names;
  const rows = await db.select({ id: staffMember.id, publicName: staffMember.publicName }).from(staffMember).where(inArray(staffMember.id, ids));
  for (const row of rows) names.set(row.id, row.publicName);
  return names;
}
