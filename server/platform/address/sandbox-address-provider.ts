import type { FindAddressQuery, FoundAddress } from '../../../contracts/platform/address/find-address';
import { AddressServiceUnavailable, type AddressProvider } from './address-provider';

type Entry = Omit<FoundAddress, 'postalCode' | 'country'>;

/**
 * The sandbox address service's test data (listed in the README). Postcodes are compared without
 * spaces or letter case; any other valid postcode finds nothing, and the failure postcodes make
 * the service fail as a real one can.
 */
export const sandboxAddressBook: Record<'IE' | 'GB', Record<string, Entry[]>> = {
  IE: {
    'D02 X285': [
      { building: '1', street: 'Grafton Street', city: 'Dublin 2', county: 'Dublin' },
      { building: '2', street: 'Grafton Street', city: 'Dublin 2', county: 'Dublin' },
      { building: 'Apartment 4, 3', street: 'Grafton Street', city: 'Dublin 2', county: 'Dublin' },
    ],
    'H91 E2K3': [{ building: 'Riverside House', street: '7 Quay Street', city: 'Galway', county: 'Galway' }],
    'T12 K8AF': [
      { building: '14', street: 'Oliver Plunkett Street', city: 'Cork', county: 'Cork' },
      { building: '16', street: 'Oliver Plunkett Street', city: 'Cork', county: 'Cork' },
    ],
  },
  GB: {
    'SW1A 1AA': [{ building: 'Buckingham Palace', street: 'The Mall', city: 'London', county: 'Greater London' }],
    'M1 1AE': [
      { building: '10', street: 'Piccadilly', city: 'Manchester', county: 'Greater Manchester' },
      { building: '12', street: 'Piccadilly', city: 'Manchester', county: 'Greater Manchester' },
    ],
    'EH1 1YZ': [{ building: '5', street: 'Royal Mile', city: 'Edinburgh', county: 'City of Edinburgh' }],
  },
};

/** Postcodes for which the sandbox service fails (503), to try the portal's failure path. */
export const sandboxAddressFailures = { IE: 'A65 F4E2', GB: 'ZZ1 1ZZ' } as const;

const normalised = (postcode: string) => postcode.replace(/\s+/g, '').toUpperCase();

export class SandboxAddressProvider implements AddressProvider {
  readonly id = 'sandbox';

  async findAddresses(query: FindAddressQuery): Promise<FoundAddress[]> {
    const wanted = normalised(query.postcode);
    if (normalised(sandboxAddressFailures[query.country]) === wanted) throw new AddressServiceUnavailable();
    const [postalCode, entries] = Object.entries(sandboxAddressBook[query.country]).find(([code]) => normalised(code) === wanted) ?? [];
    if (!postalCode || !entries) return [];
    return entries.map((entry) => ({ ...entry, postalCode, country: query.country }));
  }
}
