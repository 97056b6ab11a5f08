import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { consentVersion, playerConsent } from '../../db/schema';

/** The consent versions a player is asked for now, in their fixed order. */
export async function activeConsents(db: Db) {
  return db.select().from(consentVersion).where(eq(consentVersion.active, true)).orderBy(consentVersion.id);
}

/** Records the consents a new player gave, in the caller's transaction (the player's creation). */
export async function recordConsents(db: Db, playerId: string, consentVersionIds: number[]): Promise<void> {
  if (consentVersionIds.length === 0) return;
  await db.insert(playerConsent).values(consentVersionIds.map((consentVersionId) => ({ playerId, consentVersionId })));
}
