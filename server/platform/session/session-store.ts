import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Role } from '../../../contracts/platform/check-session-alive';
import type { Db } from '../../db/database';
import { playerSession } from '../../db/schema';
import { playerIdentityJoin } from '../accounts';
import { sha256Hex } from '../../http/digest';

export const SESSION_COOKIE = 'SESSION_KEY';

export interface SessionPolicy {
  idleTimeoutMs: number;
  absoluteTimeoutMs: number;
}

export interface ActiveSession {
  tokenHash: string;
  /** The active currency of this session, or null for the player's primary currency. */
  currency: string | null;
  partyId: string;
  username: string;
  registrationStatus: 'QUICK_REG' | 'PLAYER';
  kycStatus: string;
  authorities: Role[];
}

/** Last-seen times are written at most this often, so reading a page is not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashSessionToken = sha256Hex;

/** A new 256-bit random session token; only its hash is stored. */
export async function createSession(db: Db, partyId: string, policy: SessionPolicy, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(playerSession).values({
    tokenHash: hashSessionToken(token),
    playerId: partyId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + policy.absoluteTimeoutMs),
  });
  return token;
}

/** The live session a token names, or null when it is unknown, ended, idle too long or past its end. */
export async function resolveSession(db: Db, token: string | undefined, policy: SessionPolicy, now = new Date()): Promise<ActiveSession | null> {
  if (!token || token.length > 128) return null;
  const tokenHash = hashSessionToken(token);
  const identity = playerIdentityJoin(playerSession.playerId);
  const [row] = await db
    .select({ session: playerSession, player: identity.fields })
    .from(playerSession)
    .innerJoin(identity.table, identity.on)
    .where(and(eq(playerSession.tokenHash, tokenHash), isNull(playerSession.endedAt)));
  if (!row) return null;
  const idleFor = now.getTime() - row.session.lastSeenAt.getTime();
  if (row.session.expiresAt <= now || idleFor > policy.idleTimeoutMs) {
    await endSession(db, token, now);
    return null;
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await db.update(playerSession).set({ lastSeenAt: now }).where(eq(playerSession.tokenHash, tokenHash));
  }
  return {
    tokenHash,
    currency: row.session.currency,
    partyId: row.player.id,
    username: row.player.username,
    registrationStatus: row.player.registrationStatus === 'PLAYER' ? 'PLAYER' : 'QUICK_REG',
    kycStatus: row.player.kycStatus,
    authorities: row.player.roles.filter((role): role is Role => role === 'ROLE_USER' || role === 'ROLE_ADMIN'),
  };
}

/** Makes another of the player's currencies the active one for this session (SESS-23). */
export async function switchSessionCurrency(db: Db, tokenHash: string, currency: string): Promise<void> {
  await db.update(playerSession).set({ currency }).where(eq(playerSession.tokenHash, tokenHash));
}

/** Ends every live session of a player (password reset, later self-exclusion, DEF-11). */
export async function endAllSessions(db: Db, partyId: string, now = new Date()): Promise<void> {
  await db
    .update(playerSession)
    .set({ endedAt: now })
    .where(and(eq(playerSession.playerId, partyId), isNull(playerSession.endedAt)));
}

/** Ends every live session of a player but the one given (a password change keeps the session that made it). */
export async function endOtherSessions(db: Db, partyId: string, keepTokenHash: string, now = new Date()): Promise<void> {
  await db
    .update(playerSession)
    .set({ endedAt: now })
    .where(and(eq(playerSession.playerId, partyId), isNull(playerSession.endedAt), ne(playerSession.tokenHash, keepTokenHash)));
}

export async function endSession(db: Db, token: string, now = new Date()): Promise<void> {
  await db
    .update(playerSession)
    .set({ endedAt: now })
    .where(and(eq(playerSession.tokenHash, hashSessionToken(token)), isNull(playerSession.endedAt)));
}

export function sessionPolicy(config: { SESSION_IDLE_TIMEOUT_MINUTES: number; SESSION_ABSOLUTE_TIMEOUT_HOURS: number }): SessionPolicy {
  return {
    idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    absoluteTimeoutMs: config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
  };
}
