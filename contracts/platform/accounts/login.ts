import { z } from 'zod';
import { currencySchema } from '../../money';

/**
 * POST /ps/login (SESS-10…13). The session travels only in the HttpOnly cookie; associate
 * accounts list the player's currencies without keys (DEF-05).
 */
export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, { message: 'Please enter your username' }).max(254),
  password: z.string().min(1, { message: 'Please enter your password' }).max(128),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const associateAccountSchema = z.object({
  currency: z.string(),
  isPrimary: z.boolean(),
  active: z.boolean(),
});
export type AssociateAccount = z.infer<typeof associateAccountSchema>;

export const loginResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  partyId: z.string(),
  registrationStatus: z.enum(['QUICK_REG', 'PLAYER']),
  associateAccounts: z.array(associateAccountSchema),
  /** A restricted session (a time-out in force, issue 26 defect 4): when the time-out ends (ISO instant); absent for a full session. */
  restrictedUntil: z.optional(z.string()),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const loginFailureMessages = {
  invalidCredentials: 'Invalid username or password',
  locked: 'Your account is locked. Please contact support.',
} as const;

export const getAssociateAccountsResponseSchema = z.object({
  status: z.literal('SUCCESS'),
  associateAccounts: z.array(associateAccountSchema),
});

/** POST /ps/switchCurrency — the active currency of this session (SESS-23…25). */
export const switchCurrencyRequestSchema = z.object({ currency: currencySchema });
export const logoutResponseSchema = z.object({ status: z.literal('SUCCESS') });
