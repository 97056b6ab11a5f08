import { z } from 'zod';
import { staffRoleSchema } from './permissions';

/**
 * Staff management (issue 15; NS-28): operators list, create and change staff accounts. A new
 * member has no authenticator: they enrol one at their first sign-in, as every member does. Passwords
 * are never answered back, except one the server generated, once, in the answer that creates it.
 */

export const staffIdParamsSchema = z.object({ staffId: z.uuid({ message: 'Not a staff id' }) }).strict();

const rolesSchema = z
  .array(staffRoleSchema, { message: 'Choose the roles' })
  .min(1, { message: 'Choose at least one role' })
  .max(staffRoleSchema.options.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'A role is named twice' });

/** Long enough that it is not guessed online (the sign-in is throttled too); a member's own password is the second factor's companion, not its substitute. */
export const STAFF_PASSWORD_MIN = 12;

export const staffMemberSchema = z.object({
  staffId: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  roles: z.array(staffRoleSchema),
  /** An authenticator is enrolled; false for a new member and after a reset, until they enrol at sign-in. */
  twoFactorEnrolled: z.boolean(),
  /** The last sign-in that passed two-factor. */
  lastSignInAt: z.iso.datetime().nullable(),
  disabled: z.boolean(),
  /** A time-boxed account: every back-office operation is refused from this instant. */
  accessExpiresAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type StaffMemberView = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });

export const createStaffRequestSchema = z
  .object({
    username: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9][a-z0-9._-]{2,49}$/, { message: 'Use 3–50 letters, digits, dots, dashes or underscores' }),
    displayName: z.string().trim().min(1, { message: 'Please enter a display name' }).max(100, { message: 'At most 100 characters' }),
    email: z.email({ message: 'Please enter a valid e-mail address' }).max(254),
    roles: rolesSchema,
    /** Left out: the server generates one and answers it once. */
    password: z
      .string()
      .min(STAFF_PASSWORD_MIN, { message: `At least ${STAFF_PASSWORD_MIN} characters` })
      .max(200, { message: 'At most 200 characters' })
      .optional(),
  })
  .strict();
export type CreateStaffRequest = z.infer<typeof createStaffRequestSchema>;
export const createStaffResponseSchema = z.object({
  member: staffMemberSchema,
  /** The generated initial password, shown this once; null when the operator set one. */
  generatedPassword: z.string().nullable(),
});

export const setStaffRolesRequestSchema = z.object({ roles: rolesSchema }).strict();
export const setStaffDisabledRequestSchema = z.object({ disabled: z.boolean({ message: 'disabled must be true or false' }) }).strict();
export const setStaffAccessEndRequestSchema = z
  .object({ accessExpiresAt: z.iso.datetime({ offset: true, message: 'Not a date and time' }).nullable() })
  .strict();
export const staffMemberResponseSchema = z.object({ member: staffMemberSchema });
