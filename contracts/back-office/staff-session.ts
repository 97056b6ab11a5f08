import { z } from 'zod';
import { staffPermissionSchema, staffRoleSchema } from './permissions';

/**
 * Staff sign-in (issue 15): a password, then a TOTP code, always. The first sign-in of a member
 * without an authenticator enrols one (secret and QR code) and confirms it with a code. Until the
 * code is accepted the staff session opens nothing but the two-factor step.
 */
export const staffSignInRequestSchema = z
  .object({
    username: z.string().trim().min(1, { message: 'Please enter your username' }).max(100),
    password: z.string().min(1, { message: 'Please enter your password' }).max(200),
  })
  .strict();
export type StaffSignInRequest = z.infer<typeof staffSignInRequestSchema>;

/** What the second step is: ENROL (no authenticator yet) or VERIFY. */
export const twoFactorStepSchema = z.enum(['ENROL', 'VERIFY']);
export const staffSignInResponseSchema = z.object({ twoFactor: twoFactorStepSchema });

export const twoFactorEnrolmentResponseSchema = z.object({
  /** The base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as a PNG data URL. */
  qrCode: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentResponseSchema>;

export const twoFactorCodeRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your authenticator' }),
  })
  .strict();

export const staffMeResponseSchema = z.object({
  staffId: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  /** The name players see on the member's channel and support messages; null: the team's label. */
  publicName: z.string().nullable(),
  roles: z.array(staffRoleSchema),
  permissions: z.array(staffPermissionSchema),
  /** Minutes without use after which the session ends. */
  idleTimeoutMinutes: z.number().int(),
});
export type StaffMe = z.infer<typeof staffMeResponseSchema>;

export const okResponseSchema = z.object({ status: z.literal('SUCCESS') });

export const STAFF_PUBLIC_NAME_MAX = 40;

/**
 * A member sets the name players see on their messages (or null: "Emerald team"). Letters of any
 * script, digits, spaces and . ' - only, starting with a letter or digit: a name, not markup or a
 * link. The server also refuses any staff member's sign-in name, the one thing it must not be.
 */
export const publicNameRequestSchema = z
  .object({
    publicName: z
      .string({ message: 'Enter a name, or leave it empty for the team' })
      .trim()
      .min(2, { message: 'At least 2 characters' })
      .max(STAFF_PUBLIC_NAME_MAX, { message: `At most ${STAFF_PUBLIC_NAME_MAX} characters` })
      .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N} .'’-]*$/u, { message: "Use letters, digits, spaces and . ' - only" })
      .nullable(),
  })
  .strict();
export type PublicNameRequest = z.infer<typeof publicNameRequestSchema>;
export const publicNameResponseSchema = z.object({ publicName: z.string().nullable() });
