import { inducementKinds, type InducementKind } from '../../contracts/platform/inducements/inducements';

/**
 * Which inducements are closed in which jurisdiction (issue 29 item 7): `INDUCEMENTS_OFF` is a
 * comma-separated list of entries `JURISDICTION` (every inducement closed there) or
 * `JURISDICTION:kind+kind` (only those). Jurisdictions are the game rules' sets: GB, IE and
 * DEFAULT (every other country). Kinds: `loyalty-points`, `loyalty-shop`, `refer-a-friend`,
 * `bonus-offers`. An empty value closes nothing.
 *
 * The legal default is `IE`: the Gambling Regulation Act 2024, s. 157 forbids offering Irish
 * players free bets, credit, rewards or other inducements to gamble, and a loyalty scheme,
 * refer-a-friend rewards and targeted bonus offers are all of these (docs/compliance.md).
 */

export const DEFAULT_INDUCEMENTS_OFF = 'IE';

export const INDUCEMENT_JURISDICTIONS = ['GB', 'IE', 'DEFAULT'] as const;
export type InducementJurisdiction = (typeof INDUCEMENT_JURISDICTIONS)[number];

/** The kinds as the setting spells them. */
export const INDUCEMENT_SETTING_NAMES: Record<InducementKind, string> = {
  LOYALTY_POINTS: 'loyalty-points',
  LOYALTY_SHOP: 'loyalty-shop',
  REFER_A_FRIEND: 'refer-a-friend',
  BONUS_OFFERS: 'bonus-offers',
};

const kindOfName = new Map(Object.entries(INDUCEMENT_SETTING_NAMES).map(([kind, name]) => [name, kind as InducementKind]));

export type InducementsOff = Record<InducementJurisdiction, InducementKind[]>;

/**
 * Reads the setting; answers the closed kinds per jurisdiction, or the first problem in words that
 * finish "INDUCEMENTS_OFF …" (the configuration error names the variable and its value).
 */
export function parseInducementsOff(value: string): { off: InducementsOff } | { problem: string } {
  const off: InducementsOff = { GB: [], IE: [], DEFAULT: [] };
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [rawJurisdiction = '', rawKinds] = entry.split(':', 2).map((part) => part.trim());
    const jurisdiction = rawJurisdiction.toUpperCase();
    if (!(INDUCEMENT_JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
      return {
        problem: `must name jurisdictions from ${INDUCEMENT_JURISDICTIONS.join(', ')}, e.g. IE or IE:loyalty-points+bonus-offers; "${rawJurisdiction}" is not one`,
      };
    }
    const named = rawKinds === undefined ? [...inducementKinds] : rawKinds.split('+').map((name) => name.trim().toLowerCase());
    const kinds: InducementKind[] = [];
    for (const name of named) {
      const kind = rawKinds === undefined ? (name as InducementKind) : kindOfName.get(name);
      if (!kind)
        return { problem: `must name inducements from ${Object.values(INDUCEMENT_SETTING_NAMES).join(', ')} after "${jurisdiction}:"; "${name}" is not one` };
      kinds.push(kind);
    }
    const target = off[jurisdiction as InducementJurisdiction];
    if (target.length > 0) return { problem: `names ${jurisdiction} more than once; list its inducements in one entry joined by +` };
    target.push(...new Set(kinds));
  }
  return { off };
}

/** The validated setting (loadConfig has refused a bad one at start). */
export function inducementsOff(value: string): InducementsOff {
  const parsed = parseInducementsOff(value);
  if ('problem' in parsed) throw new Error(`INDUCEMENTS_OFF ${parsed.problem}`);
  return parsed.off;
}
