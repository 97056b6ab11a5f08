import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mayPlayForReal } from '../../../contracts/platform/accounts/identity-gate';
import { executePrepared, type Db } from '../../db/database';
import { gameLaunchToken, gameSession } from '../../db/schema';
import { isFreeToPlayGame } from '../../content';
import { playerLockedSql, refuseIfLocked } from '../../platform/limits';
import { playerPlayIdentitySql, playerPlayProfile, primaryCurrencyOf } from '../../platform/accounts';
import { AppError, fieldError } from '../../http/app-error';
import { sha256Hex } from '../../http/digest';
import type { Currency } from '../engines/money';
import { CURRENCIES } from '../engines/money';
import { isVisitor, ownerColumns, ownerOf, type GameOwner } from './game-owner';
import { freePlayNeedsAgeVerification, VISITOR_AGE_VERIFICATION_MESSAGE } from './jurisdiction-rules';
import { endOtherSlotSessions, refuseIfEndedBySlotRule } from './slot-sessions';

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
    throw new AppError('AGE_VERIFICATION_REQUIRED', VISITOR_AGE_VERIFICATION_MESSAGE, [{ field: 'playForReal', error: 'Log in or join: age verification is needed before free play' }]);
  }
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

export async function createLaunchToken(db: Db, { owner, ...values }: { owner: GameOwner; gameId: string; mode: PlayMode; currency: Currency }, now = new Date()): Promise<string> {
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
export async function exchangeLaunchToken(db: Db, token: string, policy: VisitorPolicy, now = new Date()): Promise<{ cookieValue: string; session: ActiveGameSession }> {
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
  registration_status: string | null;
  kyc_status: string | null;
  country: string | null;
  birth_date: string | null;
  /** A time-out or self-exclusion closes the player's account now (issue 12). */
  locked: boolean | null;
}

/** The player's part of the session check, as the accounts module writes it (identity state and the rules' country). */
const PLAYER_OF_SESSION = playerPlayIdentitySql('s.player_id', 'p');
/** Whether a lock closes the player's account now, as the responsible-gaming module writes it. */
const PLAYER_LOCKED = playerLockedSql('s.player_id');

/**
 * A game session with what the checks need of its player (identity state and country; the whole
 * player row is wide): one prepared statement, as it runs on every play call.
 */
async function findGameSession(
  db: Db,
  tokenHash: string,
): Promise<{ session: GameSessionRow; player: { registrationStatus: string; kycStatus: string; country: string | null; birthDate: string | null; locked: boolean } | null } | undefined> {
  const [row] = await executePrepared<SessionCheckRow>(
    db,
    'game-session-check',
    `SELECT s.token_hash, s.player_id, s.visitor_id, s.game_id, s.mode, s.currency, s.free_balance, s.net_position, s.created_at, s.expires_at,
            ${PLAYER_OF_SESSION.columns}, ${PLAYER_LOCKED} AS locked
       FROM game_session s ${PLAYER_OF_SESSION.join}
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
  };
  const known = row.player_id !== null && row.registration_status !== null && row.kyc_status !== null;
  return { session, player: known ? { registrationStatus: row.registration_status!, kycStatus: row.kyc_status!, country: row.country, birthDate: row.birth_date, locked: row.locked === true } : null };
}

/**
 * The access check of every play operation: a live game session, or 401. Real play also needs the
 * player to still be allowed to play for real (DIS-01); a visitor's free play, that the visitor's
 * jurisdiction still lets visitors play (403 AGE_VERIFICATION_REQUIRED under GB rules).
 */
export function requireGameSession(db: Db, request: FastifyRequest, policy: VisitorPolicy, now = new Date()): Promise<ActiveGameSession> {
  return gameSessionOfCookie(db, request.cookies[GAME_SESSION_COOKIE], policy, now);
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
  if (row.session.mode === 'REAL' && !mayPlayForReal(row.player)) throw new AppError('KYCFAILED', KYC_INCOMPLETE_MESSAGE);
  return asActive(row.session, row.player.country, row.player.birthDate);
}
