import { z } from 'zod';
import { accountIdentityDocumentSchema } from '../identification/identity-declaration';

/** GET /ps/getPlayerInfo — spec 000 §3 "User info". */
/** QUICK_REG: the quick sign-up, details still to complete; PLAYER: a completed registration. */
export const registrationStatusSchema = z.enum(['QUICK_REG', 'PLAYER']);

export const playerInfoSchema = z.object({
  partyId: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  birthDate: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  language: z.string(),
  currency: z.string(),
  vipStatus: z.string(),
  registrationStatus: registrationStatusSchema,
  kycStatus: z.string(),
  readonlyFields: z.array(z.string()),
  madeDeposit: z.boolean(),
  totalDeposit: z.number(),
  /** The identity document the player was verified with (issue 27); null until verified with one. */
  identityDocument: accountIdentityDocumentSchema.nullable(),
});
export type PlayerInfo = z.infer<typeof playerInfoSchema>;

export const getPlayerInfoResponseSchema = z.object({ status: z.literal('SUCCESS'), user: playerInfoSchema });
