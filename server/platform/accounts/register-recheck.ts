import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { player } from '../../db/schema';
import type { Db } from '../../db/database';
import type { RecheckPerson } from '../exclusion-register';

/**
 * Every active GB player GAMSTOP can be asked about (issue 29 item 6): sign-up completed, a name
 * and birth date known, and Great Britain as the declared country or the jurisdiction played under.
 */
export async function activeGbPlayers(db: Db): Promise<RecheckPerson[]> {
  return db
    .select({
      playerId: player.id,
      firstName: sql<string>`${player.firstName}`,
      lastName: sql<string>`${player.lastName}`,
      birthDate: sql<string>`${player.birthDate}::text`,
      email: player.email,
      postcode: player.postalCode,
      mobile: player.mobile,
    })
    .from(player)
    .where(
      and(
        eq(player.registrationStatus, 'PLAYER'),
        isNotNull(player.firstName),
        isNotNull(player.lastName),
        isNotNull(player.birthDate),
        or(sql`upper(${player.country}) IN ('GB', 'UK')`, eq(player.jurisdiction, 'GB')),
      ),
    )
    .orderBy(asc(player.createdAt), asc(player.id));
}
