import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fieldMessages } from '../../../contracts/platform/accounts/player-fields';
import type { Db } from '../../db/database';
import { jurisdictionMismatch, player } from '../../db/schema';
import { strictestCountry } from '../../games';
import { AppError } from '../../http/app-error';
import { ISO_COUNTRY_CODES } from './countries';
import { addressCountry } from './jurisdiction';

/**
 * Which country's game rules a player plays under (defect 3). A player declares a country at
 * sign-up; the server also sees the country of every address they sign up and play from. They play
 * under the strictest of these (`strictestCountry`), kept in `player.jurisdiction` so that the game
 * server's session check reads one column. A laxer address seen later never relaxes it. Where the
 * declared country and an address country differ, a `jurisdiction_mismatch` row is kept for staff.
 */

/** Where an address was seen: sign-up (both steps) or a game launch. */
export type AddressPlace = 'SIGNUP' | 'PLAY';

/**
 * The declared country must be a real country (ISO 3166-1 alpha-2) that sign-up is open to
 * (SIGNUP_JURISDICTIONS); otherwise 400 naming the field.
 */
export function checkDeclaredCountry(country: string, allowedCountries: readonly string[], field = 'country'): void {
  if (!ISO_COUNTRY_CODES.has(country)) throw new AppError('VALIDATION_ERROR', fieldMessages.country, [{ field, error: fieldMessages.country }]);
  if (!allowedCountries.includes(country)) {
    const message = `Sign-up is open to residents of ${allowedCountries.join(', ')} only`;
    throw new AppError('VALIDATION_ERROR', message, [{ field, error: message }]);
  }
}

interface CountriesSeen {
  /** The country the player declared, when this step declares or keeps one. */
  declared?: string | null;
  /** The client address of this request and where it was seen. */
  address: { ip: string; place: AddressPlace };
}

/**
 * Takes in the declared country and this request's address country, in the caller's transaction
 * or alone: updates the player's address country for the place, raises `jurisdiction` when either
 * is stricter, and records a mismatch. Answers the jurisdiction the player now plays under.
 */
export async function noteCountries(db: Db, playerId: string, seen: CountriesSeen): Promise<string | null> {
  const country = addressCountry(seen.address.ip);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ country: player.country, jurisdiction: player.jurisdiction, registrationIpCountry: player.registrationIpCountry })
      .from(player)
      .where(eq(player.id, playerId))
      .for('update');
    if (!row) return null;
    const declared = seen.declared === undefined ? row.country : seen.declared;
    // At sign-up the declared country replaces any earlier one, and the sign-up address counts;
    // at play the jurisdiction already holds everything seen before.
    const jurisdiction =
      seen.address.place === 'SIGNUP' ? strictestCountry(declared, row.registrationIpCountry, country, row.jurisdiction) : strictestCountry(row.jurisdiction, declared, country);
    const addressColumn = seen.address.place === 'SIGNUP' ? { registrationIpCountry: country ?? row.registrationIpCountry } : { playIpCountry: country };
    if (jurisdiction !== row.jurisdiction || country !== null) {
      await tx
        .update(player)
        .set({ jurisdiction, ...addressColumn })
        .where(eq(player.id, playerId));
    }
    if (country !== null && declared && country !== declared.toUpperCase()) {
      await tx
        .insert(jurisdictionMismatch)
        .values({ playerId, seenAt: seen.address.place, declaredCountry: declared, addressCountry: country, ipAddress: seen.address.ip, jurisdiction })
        .onConflictDoUpdate({
          target: [jurisdictionMismatch.playerId, jurisdictionMismatch.seenAt, jurisdictionMismatch.addressCountry],
          set: {
            declaredCountry: declared,
            ipAddress: seen.address.ip,
            jurisdiction,
            timesSeen: sql`${jurisdictionMismatch.timesSeen} + 1`,
            lastSeenAt: sql`now()`,
          },
        });
    }
    return jurisdiction;
  });
}

export type JurisdictionMismatch = typeof jurisdictionMismatch.$inferSelect;

/**
 * Mismatches between declared and address countries for staff review, oldest first; by default
 * only those not yet reviewed, optionally for one player.
 */
export async function listJurisdictionMismatches(db: Db, options: { playerId?: string; includeReviewed?: boolean; limit?: number } = {}): Promise<JurisdictionMismatch[]> {
  const conditions = [
    options.includeReviewed ? undefined : isNull(jurisdictionMismatch.reviewedAt),
    options.playerId ? eq(jurisdictionMismatch.playerId, options.playerId) : undefined,
  ];
  return db
    .select()
    .from(jurisdictionMismatch)
    .where(and(...conditions))
    .orderBy(asc(jurisdictionMismatch.createdAt), asc(jurisdictionMismatch.id))
    .limit(options.limit ?? 100);
}

/** Marks a mismatch reviewed; false when there is no such mismatch. */
export async function markJurisdictionMismatchReviewed(db: Db, id: number, at = new Date()): Promise<boolean> {
  const rows = await db.update(jurisdictionMismatch).set({ reviewedAt: at }).where(eq(jurisdictionMismatch.id, id)).returning({ id: jurisdictionMismatch.id });
  return rows.length > 0;
}
