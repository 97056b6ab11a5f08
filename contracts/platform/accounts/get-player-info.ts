import { z } from 'zod';

/** GET /ps/getPlayerInfo — spec 000 §3 "User info". */
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
  registrationStatus: z.enum(['QUICK_REG', 'PLAYER']),
  kycStatus: z.string(),
  readonlyFields: z.array(z.string()),
  madeDeposit: z.boolean(),
  totalDeposit: z.number(),
});
export type PlayerInfo = z.infer<typeof playerInfoSchema>;

export const getPlayerInfoResponseSchema = z.object({ status: z.literal('SUCCESS'), user: playerInfoSchema });
