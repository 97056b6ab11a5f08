import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { fieldMessages } from '../../../contracts/platform/accounts/player-fields';
import type { Db } from '../../db/database';
import { jurisdictionMismatch, player } from '../../db/schema';
import { strictestCountry } from '../../jurisdiction';
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
 * Takes in the declared country and this request's address country: keeps the address country for
 * the place, raises `jurisdiction` when either is stricter, and records each address country that
 * differs from the declared one. Writes nothing when nothing changed, as a launch from the usual
 * place changes nothing. Answers the jurisdiction the player now plays under.
 */
export async function noteCountries(db: Db, playerId: string, seen: CountriesSeen): Promise<string | null> {
  const country = addressCountry(seen.address.ip);
  const atSignup = seen.address.place === 'SIGNUP';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        country: player.country,
        jurisdiction: player.jurisdiction,
        registrationIp: player.registrationIp,
        registrationIpCountry: player.registrationIpCountry,
        playIpCountry: player.playIpCountry,
      })
      .from(player)
      .where(eq(player.id, playerId))
      .for('update');
    if (!row) return null;
    const declared = (seen.declared === undefined ? row.country : seen.declared)?.toUpperCase() ?? null;
    // At sign-up the declared country may change between the steps, and the step-1 address counts
    // with this one; at play the jurisdiction already holds everything seen before.
    const jurisdiction = atSignup
      ? strictestCountry(declared, row.registrationIpCountry, country, row.jurisdiction)
      : strictestCountry(row.jurisdiction, declared, country);
    const changes = {
      ...(jurisdiction !== row.jurisdiction ? { jurisdiction } : {}),
      // The sign-up address is step 1's; a completion from elsewhere counts towards the rules only.
      ...(atSignup && country !== null && row.registrationIpCountry === null ? { registrationIpCountry: country } : {}),
      ...(!atSignup && country !== null && country !== row.playIpCountry ? { playIpCountry: country } : {}),
    };
    if (Object.keys(changes).length > 0) await tx.update(player).set(changes).where(eq(player.id, playerId));

    const addresses = new Map<string, string>();
    if (atSignup && row.registrationIpCountry && row.registrationIp) addresses.set(row.registrationIpCountry, row.registrationIp);
    if (country !== null) addresses.set(country, seen.address.ip);
    for (const [placed, ipAddress] of addresses) {
      if (!declared || placed === declared) continue;
      await tx
        .insert(jurisdictionMismatch)
        .values({ playerId, seenAt: seen.address.place, declaredCountry: declared, addressCountry: placed, ipAddress, jurisdiction })
        .onConflictDoUpdate({
          target: [jurisdictionMismatch.playerId, jurisdictionMismatch.seenAt, jurisdictionMismatch.addressCountry],
          set: {
            declaredCountry: declared,
            ipAddress,
            jurisdiction,
            // Each launch from there counts; sign-up is one event however many steps see it.
            timesSeen: atSignup ? sql`${jurisdictionMismatch.timesSeen}` : sql`${jurisdictionMismatch.timesSeen} + 1`,
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
export async function listJurisdictionMismatches(
  db: Db,
  options: { playerId?: string; includeReviewed?: boolean; limit?: number } = {},
): Promise<JurisdictionMismatch[]> {
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
