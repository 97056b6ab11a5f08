import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import { executePrepared, type Db } from '../../db/database';
import { gameLaunchToken, gameSession } from '../../db/schema';
import { isFreeToPlayGame } from '../../content';
import { playerLockedSql, refuseIfLocked } from '../../platform/limits';
import { playerPlayIdentitySql, playerPlayProfile, primaryCurrencyOf } from '../../platform/accounts';
import { portalSessionNotEndedSql } from '../../platform/session';
import { AppError, fieldError } from '../../http/app-error';
import { sha256Hex } from '../../http/digest';
import type { Currency } from '../engines/money';
import { CURRENCIES } from '../engines/money';
import { isVisitor, ownerColumns, ownerOf, type GameOwner } from './game-owner';
import { freePlayNeedsAgeVerification, VISITOR_AGE_VERIFICATION_MESSAGE } from '../../jurisdiction';
import { endOtherSlotSessions, refuseIfEndedBySlotRule } from './slot-sessions';
import { executeSessionEnd, sessionEndNoticeSql } from '../../realtime';
import { noteActingParty } from '../../logging/request-log';

/**
 * Launch tokens and game sessions (ARCHITECTURE §4, DEF-06). The portal's session key never
 * reaches the game: `/gs/launch` gives a short-lived single-use token in the launch address, and
 * the launch container exchanges it once for its own HttpOnly cookie, scoped to /gs.
 */

export type PlayMode = 'REAL' | 'FREE';

export const GAME_SESSION_COOKIE = 'GS_SESSION';

/** Lifetimes; tests may shorten them. */
export const playSettings = {
  launchTokenTtlMs: 2 * 60_000,
  gameSessionTtlMs: 8 * 60 * 60_000,
  /** The virtual balance a free-play session starts with, minor units (1,000.00). */
  freePlayBalance: 100_000n,
};

export const KYC_INCOMPLETE_MESSAGE = 'User account registration is incomplete. Your user account is Unverified and with incomplete data.';

export type GameSessionRow = typeof gameSession.$inferSelect;
export interface ActiveGameSession extends GameSessionRow {
  mode: PlayMode;
  currency: Currency;
  /** The player, or the visitor's anonymous game identity (free play only). */
  owner: GameOwner;
  /** The player's country (jurisdiction rules), a visitor's `VISITOR_JURISDICTION`; null when unknown. */
  country: string | null;
  /** The player's birth date (YYYY-MM-DD) for age-dependent rules (the GB slot stake limit); null for a visitor or when unknown. */
  birthDate?: string | null;
}

/** What the game server knows about visitors, from the configuration. */
export interface VisitorPolicy {
  /** The jurisdiction a visitor plays under (`VISITOR_JURISDICTION`). */
  visitorJurisdiction: string;
}

/** A visitor may not play at all under rules that need age verification first (GB); 403 asking them to log in. */
export function refuseUnverifiedVisitor(policy: VisitorPolicy): void {
  if (freePlayNeedsAgeVerification(policy.visitorJurisdiction)) {
    throw new AppError('AGE_VERIFICATION_REQUIRED', VISITOR_AGE_VERIFICATION_MESSAGE, [
      { field: 'playForReal', error: 'Log in or join: age verification is needed before free play' },
    ]);
  }
}

export const PLAYER_AGE_VERIFICATION_MESSAGE =
  'UK rules require age verification before free play. Please complete your registration and verify your identity to play this game.';

/**
 * UKGC: no free play before the customer's age is verified — a signed-in player's as much as a
 * visitor's. A player counts as age-verified when they may play for real (sign-up complete and the
 * identity and age check passed); one whose check failed or is still running has verified nothing.
 * A player whose country is not known yet (sign-up step 1) plays under the visitors' jurisdiction.
 */
export function refuseUnverifiedFreePlay(player: { registrationStatus: string; kycStatus: string }, country: string | null, policy: VisitorPolicy): void {
  if (mayPlayForReal(player) || !freePlayNeedsAgeVerification(country ?? policy.visitorJurisdiction)) return;
  throw new AppError('AGE_VERIFICATION_REQUIRED', PLAYER_AGE_VERIFICATION_MESSAGE, [
    { field: 'playForReal', error: 'Complete sign-up and verify your identity (Account → Identification): age verification is needed before free play' },
  ]);
}

const newToken = () => randomBytes(32).toString('base64url');

export const asCurrency = (value: string | null | undefined): Currency | undefined => CURRENCIES.find((currency) => currency === value);

/** The currency of play: the portal session's, else the player's primary, else EUR. */
export async function playCurrency(db: Db, playerId: string, sessionCurrency: string | null): Promise<Currency> {
  const chosen = asCurrency(sessionCurrency);
  if (chosen) return chosen;
  return asCurrency(await primaryCurrencyOf(db, playerId)) ?? 'EUR';
}

/** True when a published game post for this gameId is marked free to play in the content. */
export function isFreeToPlay(db: Db, gameId: string): Promise<boolean> {
  return isFreeToPlayGame(db, gameId);
}

export async function createLaunchToken(
  db: Db,
  {
    owner,
    ...values
  }: {
    owner: GameOwner;
    gameId: string;
    mode: PlayMode;
    currency: Currency;
    /** The launching portal session's token hash. */ portalSessionHash?: string | null;
  },
  now = new Date(),
): Promise<string> {
  const token = newToken();
  await db.insert(gameLaunchToken).values({
    tokenHash: sha256Hex(token),
    ...ownerColumns(owner),
    ...values,
    createdAt: now,
    expiresAt: new Date(now.getTime() + playSettings.launchTokenTtlMs),
  });
  return token;
}

const tokenError = (error: string) => fieldError('token', error);

/**
 * Exchanges a launch token, once, for a new game session; answers the session's cookie value.
 * Unknown, used and expired tokens are refused naming `token`.
 */
export async function exchangeLaunchToken(
  db: Db,
  token: string,
  policy: VisitorPolicy,
  now = new Date(),
): Promise<{ cookieValue: string; session: ActiveGameSession }> {
  const tokenHash = sha256Hex(token);
  const [claimed] = await db
    .update(gameLaunchToken)
    .set({ usedAt: now })
    .where(and(eq(gameLaunchToken.tokenHash, tokenHash), sql`${gameLaunchToken.usedAt} IS NULL`, sql`${gameLaunchToken.expiresAt} > ${now}`))
    .returning();
  if (!claimed) {
    const [known] = await db.select().from(gameLaunchToken).where(eq(gameLaunchToken.tokenHash, tokenHash));
    if (!known) throw tokenError('The launch token is not valid');
    if (known.usedAt) throw tokenError('The launch token has already been used');
    throw tokenError('The launch token has expired');
  }
  if (!claimed.playerId) refuseUnverifiedVisitor(policy);
  const cookieValue = newToken();
  const [session] = await db
    .insert(gameSession)
    .values({
      tokenHash: sha256Hex(cookieValue),
      ...ownerColumns(ownerOf(claimed)),
      gameId: claimed.gameId,
      mode: claimed.mode,
      currency: claimed.currency,
      freeBalance: claimed.mode === 'FREE' ? playSettings.freePlayBalance : 0n,
      portalSessionHash: claimed.portalSessionHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + playSettings.gameSessionTtlMs),
    })
    .returning();
  if (!session) throw new Error('game session not created');
  if (!claimed.playerId) return { cookieValue, session: asActive(session, policy.visitorJurisdiction) };
  const profile = await playerPlayProfile(db, claimed.playerId);
  const opened = asActive(session, profile.country, profile.birthDate);
  // GB: no two slots side by side; the newest slot session ends the player's others.
  await endOtherSlotSessions(db, opened);
  return { cookieValue, session: opened };
}

function asActive(row: GameSessionRow, country: string | null, birthDate: string | null = null): ActiveGameSession {
  const currency = asCurrency(row.currency);
  if (!currency || (row.mode !== 'REAL' && row.mode !== 'FREE')) throw new Error('malformed game session');
  const owner = ownerOf(row);
  if (isVisitor(owner) && row.mode !== 'FREE') throw new Error('malformed game session');
  return { ...row, mode: row.mode, currency, owner, country, birthDate };
}

/**
 * The visitor identity behind this request's game-session cookie, when it belongs to a live
 * visitor session: a visitor who opens another game keeps their seeds and round history.
 */
export async function visitorIdOf(db: Db, request: FastifyRequest, now = new Date()): Promise<string | undefined> {
  const value = request.cookies[GAME_SESSION_COOKIE];
  if (!value || value.length > 128) return undefined;
  const [row] = await db
    .select({ visitorId: gameSession.visitorId, expiresAt: gameSession.expiresAt })
    .from(gameSession)
    .where(eq(gameSession.tokenHash, sha256Hex(value)));
  return row?.visitorId && row.expiresAt > now ? row.visitorId : undefined;
}

/** A new anonymous game identity for a visitor (122 random bits). */
export const newVisitorId = (): string => randomUUID();

export function setGameSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  reply.setCookie(GAME_SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/gs',
    maxAge: Math.floor(playSettings.gameSessionTtlMs / 1000),
  });
}

interface SessionCheckRow {
  token_hash: string;
  player_id: string | null;
  visitor_id: string | null;
  game_id: string;
  mode: string;
  currency: string;
  free_balance: bigint | string;
  net_position: bigint | string;
  created_at: Date | string;
  expires_at: Date | string;
  portal_session_hash: string | null;
  registration_status: string | null;
  kyc_status: string | null;
  country: string | null;
  birth_date: string | null;
  /** A time-out or self-exclusion closes the player's account now (issue 12). */
  locked: boolean | null;
  /** False once the portal session that launched the game has been ended (logout, password reset, a lock). */
  portal_live: boolean | null;
}

/**
 * The SQL the session check borrows from other modules: the player's part (identity state and the
 * rules' country) as the accounts module writes it, whether a lock closes the account now as the
 * responsible-gaming module writes it, and whether the portal session that launched the game is
 * still not ended as the sessions module writes it. Made at the first check, since those modules
 * and this one load each other (a module-level call could meet a face not yet loaded).
 */
let borrowed: { player: { join: string; columns: string }; locked: string; portalLive: string } | undefined;
const sessionCheckParts = () =>
  (borrowed ??= {
    player: playerPlayIdentitySql('s.player_id', 'p'),
    locked: playerLockedSql('s.player_id'),
    portalLive: portalSessionNotEndedSql('s.portal_session_hash'),
  });

/**
 * A game session with what the checks need of its player (identity state and country; the whole
 * player row is wide): one prepared statement, as it runs on every play call.
 */
async function findGameSession(
  db: Db,
  tokenHash: string,
): Promise<
  | {
      session: GameSessionRow;
      portalLive: boolean;
      player: { registrationStatus: string; kycStatus: string; country: string | null; birthDate: string | null; locked: boolean } | null;
    }
  | undefined
> {
  const parts = sessionCheckParts();
  const [row] = await executePrepared<SessionCheckRow>(
    db,
    'game-session-check',
    `SELECT s.token_hash, s.player_id, s.visitor_id, s.game_id, s.mode, s.currency, s.free_balance, s.net_position, s.created_at, s.expires_at, s.portal_session_hash,
            ${parts.player.columns}, ${parts.locked} AS locked, ${parts.portalLive} AS portal_live
       FROM game_session s ${parts.player.join}
      WHERE s.token_hash = $1`,
    [tokenHash],
  );
  if (!row) return undefined;
  const session: GameSessionRow = {
    tokenHash: row.token_hash,
    playerId: row.player_id,
    visitorId: row.visitor_id,
    gameId: row.game_id,
    mode: row.mode,
    currency: row.currency,
    freeBalance: BigInt(row.free_balance),
    netPosition: BigInt(row.net_position),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    portalSessionHash: row.portal_session_hash,
  };
  const known = row.player_id !== null && row.registration_status !== null && row.kyc_status !== null;
  return {
    session,
    portalLive: row.portal_live !== false,
    player: known
      ? {
          registrationStatus: row.registration_status!,
          kycStatus: row.kyc_status!,
          country: row.country,
          birthDate: row.birth_date,
          locked: row.locked === true,
        }
      : null,
  };
}

/**
 * Ends live game sessions now: every one of a player's (the reality check's Log out) or those one
 * portal session launched (its logout). The one way a game session is ended before its time: its
 * cookie then opens nothing (401), and the session-end notice sent at commit closes, on every node,
 * the sockets it opened. One statement, so the end and its notice cannot part.
 */
export async function endGameSessions(db: Db, scope: { playerId: string } | { portalSessionHash: string }, now = new Date()): Promise<void> {
  const which = 'playerId' in scope ? sql`player_id = ${scope.playerId}` : sql`portal_session_hash = ${scope.portalSessionHash}`;
  await executeSessionEnd(
    db,
    sql`
    WITH ended AS (UPDATE game_session SET expires_at = ${now} WHERE ${which} AND expires_at > ${now} RETURNING player_id)
    SELECT ${sessionEndNoticeSql(db, 'player', sql`player_id`)} FROM (SELECT DISTINCT player_id FROM ended WHERE player_id IS NOT NULL) players`,
  );
}

/**
 * The access check of every play operation: a live game session, or 401. Real play also needs the
 * player to still be allowed to play for real (DIS-01); a visitor's free play, that the visitor's
 * jurisdiction still lets visitors play (403 AGE_VERIFICATION_REQUIRED under GB rules).
 */
export async function requireGameSession(db: Db, request: FastifyRequest, policy: VisitorPolicy, now = new Date()): Promise<ActiveGameSession> {
  const session = await gameSessionOfCookie(db, request.cookies[GAME_SESSION_COOKIE], policy, now);
  // A visitor's id is never logged: it would tie their free play together across log lines.
  noteActingParty(request, session.playerId ? `player:${session.playerId}` : 'visitor');
  return session;
}

/** The same check from the game-session cookie's value, for callers without an HTTP request. */
export async function gameSessionOfCookie(db: Db, value: string | undefined, policy: VisitorPolicy, now = new Date()): Promise<ActiveGameSession> {
  if (!value) throw new AppError('NOT_LOGGED_IN_ERROR');
  if (value.length > 128) throw new AppError('INVALID_SESSIONKEY');
  const row = await findGameSession(db, sha256Hex(value));
  if (!row) throw new AppError('INVALID_SESSIONKEY');
  if (row.session.expiresAt <= now) {
    await refuseIfEndedBySlotRule(db, row.session, row.player?.country ?? null);
    throw new AppError('INVALID_SESSIONKEY');
  }
  if (!row.player) {
    // A visitor's free play: the jurisdiction's rules may have changed since the launch.
    refuseUnverifiedVisitor(policy);
    return asActive(row.session, policy.visitorJurisdiction);
  }
  // A game session opened before a time-out or self-exclusion plays no more, real or free (DEF-11);
  // the limits module says why (and until when).
  if (row.player.locked) {
    if (row.session.playerId) await refuseIfLocked(db, row.session.playerId, now);
    throw new AppError('PLAYER_LOCKED');
  }
  // Every other end of the portal session (logout, a password reset, the exclusion register's
  // answer) ends the games it launched, whichever module ended it; a lock says why, above.
  if (!row.portalLive) throw new AppError('INVALID_SESSIONKEY');
  if (row.session.mode === 'REAL' && !mayPlayForReal(row.player)) throw new AppError('KYCFAILED', KYC_INCOMPLETE_MESSAGE);
  // A free game opened before the rule, or before a check failed, plays no more either.
  if (row.session.mode === 'FREE') refuseUnverifiedFreePlay(row.player, row.player.country, policy);
  return asActive(row.session, row.player.country, row.player.birthDate);
}
