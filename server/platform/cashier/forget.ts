import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payment, storedCard } from '../../db/schema';
import { TERMINAL_STATUSES } from './payments.repository';

/**
 * The account-holder register's removal (issue 29 item 9), in the caller's transaction: the
 * player's stored cards go — the name on the card, its last digits, expiry and the provider's token.
 * Payments stay as the law requires; a payment names its card by id only.
 */
export async function forgetStoredCards(tx: Db, playerId: string): Promise<void> {
  await tx.delete(storedCard).where(eq(storedCard.playerId, playerId));
}

/**
 * Whether the player has a withdrawal not yet ended (held for review, pending at the provider):
 * money that is still theirs, so the register does not remove them until it is paid or returned.
 */
export async function hasOpenWithdrawal(db: Db, playerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.playerId, playerId), inArray(payment.type, ['WITHDRAWAL']), notInArray(payment.status, [...TERMINAL_STATUSES])))
    .limit(1);
  return row !== undefined;
}
