import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { chatNickname } from '../db/schema';

/**
 * The account-holder register's removal (issue 29 item 9): the player's chat nickname goes, in the
 * caller's transaction. Their past messages show no name once it is gone (a message names its
 * player author by nickname when read).
 */
export async function forgetChatNickname(tx: Db, playerId: string): Promise<void> {
  await tx.delete(chatNickname).where(eq(chatNickname.playerId, playerId));
}
