import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../contracts/platform/check-session-alive';
import type { Db } from '../../db/database';
import { playerSession } from '../../db/schema';
import { playerIdentityJoin } from '../accounts';
import { serializeWithSessions, signInRefusal, signInRefusedSql, timeOutEndSql } from '../limits';
import type { Language } from '../../../contracts/content/translations';
import { AppError } from '../../http/app-error';
import { sha256Hex } from '../../http/digest';
import { executeSessionEnd, sessionEndNoticeSql } from '../../realtime';

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
  /** A restricted session while its time-out runs (issue 26 defect 4): the time-out's end; null for a full session. */
  restrictedUntil: Date | null;
}

/** Last-seen times are written at most this often, so reading a page is not a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashSessionToken = sha256Hex;

export interface OpenedSession {
  /** The new 256-bit random session token; only its hash is stored. */
  token: string;
  /** A restricted session (a time-out in force, issue 26 defect 4): when the time-out ends; null for a full session. */
  restrictedUntil: Date | null;
}

/**
 * The one door to a player session (issue 26 defects 3 and 4): every sign-in — password, the
 * sign-up confirmation link, social sign-in, sign-up itself — makes its session here. The player's
 * locks decide, in the statement that writes the row: a lock that refuses sign-in (a
 * self-exclusion, running or not yet returned from) writes nothing and throws its refusal; a
 * running time-out writes a restricted session (balance, withdrawal, responsible gaming and
 * support only; requireSession); no lock, a full one. Serialised with taking a lock for the same
 * player, so a lock taken meanwhile either is seen here or ends the session made here.
 */
export async function openSession(db: Db, partyId: string, policy: SessionPolicy, now = new Date(), language: Language = 'en'): Promise<OpenedSession> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + policy.absoluteTimeoutMs);
  return db.transaction(async (tx) => {
    const locks = tx as unknown as Db;
    await serializeWithSessions(locks, partyId);
    const written = await locks.execute(sql`
      WITH p AS (SELECT ${partyId}::uuid AS id)
      INSERT INTO player_session (token_hash, player_id, created_at, last_seen_at, expires_at, restricted_until)
      SELECT ${hashSessionToken(token)}, p.id, ${now}, ${now}, ${expiresAt}, ${sql.raw(timeOutEndSql('p.id'))}
        FROM p
       WHERE NOT ${sql.raw(signInRefusedSql('p.id'))}
      RETURNING restricted_until`);
    const [row] = (written as unknown as { rows: { restricted_until: Date | string | null }[] }).rows;
    if (!row) throw (await signInRefusal(locks, partyId, now, language)) ?? new AppError('PLAYER_LOCKED');
    return { token, restrictedUntil: row.restricted_until === null ? null : new Date(row.restricted_until) };
  });
}

/** A new session for the player through openSession (the token only; refused as openSession is). */
export async function createSession(db: Db, partyId: string, policy: SessionPolicy, now = new Date()): Promise<string> {
  return (await openSession(db, partyId, policy, now)).token;
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
    restrictedUntil: row.session.restrictedUntil && row.session.restrictedUntil > now ? row.session.restrictedUntil : null,
  };
}

/** Makes another of the player's currencies the active one for this session (SESS-23). */
export async function switchSessionCurrency(db: Db, tokenHash: string, currency: string): Promise<void> {
  await db.update(playerSession).set({ currency }).where(eq(playerSession.tokenHash, tokenHash));
}

/**
 * SQL true while the portal session whose token hash is in `hashColumn` has not been ended
 * (logout, password reset, a lock, a reality check's log out): for the game server's one-statement
 * session check, so a game session lives no longer than the portal session that launched it.
 * Only an explicit end counts: a portal page left idle while the player plays in the game does
 * not end the game.
 */
export const portalSessionNotEndedSql = (hashColumn: string) =>
  `NOT EXISTS (SELECT 1 FROM player_session ps WHERE ps.token_hash = ${hashColumn} AND ps.ended_at IS NOT NULL)`;

/*
 * Every end of a session is one statement that also sends the session-end notice (realtime), which
 * PostgreSQL delivers at commit: every node then closes the sockets the session opened, and no
 * crash between the end and its notice can leave one open.
 */

/**
 * Ends every live session of a player (password reset, a lock, DEF-11). The notice goes even when
 * no portal session was live: a lock must also close sockets its game sessions opened.
 */
export async function endAllSessions(db: Db, partyId: string, now = new Date()): Promise<void> {
  await executeSessionEnd(
    db,
    sql`
    WITH ended AS (UPDATE player_session SET ended_at = ${now} WHERE player_id = ${partyId} AND ended_at IS NULL)
    SELECT ${sessionEndNoticeSql(db, 'player', partyId)}`,
  );
}

/** Ends every live session of a player but the one given (a password change keeps the session that made it). */
export async function endOtherSessions(db: Db, partyId: string, keepTokenHash: string, now = new Date()): Promise<void> {
  await executeSessionEnd(
    db,
    sql`
    WITH ended AS (
      UPDATE player_session SET ended_at = ${now}
       WHERE player_id = ${partyId} AND ended_at IS NULL AND token_hash <> ${keepTokenHash}
      RETURNING player_id)
    SELECT ${sessionEndNoticeSql(db, 'player', sql`player_id`)} FROM ended LIMIT 1`,
  );
}

export async function endSession(db: Db, token: string, now = new Date()): Promise<void> {
  await executeSessionEnd(
    db,
    sql`
    WITH ended AS (
      UPDATE player_session SET ended_at = ${now}
       WHERE token_hash = ${hashSessionToken(token)} AND ended_at IS NULL
      RETURNING player_id)
    SELECT ${sessionEndNoticeSql(db, 'player', sql`player_id`)} FROM ended`,
  );
}

export function sessionPolicy(config: { SESSION_IDLE_TIMEOUT_MINUTES: number; SESSION_ABSOLUTE_TIMEOUT_HOURS: number }): SessionPolicy {
  return {
    idleTimeoutMs: config.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    absoluteTimeoutMs: config.SESSION_ABSOLUTE_TIMEOUT_HOURS * 3_600_000,
  };
}
