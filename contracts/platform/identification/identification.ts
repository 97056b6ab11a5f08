import { z } from 'zod';

/**
 * The identification page (spec 001 §2 Identification page, §5, §7 "Documents and identity";
 * KYC-*): its field and format rules, shared by the portal's forms and the server.
 */

/** KYC-10: the identity documents a player may identify with, and their codes. */
export const identifierCodes = ['IDENTITY_CARD', 'PASSPORT', 'driving_license'] as const;
export const identifierSchema = z.enum(identifierCodes, { message: 'Please choose a document' });
export type IdentifierCode = z.infer<typeof identifierSchema>;

/**
 * KYC-11…13, KYC-15: ID number formats. ID card: 6 digits and 2 letters. Passport: 2 letters, a
 * digit, then 5 or 6 characters of any kind. Driving licence: 1 or 2 letters and 6 digits, or 6
 * digits. With no identifier chosen the ID card rule applies.
 */
export const idNumberPatterns: Record<IdentifierCode, RegExp> = {
  IDENTITY_CARD: /^\d{6}[A-Za-z]{2}$/,
  PASSPORT: /^[A-Za-z]{2}\d\S{5,6}$/,
  driving_license: /^(?:[A-Za-z]{1,2}\d{6}|\d{6})$/,
};
export const INCORRECT_FORMAT = 'Incorrect format';

export function isValidIdNumber(value: string, identifier: IdentifierCode | undefined | null): boolean {
  return idNumberPatterns[identifier ?? 'IDENTITY_CARD'].test(value.trim());
}

/** KYC-22: the key-public-figure (PEP) answers, exactly. */
export const publicFigureAnswers = {
  yes: 'Yes, I am a prominent public figure',
  no: 'No, I am not a prominent public figure',
} as const;
export const publicFigureSchema = z.enum(['yes', 'no'], { message: 'Please answer this question' });

/** KYC-04…06: the tab the query `identification` selects. */
export type IdentificationTab = 'CARD' | 'ID' | 'DOCUMENT';
export function identificationTab(query: string | null): IdentificationTab {
  if (query === 'VIP' || query === 'FVIP') return 'CARD';
  if (query === 'ID') return 'ID';
  return 'DOCUMENT';
}

/** A casino access card number as printed: 8 to 20 digits. */
export const cardIdSchema = z
  .string()
  .trim()
  .regex(/^\d{8,20}$/, { message: 'Please enter the number on your card' });

/** GET /ps/getUserKycInfo (KYC-23): the card holder's data from the identity provider. */
export const getUserKycInfoQuerySchema = z.object({
  type: z.literal('OTHER', { message: 'type must be OTHER' }),
  cardId: cardIdSchema,
  identifierKind: z.literal('CASINO_CARD', { message: 'identifierKind must be CASINO_CARD' }),
});

/** KYC-24. */
export const kycInfoSchema = z.object({
  token: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  country: z.string(),
  birthDate: z.string(),
  extraFields: z.object({ birthName: z.string(), motherName: z.string(), birthPlace: z.string() }),
});
export type KycInfo = z.infer<typeof kycInfoSchema>;

/** NOT_FOUND and GENERIC_ERROR are answers, not failures of the call: they hide the card tab (KYC-07). */
export const getUserKycInfoResponseSchema = z.object({ status: z.enum(['SUCCESS', 'NOT_FOUND', 'GENERIC_ERROR']), info: kycInfoSchema.nullable() });
export type GetUserKycInfoResponse = z.infer<typeof getUserKycInfoResponseSchema>;

const shortText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'This field is required' })
    .max(max, { message: `At most ${max} characters` });

/** KYC-28: the extra fields, by the provider's names. */
export const kycExtraFieldsSchema = z.object({
  MOTHER_LAST_NAME: shortText(60),
  MOTHER_FIRST_NAME: shortText(60).optional(),
  LAST_NAME: shortText(60),
  FIRST_NAME: shortText(60),
  BIRTH_DATE: z.iso.date({ message: 'Use the format YYYY-MM-DD' }).optional(),
  BIRTH_PLACE: shortText(60),
});

/**
 * POST /ps/userKycCheck (KYC-25, KYC-27, KYC-28): a card check (type OTHER with the look-up's
 * token) or an identity-document check (type ID). The document's number must have its format.
 */
export const userKycCheckRequestSchema = z
  .object({
    token: z.string().max(400).default(''),
    type: z.enum(['OTHER', 'ID'], { message: 'type must be OTHER or ID' }),
    identifierValue: z.string().trim().min(1, { message: 'This field is required' }).max(40),
    identifierKind: z.enum(['CASINO_CARD', 'DOCUMENT_IDENTIFIER'], { message: 'identifierKind must be CASINO_CARD or DOCUMENT_IDENTIFIER' }),
    identifier: identifierSchema.optional(),
    extraFields: kycExtraFieldsSchema,
    /** The ID flow's other answers: document expiry, address, address card (kept with the check). */
    expiryDate: z.iso.date({ message: 'Use the format YYYY-MM-DD' }).optional(),
    address: z.object({ streetAddress: shortText(120), city: shortText(60), postalCode: shortText(16), addressCardNumber: shortText(20) }).optional(),
    publicFigure: publicFigureSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.type === 'OTHER' && body.identifierKind !== 'CASINO_CARD')
      context.addIssue({ code: 'custom', path: ['identifierKind'], message: 'A card check names a CASINO_CARD' });
    if (body.type === 'ID' && body.identifierKind !== 'DOCUMENT_IDENTIFIER')
      context.addIssue({ code: 'custom', path: ['identifierKind'], message: 'An ID check names a DOCUMENT_IDENTIFIER' });
    if (body.type === 'OTHER' && !body.token) context.addIssue({ code: 'custom', path: ['token'], message: 'Look the card up first' });
    if (body.type === 'ID') {
      if (!isValidIdNumber(body.identifierValue, body.identifier)) context.addIssue({ code: 'custom', path: ['identifierValue'], message: INCORRECT_FORMAT });
      if (!body.publicFigure) context.addIssue({ code: 'custom', path: ['publicFigure'], message: 'Please answer this question' });
      if (!body.expiryDate) context.addIssue({ code: 'custom', path: ['expiryDate'], message: 'This field is required' });
      else if (body.expiryDate < new Date().toISOString().slice(0, 10))
        context.addIssue({ code: 'custom', path: ['expiryDate'], message: 'The document has expired' });
      if (!body.address) context.addIssue({ code: 'custom', path: ['address'], message: 'This field is required' });
    }
  });
export type UserKycCheckRequest = z.input<typeof userKycCheckRequestSchema>;

/** SUCCESS: the player may now play for real (KYC-30, KYC-32); a failed check answers 403 KYCFAILED (KYC-34). */
export const userKycCheckResponseSchema = z.object({ status: z.literal('SUCCESS'), kycStatus: z.string() });

/** GET /ps/getIdentificationStatus: what the identification page needs to decide what to show (DIS-09). */
export const getIdentificationStatusResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  registrationStatus: z.enum(['QUICK_REG', 'PLAYER']),
  kycStatus: z.string(),
  mayPlayForReal: z.boolean(),
  documentsAwaitingReview: z.boolean(),
  /** Which identification form the player's country uses (issue 27): DOCUMENT for Ireland and Great Britain. */
  identityScheme: z.enum(['DOCUMENT', 'REGISTER']),
});
export type GetIdentificationStatusResponse = z.infer<typeof getIdentificationStatusResponseSchema>;
