/**
 * Where the account-holder register removes players after months without play (issue 29 item 9):
 * `ACCOUNT_INACTIVITY_REMOVAL` is a comma-separated list of the game rules' jurisdictions (GB, IE,
 * DEFAULT for every other country). An empty value removes no one for inactivity; removal on the
 * player's request is open everywhere.
 *
 * The legal default is `IE`: Ireland's Gambling Regulation Act 2024 has the licensee keep a
 * register of account holders and remove one after 13 months without play
 * (docs/compliance.md "Account-holder register"). Great Britain has no such rule.
 */

export const DEFAULT_ACCOUNT_INACTIVITY_REMOVAL = 'IE';

export const ACCOUNT_REGISTER_JURISDICTIONS = ['GB', 'IE', 'DEFAULT'] as const;
export type AccountRegisterJurisdiction = (typeof ACCOUNT_REGISTER_JURISDICTIONS)[number];

/** Reads the setting; answers the jurisdictions, or the problem in words that finish "ACCOUNT_INACTIVITY_REMOVAL …". */
export function parseInactivityRemoval(value: string): { jurisdictions: AccountRegisterJurisdiction[] } | { problem: string } {
  const jurisdictions: AccountRegisterJurisdiction[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const jurisdiction = entry.toUpperCase();
    if (!(ACCOUNT_REGISTER_JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
      return { problem: `must name jurisdictions from ${ACCOUNT_REGISTER_JURISDICTIONS.join(', ')}, e.g. IE; "${entry}" is not one` };
    }
    if (jurisdictions.includes(jurisdiction as AccountRegisterJurisdiction)) return { problem: `names ${jurisdiction} more than once` };
    jurisdictions.push(jurisdiction as AccountRegisterJurisdiction);
  }
  return { jurisdictions };
}

/** The validated setting (loadConfig has refused a bad one at start). */
export function inactivityRemovalJurisdictions(value: string): AccountRegisterJurisdiction[] {
  const parsed = parseInactivityRemoval(value);
  if ('problem' in parsed) throw new Error(`ACCOUNT_INACTIVITY_REMOVAL ${parsed.problem}`);
  return parsed.jurisdictions;
}
