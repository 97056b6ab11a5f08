import type { InducementKind } from '../../../contracts/platform/inducements/inducements';
import { DEFAULT_INDUCEMENTS_OFF, inducementsOff, type InducementJurisdiction, type InducementsOff } from '../../config/inducements';
import type { Db } from '../../db/database';
import { COUNTRY_RULE_SETS, rulesFor } from '../../jurisdiction';
import { AppError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { playerRulesCountry, playerRulesCountrySql } from '../accounts';

/**
 * Inducements closed per jurisdiction (issue 29 item 7; docs/compliance.md "Inducements"). The
 * jurisdiction is the one the game rules use — `player.jurisdiction`, else the declared country,
 * read as `rulesFor` reads it — which only ever becomes stricter, so a check inside the claim's
 * transaction cannot be outrun by a change that opens an inducement again.
 *
 * Each module asks here at its own service, not only at its route: the points policy at the
 * wallet's policy point, the shop's checkout, refer a friend's invitations and reward, and the
 * bonus engine's code redemption, deposit offers and goodwill grants.
 */

let closed: InducementsOff = inducementsOff(DEFAULT_INDUCEMENTS_OFF);

/** Takes INDUCEMENTS_OFF from the validated configuration (once at start; tests may call it again). */
export function applyInducementSettings(config: Pick<ServiceContext['config'], 'INDUCEMENTS_OFF'>): void {
  closed = inducementsOff(config.INDUCEMENTS_OFF);
}

/** The kinds closed in a jurisdiction (a rule set: GB, IE or DEFAULT). */
export const inducementsOffIn = (jurisdiction: InducementJurisdiction): InducementKind[] => [...closed[jurisdiction]];

/** The rule set a country plays under, as the inducements setting names it. */
export const inducementJurisdictionOf = (country: string | null | undefined): InducementJurisdiction =>
  rulesFor(country).jurisdiction as InducementJurisdiction;

export interface PlayerInducements {
  jurisdiction: InducementJurisdiction;
  /** The kinds closed to the player; empty when every inducement is open. */
  off: InducementKind[];
}

/** The player's rule set and the inducements closed to them. */
export async function playerInducements(db: Db, playerId: string): Promise<PlayerInducements> {
  const jurisdiction = inducementJurisdictionOf(await playerRulesCountry(db, playerId));
  return { jurisdiction, off: inducementsOffIn(jurisdiction) };
}

/** Whether `kind` is closed to the player. */
export async function inducementClosed(db: Db, playerId: string, kind: InducementKind): Promise<boolean> {
  return (await playerInducements(db, playerId)).off.includes(kind);
}

const WHAT: Record<InducementKind, string> = {
  LOYALTY_POINTS: 'Loyalty points are',
  LOYALTY_SHOP: 'The loyalty shop is',
  REFER_A_FRIEND: 'Refer a friend is',
  BONUS_OFFERS: 'Bonus offers are',
};

/** Why, where a law says so. */
const LEGAL_BASIS: Partial<Record<InducementJurisdiction, string>> = { IE: 'in Ireland (Gambling Regulation Act 2024, s. 157)' };

/** The refusal of a closed inducement: 403 INDUCEMENTS_NOT_AVAILABLE, naming what and why. */
export function inducementRefusal(kind: InducementKind, jurisdiction: InducementJurisdiction): AppError {
  const where = LEGAL_BASIS[jurisdiction] ?? `under the rules of your jurisdiction (${jurisdiction})`;
  const message = `${WHAT[kind]} not available to players ${where}.`;
  return new AppError('INDUCEMENTS_NOT_AVAILABLE', message, [{ field: 'inducement', error: kind }]);
}

/**
 * Refuses `kind` when it is closed to the player. Call it with the claim's own transaction, before
 * anything is written, so a refused claim writes nothing.
 */
export async function refuseClosedInducement(db: Db, playerId: string, kind: InducementKind): Promise<void> {
  const { jurisdiction, off } = await playerInducements(db, playerId);
  if (off.includes(kind)) throw inducementRefusal(kind, jurisdiction);
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The same decision as an SQL condition, true when `kind` is closed to the player whose id is
 * `playerIdExpression`: for a statement that must decide inside itself, such as the points a
 * one-statement bet writes. The rule set is read as `rulesFor` reads the country (trimmed, upper
 * case; a country without rules of its own is DEFAULT). The countries are constants of the code.
 */
export function inducementClosedSql(kind: InducementKind, playerIdExpression: string): string {
  const closedIn = (Object.keys(closed) as InducementJurisdiction[]).filter((jurisdiction) => closed[jurisdiction].includes(kind));
  if (closedIn.length === 0) return 'false';
  const country = `upper(btrim(coalesce(${playerRulesCountrySql(playerIdExpression, 'ind')}, ''), E' \\t\\r\\n'))`;
  const own = COUNTRY_RULE_SETS.map(([code]) => quote(code));
  const closedCountries = COUNTRY_RULE_SETS.filter(([, set]) => closedIn.includes(set)).map(([code]) => quote(code));
  const inOwn = closedCountries.length > 0 ? `${country} IN (${closedCountries.join(', ')})` : 'false';
  // A country without rules of its own plays under DEFAULT.
  const inDefault = closedIn.includes('DEFAULT') ? `${country} NOT IN (${own.join(', ')})` : 'false';
  return `(${inOwn} OR ${inDefault})`;
}
