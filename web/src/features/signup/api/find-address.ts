import { findAddressResponseSchema } from '../../../../../contracts/platform/address/find-address';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/findAddress (SIGNUP-24): the addresses at an Eircode or UK postcode. */
export function findAddress(country: 'IE' | 'GB', postcode: string) {
  return apiRequest('ps', '/findAddress', { query: { country, postcode }, schema: findAddressResponseSchema, feedback: 'silent' });
}
