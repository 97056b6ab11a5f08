import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailChange, emailConfirmation, jurisdictionMismatch, player } from '../../db/schema';

/**
 * The account-holder register's removal of the accounts module's personal data (issue 29 item 9):
 * the player row stays — the ledger, payments, rounds and the audit log keep pointing at its id —
 * but every field that names or reaches the person is replaced or cleared, in the caller's
 * transaction. The write is conditional on `anonymised_at` still being empty, so of two removals at
 * once only one changes anything; the other answers false.
 *
 * Kept: the country and the rule set (the duty base and the regulator's figures are by country),
 * currency accounts, language, statuses and the sign-up time. The username and e-mail become a
 * value made of the player id, unique as the columns require and naming no one. With no password
 * and no sign-in name left, and every session ended by the caller, the account cannot sign in again.
 */
export async function anonymisePlayer(tx: Db, playerId: string, now: Date): Promise<boolean> {
  const removedName = `removed-${playerId}`;
  const [changed] = await tx
    .update(player)
    .set({
      username: removedName,
      email: `${removedName}@removed.invalid`,
      passwordHash: null,
      receiveEmail: false,
      birthDate: null,
      firstName: null,
      lastName: null,
      gender: null,
      profession: null,
      unit: null,
      building: null,
      address: null,
      municipality: null,
      city: null,
      postalCode: null,
      mobile: null,
      registrationIp: null,
      affiliateClickId: null,
      identityDocumentType: null,
      identityDocumentNumber: null,
      identityDocumentCountry: null,
      identityDocumentExpiry: null,
      anonymisedAt: now,
    })
    .where(and(eq(player.id, playerId), isNull(player.anonymisedAt)))
    .returning({ id: player.id });
  if (!changed) return false;
  // Pending address changes and confirmations hold addresses; the mismatch review holds client IPs.
  await tx.delete(emailChange).where(eq(emailChange.playerId, playerId));
  await tx.delete(emailConfirmation).where(eq(emailConfirmation.playerId, playerId));
  await tx.delete(jurisdictionMismatch).where(eq(jurisdictionMismatch.playerId, playerId));
  return true;
}

/** Whether and when the player was removed from the register (null: not removed). */
export async function anonymisedAt(db: Db, playerId: string): Promise<Date | null | undefined> {
  const [row] = await db.select({ at: player.anonymisedAt }).from(player).where(eq(player.id, playerId));
  return row ? row.at : undefined;
}

/**
 * Players not yet removed who signed up before `before`, in ascending id after `after`, a batch at a
 * time: the inactivity job's candidates (a newer player cannot have been inactive long enough).
 */
export async function playersSignedUpBefore(
  db: Db,
  before: Date,
  after: string | null,
  limit: number,
): Promise<{ id: string; createdAt: Date; language: string; email: string; jurisdiction: string | null; country: string | null }[]> {
  return db
    .select({
      id: player.id,
      createdAt: player.createdAt,
      language: player.language,
      email: player.email,
      jurisdiction: player.jurisdiction,
      country: player.country,
    })
    .from(player)
    .where(and(isNull(player.anonymisedAt), lt(player.createdAt, before), after === null ? sql`true` : gt(player.id, after)))
    .orderBy(asc(player.id))
    .limit(limit);
}
