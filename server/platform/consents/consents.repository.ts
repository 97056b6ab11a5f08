import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { consentVersion, playerConsent } from '../../db/schema';
import { lockRefusal } from '../limits';

/** The consent versions a player is asked for now, in their fixed order. */
export async function activeConsents(db: Db) {
  return db.select().from(consentVersion).where(eq(consentVersion.active, true)).orderBy(consentVersion.id);
}

/** Records the consents a new player gave, in the caller's transaction (the player's creation). */
export async function recordConsents(db: Db, playerId: string, consentVersionIds: number[]): Promise<void> {
  if (consentVersionIds.length === 0) return;
  await db.insert(playerConsent).values(consentVersionIds.map((consentVersionId) => ({ playerId, consentVersionId })));
}

/**
 * The one check every marketing message must pass (issue 12; UKGC LCCP 3.5.3, SR code 5.1.11):
 * the player gave the channel's marketing consent (MARKETING_EMAIL, MARKETING_SMS) and no
 * time-out or self-exclusion closes the account now — a lock stops marketing without touching the
 * player's choices, so it resumes only if they still want it when the lock is over.
 */
export async function mayMarketTo(db: Db, playerId: string, channel: 'MARKETING_EMAIL' | 'MARKETING_SMS'): Promise<boolean> {
  const [given] = await db
    .select({ id: playerConsent.consentVersionId })
    .from(playerConsent)
    .innerJoin(consentVersion, eq(consentVersion.id, playerConsent.consentVersionId))
    .where(and(eq(playerConsent.playerId, playerId), eq(consentVersion.key, channel), eq(consentVersion.active, true)));
  if (!given) return false;
  return (await lockRefusal(db, playerId)) === undefined;
}
