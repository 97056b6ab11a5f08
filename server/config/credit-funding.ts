/**
 * Where a deposit funded by credit is refused (issue 29 item 8): `CREDIT_FUNDING_REFUSED` is a
 * comma-separated list of the game rules' jurisdictions (GB, IE, DEFAULT for every other country).
 * A deposit whose funding source the provider reports as credit — a credit card behind an
 * e-wallet, or the e-wallet's pay-later — is refused for players of those jurisdictions. An empty
 * value refuses none.
 *
 * The legal default is `IE,GB`: Ireland's Gambling Regulation Act 2024, s. 165 forbids accepting
 * a credit card for gambling, directly or through an e-wallet, and credit such as buy now, pay
 * later with it; Great Britain has forbidden gambling by credit card, e-wallets funded by one
 * included, since 14 April 2020 (docs/compliance.md "Credit funding").
 */

export const DEFAULT_CREDIT_FUNDING_REFUSED = 'IE,GB';

export const CREDIT_FUNDING_JURISDICTIONS = ['GB', 'IE', 'DEFAULT'] as const;
export type CreditFundingJurisdiction = (typeof CREDIT_FUNDING_JURISDICTIONS)[number];

/** Reads the setting; answers the jurisdictions, or the problem in words that finish "CREDIT_FUNDING_REFUSED …". */
export function parseCreditFundingRefused(value: string): { refused: CreditFundingJurisdiction[] } | { problem: string } {
  const refused: CreditFundingJurisdiction[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const jurisdiction = entry.toUpperCase();
    if (!(CREDIT_FUNDING_JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
      return { problem: `must name jurisdictions from ${CREDIT_FUNDING_JURISDICTIONS.join(', ')}, e.g. IE,GB; "${entry}" is not one` };
    }
    if (refused.includes(jurisdiction as CreditFundingJurisdiction)) return { problem: `names ${jurisdiction} more than once` };
    refused.push(jurisdiction as CreditFundingJurisdiction);
  }
  return { refused };
}

/** The validated setting (loadConfig has refused a bad one at start). */
export function creditFundingRefused(value: string): CreditFundingJurisdiction[] {
  const parsed = parseCreditFundingRefused(value);
  if ('problem' in parsed) throw new Error(`CREDIT_FUNDING_REFUSED ${parsed.problem}`);
  return parsed.refused;
}
