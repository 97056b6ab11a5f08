import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction } from '../../contracts/back-office/audit';
import { permissionsOf, type StaffPermission } from '../../contracts/back-office/permissions';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { inTransaction } from '../db/transaction';
import { appendAudit, type AuditRecord } from './audit';
import { STAFF_SESSION } from './settings';
import { clearStaffCookie, resolveStaffSession, type StaffSession } from './staff-auth';
import { noteActingParty } from '../logging/request-log';

/** The access check's answer: who acts, under which permission, on what. */
export interface StaffActor {
  staffId: string;
  username: string;
  /** Null for an operation on one's own account (requireSelf), which every signed-in member may do. */
  permission: StaffPermission | null;
  subjectType: string | null;
  subjectId: string | null;
  session: StaffSession;
}

export interface AccessSubject {
  type: string;
  id: string;
}

/**
 * The one access check at the top of every back-office operation (ARCHITECTURE §9): a live staff
 * session (401: none, or a forged, ended or expired cookie), which has passed two-factor (403),
 * held by a member whose roles grant the permission (403). A player's session opens nothing here:
 * it is another cookie and another table.
 */
export async function requireStaff(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  permission: StaffPermission,
  subject: AccessSubject | null,
): Promise<StaffActor> {
  const session = await requireStaffSession(db, request, reply);
  if (!session.twoFactorPassed) {
    throw new AppError('FORBIDDEN', 'Two-factor sign-in is required');
  }
  // A time-boxed account (the auditor's) opens nothing once its access has ended.
  if (session.staff.accessExpiresAt && session.staff.accessExpiresAt.getTime() <= Date.now()) {
    throw new AppError('FORBIDDEN', 'Your access to the back office has ended');
  }
  if (!permissionsOf(session.roles).includes(permission)) {
    request.log.warn({ staffId: session.staff.id, permission, subjectType: subject?.type, subjectId: subject?.id }, 'back office: access refused');
    throw new AppError('FORBIDDEN');
  }
  return {
    staffId: session.staff.id,
    username: session.staff.username,
    permission,
    subjectType: subject?.type ?? null,
    subjectId: subject?.id ?? null,
    session,
  };
}

/**
 * The access check of an operation a member does on their own account (their public name): a live
 * session past two-factor and within its access end, as every back-office operation needs, and no
 * permission — the subject is the member themselves, so there is no one else's data to guard.
 */
export async function requireSelf(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<StaffActor> {
  const session = await requireStaffSession(db, request, reply);
  if (!session.twoFactorPassed) throw new AppError('FORBIDDEN', 'Two-factor sign-in is required');
  if (session.staff.accessExpiresAt && session.staff.accessExpiresAt.getTime() <= Date.now()) {
    throw new AppError('FORBIDDEN', 'Your access to the back office has ended');
  }
  return { staffId: session.staff.id, username: session.staff.username, permission: null, subjectType: 'staff', subjectId: session.staff.id, session };
}

/** Any live staff session, before or after two-factor (the sign-in steps themselves use it). */
export async function requireStaffSession(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<StaffSession> {
  const gated = gatedSessions.get(request);
  if (gated) return gated;
  const token = request.cookies[STAFF_SESSION.cookie];
  const session = await resolveStaffSession(db, token);
  if (!session) {
    if (token) clearStaffCookie(reply);
    throw new AppError(token ? 'INVALID_SESSIONKEY' : 'NOT_LOGGED_IN_ERROR');
  }
  noteActingParty(request, `staff:${session.staff.id}`);
  return session;
}

/** The session the gate resolved for a request, so the handler's own check does not look it up again. */
const gatedSessions = new WeakMap<FastifyRequest, StaffSession>();

/** The sign-in steps, open before two-factor (or to no session at all: signIn). */
const SIGN_IN_STEPS = new Set(['/bo/signIn', '/bo/twoFactor/enrolment', '/bo/twoFactor/verify', '/bo/signOut']);

/**
 * The back office's gate, an onRequest hook over every route under /bo (whichever module mounts
 * it): no live staff session → 401, two-factor not passed or access ended → 403, before the body
 * is read or validated, so a caller who may not be here learns nothing from the input's checks.
 * An operation that declares its permission in its route's `config.permission` (under /bo or
 * elsewhere: the content service's staff writes) is refused here too, with 403, before its input
 * is read; its own `requireStaff` still names the subject for the audit record.
 */
export function backOfficeGate(db: Db) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const route = request.routeOptions.url;
    const permission = request.routeOptions.config.permission;
    const backOfficeRoute = route?.startsWith('/bo/') === true && !SIGN_IN_STEPS.has(route);
    if (!backOfficeRoute && !permission) return;
    const session = await requireStaffSession(db, request, reply);
    if (!session.twoFactorPassed) throw new AppError('FORBIDDEN', 'Two-factor sign-in is required');
    if (session.staff.accessExpiresAt && session.staff.accessExpiresAt.getTime() <= Date.now())
      throw new AppError('FORBIDDEN', 'Your access to the back office has ended');
    if (permission && !permissionsOf(session.roles).includes(permission)) {
      request.log.warn({ staffId: session.staff.id, permission }, 'back office: access refused');
      throw new AppError('FORBIDDEN');
    }
    gatedSessions.set(request, session);
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The staff permission an operation needs; the gate refuses a member without it before reading input. */
    permission?: StaffPermission;
  }
}

/**
 * Runs a staff action and its audit record in one transaction: the record names the actor, the
 * permission and the subject the access check admitted. If either fails, neither is kept.
 */
export function staffAction<T>(
  db: Db,
  actor: StaffActor,
  action: AuditAction,
  work: (tx: Db) => Promise<{ result: T; detail?: Record<string, unknown> }>,
): Promise<T> {
  return inTransaction(db, async (tx) => {
    const { result, detail } = await work(tx);
    const record: AuditRecord = { action, permission: actor.permission, subjectType: actor.subjectType, subjectId: actor.subjectId, detail: detail ?? {} };
    await appendAudit(tx, { staffId: actor.staffId, username: actor.username }, record);
    return result;
  });
}
