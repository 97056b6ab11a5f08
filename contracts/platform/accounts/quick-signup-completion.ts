import { z } from 'zod';
import { birthDateSchema, countryCodeSchema, genderSchema, mobileSchema, optionalText, requiredText } from './player-fields';

/**
 * POST /ps/quickSignupCompletion — sign-up step 2 (SIGNUP-31…36). Runs the electronic identity
 * and age check; the outcome decides whether the player may play for real.
 */
export const quickSignupCompletionRequestSchema = z.object({
  firstName: requiredText(60),
  lastName: requiredText(60),
  gender: genderSchema,
  birthDate: birthDateSchema().optional(),
  profession: requiredText(100),
  unit: optionalText(40),
  building: optionalText(60),
  address: requiredText(120),
  municipality: requiredText(60),
  country: countryCodeSchema,
  postalCode: optionalText(16),
  city: requiredText(60),
  mobile: mobileSchema,
});
export type QuickSignupCompletionRequest = z.input<typeof quickSignupCompletionRequestSchema>;

export const signupCompletionStatusSchema = z.enum(['SUCCESS', 'ID_CHECK_LOCK', 'KYC_FAILED_LOCK']);
export type SignupCompletionStatus = z.infer<typeof signupCompletionStatusSchema>;

export const quickSignupCompletionResponseSchema = z.object({
  status: signupCompletionStatusSchema,
  registrationStatus: z.enum(['QUICK_REG', 'PLAYER']),
  kycStatus: z.string(),
});
