import { z } from 'zod';
import { emailSchema, fieldMessages, mobileSchema, optionalText, requiredText } from './player-fields';

/**
 * The profile fields by the names readonlyFields uses (ACC-10) and the request field each stands
 * for. The server refuses a change to any field in the player's readonlyFields (ACC-11).
 */
export const profileFieldNames = {
  USER_ID: 'userName',
  FIRST_NAME: 'firstName',
  LAST_NAME: 'lastName',
  BIRTH_DATE: 'birthDate',
  CURRENCY: 'currency',
  COUNTRY: 'country',
  LANGUAGE: 'language',
  MOBILE_PHONE: 'mobilePhone',
  EMAIL: 'email',
  ADDRESS: 'address',
  CITY: 'city',
  POSTALCODE: 'postalCode',
} as const;
export type ProfileFieldName = keyof typeof profileFieldNames;

/**
 * ACC-08: shown but never changed from the account page — the sign-in name, the currency, the
 * country whose rules the player plays under and the language of the profile.
 */
export const alwaysReadonlyFields: readonly ProfileFieldName[] = ['USER_ID', 'CURRENCY', 'COUNTRY', 'LANGUAGE'];
/** Once sign-up is complete the name and date of birth are the ones the identity check confirmed. */
export const identityReadonlyFields: readonly ProfileFieldName[] = ['FIRST_NAME', 'LAST_NAME', 'BIRTH_DATE'];

/**
 * POST /ps/updatePlayerInfo (ACC-18…22): the contact details. mobilePhone, address and email are
 * required (ACC-19); the other profile fields may be sent (the portal sends what it shows) and are
 * refused when read-only and different from the stored value. A new e-mail address takes effect
 * only when the link sent to it is followed.
 */
export const updatePlayerInfoRequestSchema = z.object({
  mobilePhone: mobileSchema,
  address: requiredText(160),
  email: emailSchema,
  city: optionalText(60),
  postalCode: optionalText(16),
  userName: z.string().max(64).optional(),
  firstName: z.string().max(60).optional(),
  lastName: z.string().max(60).optional(),
  birthDate: z.string().max(10).optional(),
  currency: z.string().max(3).optional(),
  country: z.string().max(2).optional(),
  language: z.string().max(5).optional(),
});
export type UpdatePlayerInfoRequest = z.input<typeof updatePlayerInfoRequestSchema>;

export const updatePlayerInfoMessages = {
  readOnly: 'This field cannot be changed',
  emailInUse: 'This e-mail address cannot be used',
  emailConfirmationSent: 'We have sent a confirmation link to your new e-mail address. It takes effect when you follow the link.',
  required: fieldMessages.required,
} as const;

export const updatePlayerInfoResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  /** The new e-mail address waiting for confirmation, when the request asked for one. */
  pendingEmail: z.string().nullable(),
});

/** POST /ps/confirmEmailChange — the link sent to a new e-mail address (signed in as the same player). */
export const confirmEmailChangeRequestSchema = z.object({
  code: z.string().trim().min(1, { message: 'The confirmation code is missing' }).max(128),
});
export const confirmEmailChangeResponseSchema = z.object({ status: z.literal('SUCCESS'), email: z.string() });
export const confirmEmailChangeMessages = {
  invalid: 'This confirmation link is not valid or has expired.',
} as const;
