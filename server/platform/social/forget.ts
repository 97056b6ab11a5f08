import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { socialAccount } from '../../db/schema';

/**
 * The account-holder register's removal (issue 29 item 9): the player's links to social sign-in
 * accounts go, in the caller's transaction, so no provider signs into the account again.
 */
export async function forgetSocialAccounts(tx: Db, playerId: string): Promise<void> {
  await tx.delete(socialAccount).where(eq(socialAccount.playerId, playerId));
}
