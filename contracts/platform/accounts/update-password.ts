import { z } from 'zod';
import { passwordSchema } from './player-fields';

/**
 * POST /ps/updatePassword (ACC-12…17): the current password is checked; the new one follows the
 * sign-up rule (DEF-24). Success ends the player's other sessions and tells them by e-mail.
 */
export const updatePasswordMessages = {
  required: 'Please enter your current password',
  wrong: 'The current password is not correct',
  same: 'The new password must differ from the current one',
  success: 'Your Password has been updated.',
} as const;

export const updatePasswordRequestSchema = z.object({
  oldPassword: z.string({ message: updatePasswordMessages.required }).min(1, { message: updatePasswordMessages.required }).max(128),
  newPassword: passwordSchema,
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const updatePasswordResponseSchema = z.object({ status: z.literal('SUCCESS'), message: z.string() });
