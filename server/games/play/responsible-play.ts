import type { AnswerRealityCheckAnswer, PlayStatusAnswer } from '../../../contracts/games/answers';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { Limits } from '../../platform/limits';
import { endAllSessions } from '../../platform/session';
import { inTransaction } from '../../db/transaction';
import { endGameSessions, type ActiveGameSession } from './game-session';

/**
 * Responsible gaming inside the game client (RG-62, NS-23, issue 12): the player's play status (the
 * reality check, time played, net position, every limit's usage, why real-money play is refused)
 * and the answer to a reality check, over the limits module's two functions. They concern a
 * player's real-money play only: a free-play or visitor session has no such status (404), so the
 * client asks only in real play.
 */

function realPlayer(session: ActiveGameSession): string {
  if (session.mode !== 'REAL' || !session.owner.playerId) throw new AppError('NOT_FOUND', 'Play status is kept for real-money play only');
  return session.owner.playerId;
}

export async function playStatus(db: Db, session: ActiveGameSession, limits: Pick<Limits, 'getPlayStatus'>, now = new Date()): Promise<PlayStatusAnswer> {
  return limits.getPlayStatus(db, realPlayer(session), now, session.currency);
}

/**
 * CONTINUE starts the next interval; LOGOUT ends the player's portal sessions (the limits module)
 * and every live game session of theirs, so no window keeps playing after the player chose to stop.
 */
export async function answerRealityCheckInGame(
  db: Db,
  session: ActiveGameSession,
  action: 'CONTINUE' | 'LOGOUT',
  limits: Pick<Limits, 'answerRealityCheck'>,
  now = new Date(),
): Promise<AnswerRealityCheckAnswer> {
  const playerId = realPlayer(session);
  if (action === 'LOGOUT') {
    // The portal sessions and the game sessions end together, or neither does.
    await inTransaction(db, async (tx) => {
      await limits.answerRealityCheck(tx, playerId, action, endAllSessions, now);
      await endGameSessions(tx, { playerId }, now);
    });
    return { status: 'SUCCESS' as const, nextDueAt: null };
  }
  const { nextDueAt } = await limits.answerRealityCheck(db, playerId, action, endAllSessions, now);
  return { status: 'SUCCESS' as const, nextDueAt: nextDueAt ? nextDueAt.toISOString() : null };
}
