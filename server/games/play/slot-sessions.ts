import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameSession } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { playerRulesCountry } from '../../platform/accounts';
import { inTransaction } from '../../db/transaction';
import { TITLES } from '../titles/registry';
import { lockActiveSeed } from './fair-seeds';
import { rulesFor, type JurisdictionRules } from '../../jurisdiction';

/**
 * "No two slots side by side" (GB, UKGC RTS 14 / LCCP: a customer may not play more than one slot
 * game at a time). For a player whose rules say `oneSlotAtATime`, opening a slot game session ends
 * every other open slot session of that player: the newest window wins. Ending, rather than
 * refusing the new launch, means a forgotten tab can never lock the player out for the eight hours
 * a session lives, while at any moment only one slot can take a stake. An ended session answers
 * every later call with 409 `GAME_SESSION_ENDED` naming the rule; nothing moves.
 *
 * An ended session keeps its row: its `expiresAt` is set to the `createdAt` of the session that
 * ended it, which is how a later call tells "ended by the one-slot rule" from "expired".
 */

export const SLOT_GAME_IDS: readonly string[] = TITLES.filter((title) => title.kind === 'slot').map((title) => title.gameId);
const slotIds = new Set(SLOT_GAME_IDS);

export const isSlotGame = (gameId: string): boolean => slotIds.has(gameId);

/** True when these rules allow one open slot session at a time and `gameId` is a slot. */
export function endsOtherSlotSessions(country: string | null | undefined, gameId: string): boolean {
  return rulesFor(country).oneSlotAtATime && isSlotGame(gameId);
}

export const SLOT_SESSION_ENDED_FIELD = 'gameSession';

export function slotSessionEndedError(jurisdiction: string): AppError {
  return new AppError(
    'GAME_SESSION_ENDED',
    `This game was closed because another slot game was opened: ${jurisdiction} rules allow one slot game at a time. Nothing was staked.`,
    [{ field: SLOT_SESSION_ENDED_FIELD, error: `Ended by the ${jurisdiction} one-slot-at-a-time rule when another slot game was opened` }],
  );
}

interface OpenedSession {
  tokenHash: string;
  playerId: string | null;
  gameId: string;
  createdAt: Date;
  country: string | null;
}

/**
 * Called when a game session has just been opened: under the player's seed lock (which every round
 * takes, so a round already under way finishes first), ends the player's other live slot sessions
 * when the player's rules allow one slot at a time. Answers how many were ended.
 */
export async function endOtherSlotSessions(db: Db, opened: OpenedSession): Promise<number> {
  const playerId = opened.playerId;
  if (!playerId || !endsOtherSlotSessions(opened.country, opened.gameId)) return 0;
  return inTransaction(db, async (tx) => {
    await lockActiveSeed(tx, { playerId });
    const ended = await tx
      .update(gameSession)
      .set({ expiresAt: opened.createdAt })
      .where(
        and(
          eq(gameSession.playerId, playerId),
          ne(gameSession.tokenHash, opened.tokenHash),
          inArray(gameSession.gameId, [...SLOT_GAME_IDS]),
          gt(gameSession.expiresAt, opened.createdAt),
        ),
      )
      .returning({ tokenHash: gameSession.tokenHash });
    return ended.length;
  });
}

/**
 * For a session found past its expiry: throws 409 GAME_SESSION_ENDED when it was ended by the
 * one-slot rule (another slot session of the player started at the moment it ended); else returns,
 * and the caller answers the usual expiry.
 */
export async function refuseIfEndedBySlotRule(
  db: Db,
  expired: { tokenHash: string; playerId: string | null; gameId: string; expiresAt: Date },
  country: string | null,
): Promise<void> {
  if (!expired.playerId || !isSlotGame(expired.gameId)) return;
  const [successor] = await db
    .select({ tokenHash: gameSession.tokenHash })
    .from(gameSession)
    .where(
      and(
        eq(gameSession.playerId, expired.playerId),
        ne(gameSession.tokenHash, expired.tokenHash),
        inArray(gameSession.gameId, [...SLOT_GAME_IDS]),
        eq(gameSession.createdAt, expired.expiresAt),
      ),
    )
    .limit(1);
  if (successor) throw slotSessionEndedError(rulesFor(country).jurisdiction);
}

/**
 * Inside a round's transaction, under the player's seed lock: refuses the round when its session
 * has ended since the request's session check (another slot session was opened meanwhile, 409
 * GAME_SESSION_ENDED, or it expired, 401), so an ended session never takes a stake.
 */
export async function refuseIfSessionEnded(
  tx: Db,
  session: { tokenHash: string; playerId: string | null; gameId: string; country: string | null },
  now: Date,
): Promise<void> {
  const [row] = await tx.select({ expiresAt: gameSession.expiresAt }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash));
  if (row && row.expiresAt > now) return;
  if (row) await refuseIfEndedBySlotRule(tx, { ...session, expiresAt: row.expiresAt }, session.country);
  throw new AppError('INVALID_SESSIONKEY');
}

/** The play rules of a player's jurisdiction (their country), for the launch answer. */
export async function playerRules(db: Db, playerId: string): Promise<JurisdictionRules> {
  return { ...rulesFor(await playerRulesCountry(db, playerId)) };
}
