import type { InducementKind } from '../../../contracts/platform/inducements/inducements';
import { inducementsOff, type InducementJurisdiction, type InducementsOff } from '../../config/inducements';
import type { Db } from '../../db/database';
import { COUNTRY_RULE_SETS, rulesFor } from '../../jurisdiction';
import { AppError } from '../../http/app-error';
import type { Config } from '../../config/env';
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
 *
 * The setting (INDUCEMENTS_OFF) is a value the composition root builds (server/modules.ts,
 * `createInducements`) and hands to each module through the service context (`context.inducements`)
 * or the policy it builds: no module state holds it.
 */
export interface Inducements {
  /** The kinds closed per rule set, as INDUCEMENTS_OFF names them. */
  readonly off: InducementsOff;
  /** The kinds closed in a jurisdiction (a rule set: GB, IE or DEFAULT). */
  offIn(jurisdiction: InducementJurisdiction): InducementKind[];
  /** The player's rule set and the inducements closed to them. */
  of(db: Db, playerId: string): Promise<PlayerInducements>;
  /** Whether `kind` is closed to the player. */
  closed(db: Db, playerId: string, kind: InducementKind): Promise<boolean>;
  /**
   * Refuses `kind` when it is closed to the player. Call it with the claim's own transaction, before
   * anything is written, so a refused claim writes nothing.
   */
  refuseClosed(db: Db, playerId: string, kind: InducementKind): Promise<void>;
  /** `closed` as an SQL condition on the player whose id is `playerIdExpression` (inducementClosedSql). */
  closedSql(kind: InducementKind, playerIdExpression: string): string;
}

/** The inducements of INDUCEMENTS_OFF (validated by loadConfig). */
export const inducementSettings = (config: Pick<Config, 'INDUCEMENTS_OFF'>): InducementsOff => inducementsOff(config.INDUCEMENTS_OFF);

export function createInducements(off: InducementsOff): Inducements {
  const offIn = (jurisdiction: InducementJurisdiction): InducementKind[] => [...off[jurisdiction]];
  const of = async (db: Db, playerId: string): Promise<PlayerInducements> => {
    const jurisdiction = inducementJurisdictionOf(await playerRulesCountry(db, playerId));
    return { jurisdiction, off: offIn(jurisdiction) };
  };
  return {
    off,
    offIn,
    of,
    closed: async (db, playerId, kind) => (await of(db, playerId)).off.includes(kind),
    refuseClosed: async (db, playerId, kind) => {
      const { jurisdiction, off: closed } = await of(db, playerId);
      if (closed.includes(kind)) throw inducementRefusal(kind, jurisdiction);
    },
    closedSql: (kind, playerIdExpression) => inducementClosedSql(off, kind, playerIdExpression),
  };
}

/** The rule set a country plays under, as the inducements setting names it. */
export const inducementJurisdictionOf = (country: string | null | undefined): InducementJurisdiction =>
  rulesFor(country).jurisdiction as InducementJurisdiction;

export interface PlayerInducements {
  jurisdiction: InducementJurisdiction;
  /** The kinds closed to the player; empty when every inducement is open. */
  off: InducementKind[];
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

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The same decision as an SQL condition, true when `kind` is closed to the player whose id is
 * `playerIdExpression`: for a statement that must decide inside itself, such as the points a
 * one-statement bet writes. The rule set is read as `rulesFor` reads the country (trimmed, upper
 * case; a country without rules of its own is DEFAULT). The countries are constants of the code.
 */
function inducementClosedSql(closed: InducementsOff, kind: InducementKind, playerIdExpression: string): string {
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
