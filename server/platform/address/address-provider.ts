import type { FindAddressQuery, FoundAddress } from '../../../contracts/platform/address/find-address';

/**
 * An address look-up service (SIGNUP-24; ARCHITECTURE §2): the addresses at an Eircode or UK
 * postcode. A real provider (Eircode's ECAD, Loqate, Ideal Postcodes…) is one more implementation.
 */
export interface AddressProvider {
  readonly id: string;
  /** The addresses at the postcode, none when it is unknown; throws when the service fails. */
  findAddresses(query: FindAddressQuery): Promise<FoundAddress[]>;
}

/** Thrown by a provider that cannot answer now; the route answers 503. */
export class AddressServiceUnavailable extends Error {
  constructor() {
    super('the address look-up service did not answer');
    this.name = 'AddressServiceUnavailable';
  }
}
