import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { player, playerCurrencyAccount } from '../../db/schema';

/**
 * What the game server needs of a player, decided here because the player's table is this module's:
 * the identity state (DIS-01) and the country whose game rules apply. The game server's session
 * check runs on every spin and is one prepared statement, so the accounts module hands it the join
 * as SQL text (as the wallet hands out statement parts) rather than costing a second round trip.
 */

/** The country whose game rules a player plays under: the jurisdiction kept for them (defect 3), else the declared country. */
const RULES_COUNTRY = (alias: string) => `coalesce(${alias}.jurisdiction, ${alias}.country)`;

/**
 * A LEFT JOIN of the player whose id is `playerIdExpression`, and the columns it adds:
 * `registration_status`, `kyc_status`, `country` (the rules' country) and `birth_date`
 * (YYYY-MM-DD, for age-dependent rules such as the GB slot stake limit); all null without a player.
 */
export function playerPlayIdentitySql(playerIdExpression: string, alias = 'p'): { join: string; columns: string } {
  return {
    join: `LEFT JOIN player ${alias} ON ${alias}.id = ${playerIdExpression}`,
    // to_char: the same text on both drivers (node-postgres would make a local-midnight Date of a date).
    columns: `${alias}.registration_status, ${alias}.kyc_status, ${RULES_COUNTRY(alias)} AS country, to_char(${alias}.birth_date, 'YYYY-MM-DD') AS birth_date`,
  };
}

/**
 * The country whose game rules the player whose id is `playerIdExpression` plays under, as an SQL
 * scalar (null when unknown): for a statement's condition, such as the wallet's slot stake limit
 * in a one-statement bet.
 */
export const playerRulesCountrySql = (playerIdExpression: string, alias = 'rc') =>
  `(SELECT ${RULES_COUNTRY(alias)} FROM player ${alias} WHERE ${alias}.id = ${playerIdExpression})`;

/** The country whose game rules the player plays under; null when unknown. */
export async function playerRulesCountry(db: Db, playerId: string): Promise<string | null> {
  const [row] = await db
    .select({ country: sql<string | null>`coalesce(${player.jurisdiction}, ${player.country})` })
    .from(player)
    .where(eq(player.id, playerId));
  return row?.country ?? null;
}

/** What the game rules need of a player when a game session opens: the rules' country and the birth date (YYYY-MM-DD). */
export async function playerPlayProfile(db: Db, playerId: string): Promise<{ country: string | null; birthDate: string | null }> {
  const [row] = await db
    .select({ country: sql<string | null>`coalesce(${player.jurisdiction}, ${player.country})`, birthDate: player.birthDate })
    .from(player)
    .where(eq(player.id, playerId));
  return { country: row?.country ?? null, birthDate: row?.birthDate ?? null };
}

/** The player's primary currency, if they have one. */
export async function primaryCurrencyOf(db: Db, playerId: string): Promise<string | undefined> {
  const [primary] = await db
    .select({ currency: playerCurrencyAccount.currency })
    .from(playerCurrencyAccount)
    .where(and(eq(playerCurrencyAccount.playerId, playerId), eq(playerCurrencyAccount.isPrimary, true)));
  return primary?.currency;
}
