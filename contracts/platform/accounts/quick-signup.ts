import { z } from 'zod';
import { fieldErrorSchema } from '../../errors';
import { signupMarketingConsentsSchema } from '../marketing/marketing-consents';
import { birthDateSchema, countryCodeSchema, currencySchema, emailSchema, mobileSchema, passwordSchema, usernameSchema } from './player-fields';

/**
 * POST /ps/quickSignup — sign-up step 1 (SIGNUP-12, SIGNUP-13). On SUCCESS the server sets the
 * session cookie (never a key in the body, DEF-05) for a QUICK_REG player who goes on to /contact.
 */
export const quickSignupRequestSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  birthDate: birthDateSchema(),
  currency: currencySchema.default('EUR'),
  email: emailSchema,
  receiveEmail: z.boolean().default(false),
  consents: z.array(z.number().int().positive()).max(50).default([]),
  /** The marketing boxes (product × channel) the player ticked; every box is unticked by default (SR 5.1.12). */
  marketingConsents: signupMarketingConsentsSchema,
  country: countryCodeSchema.optional(),
  mobile: mobileSchema.optional(),
  referralId: z.string().trim().max(64).optional(),
  userTrackingCodes: z.object({ ClickId: z.string().max(200).optional(), affId: z.string().max(200).optional() }).optional(),
});
export type QuickSignupRequest = z.input<typeof quickSignupRequestSchema>;

export const quickSignupResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  partyId: z.string(),
  registrationStatus: z.literal('QUICK_REG'),
});

/** Failure answers use the error catalogue shape; `errors` lists each field with the spec's text. */
export const signupFailureSchema = z.object({
  status: z.enum(['VALIDATION_ERROR', 'DUPLICATE', 'JURISDICTION_NOT_ALLOWED']),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
