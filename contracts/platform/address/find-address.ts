import { z } from 'zod';
import { EIRCODE_PATTERN } from '../accounts/player-fields';

/** UK postcode: outward code (area, district) and inward code (sector, unit). */
export const UK_POSTCODE_PATTERN = /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/i;

export const addressLookupMessages = {
  postcode: 'Please enter a valid Eircode or postcode',
  country: 'Address look-up covers Ireland and the United Kingdom',
} as const;

/**
 * GET /ps/findAddress (SIGNUP-24): the addresses at an Eircode (IE) or UK postcode (GB), from the
 * configured address provider, to fill sign-up step 2's address fields.
 */
export const findAddressQuerySchema = z
  .object({
    country: z.enum(['IE', 'GB'], { message: addressLookupMessages.country }),
    postcode: z
      .string({ message: addressLookupMessages.postcode })
      .trim()
      .min(2, { message: addressLookupMessages.postcode })
      .max(10, { message: addressLookupMessages.postcode }),
  })
  .refine((query) => (query.country === 'IE' ? EIRCODE_PATTERN : UK_POSTCODE_PATTERN).test(query.postcode), {
    message: addressLookupMessages.postcode,
    path: ['postcode'],
  });
export type FindAddressQuery = z.infer<typeof findAddressQuerySchema>;

/** One address as sign-up step 2's fields take it. */
export const foundAddressSchema = z.object({
  /** House number or name (manualBuilding). */
  building: z.string(),
  /** Street and locality (manualAddress). */
  street: z.string(),
  city: z.string(),
  /** County (manualCounty). */
  county: z.string(),
  postalCode: z.string(),
  country: z.enum(['IE', 'GB']),
});
export type FoundAddress = z.infer<typeof foundAddressSchema>;

export const findAddressResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  addresses: z.array(foundAddressSchema),
});
