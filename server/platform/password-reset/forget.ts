import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { passwordReset } from '../../db/schema';

/**
 * The account-holder register's removal (issue 29 item 9): outstanding reset keys go, in the
 * caller's transaction, so a key e-mailed before cannot give a removed account a password again.
 */
export async function forgetPasswordResets(tx: Db, playerId: string): Promise<void> {
  await tx.delete(passwordReset).where(eq(passwordReset.playerId, playerId));
}
