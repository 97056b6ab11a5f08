import { z } from 'zod';
import { signupCompletionStatusSchema } from './quick-signup-completion';
import { quickSignupRequestSchema } from './quick-signup';
import { countryCodeSchema, genderSchema, mobileSchema, optionalText, requiredText } from './player-fields';

/**
 * POST /ps/signup — the whole sign-up in one request (SIGNUP-49): step 1's fields plus the
 * profile, then the identity and age check, as quickSignup followed by quickSignupCompletion.
 */
export const signupRequestSchema = quickSignupRequestSchema.omit({ country: true, mobile: true }).extend({
  firstName: requiredText(60),
  lastName: requiredText(60),
  gender: genderSchema,
  profession: requiredText(100),
  address: requiredText(120),
  municipality: optionalText(60),
  city: requiredText(60),
  postalCode: optionalText(16),
  country: countryCodeSchema,
  mobile: mobileSchema,
  /** Accepted for compatibility and not kept: accounts are recovered by e-mail only. */
  securityQuestion: z.string().max(200).optional(),
  securityAnswer: z.string().max(200).optional(),
});

export const signupResponseSchema = z.object({
  status: signupCompletionStatusSchema,
  partyId: z.string(),
  registrationStatus: z.literal('PLAYER'),
  kycStatus: z.string(),
});

/** POST /ps/signupConfirmation — the e-mailed link of /confirm-signup (SIGNUP-52, NAV-04). */
export const signupConfirmationRequestSchema = z.object({
  confirmationCode: z.string().trim().min(1, { message: 'The confirmation code is missing' }).max(128),
  email: z.string().trim().min(1, { message: 'Please enter a valid email' }).max(254),
  /** Accepted for compatibility; the server uses the connection's own address. */
  ip: z.string().max(64).optional(),
});
export const signupConfirmationResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  registrationStatus: z.enum(['QUICK_REG', 'PLAYER']),
  /** A restricted session (a time-out in force, issue 26 defect 4): when the time-out ends (ISO instant); absent for a full session. */
  restrictedUntil: z.optional(z.string()),
});
export const signupConfirmationMessages = {
  invalid: 'This confirmation link is not valid or has expired.',
} as const;
