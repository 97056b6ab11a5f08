import type { Db } from '../../db/database';
import { endGameSessions } from '../../games';
import { endSession, hashSessionToken } from '../session';
import { inTransaction } from '../../db/transaction';

/**
 * Logout (SESS-19): the portal session ends and so does every game session it launched, through
 * the game server's `endGameSessions` as the reality check's Log out does, in one transaction: a
 * game window's cookie plays nothing more, and at commit every node closes the sockets either
 * session opened.
 */
export async function logOut(db: Db, token: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    await endSession(tx, token, now);
    await endGameSessions(tx, { portalSessionHash: hashSessionToken(token) }, now);
  });
}
