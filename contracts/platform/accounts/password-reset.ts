import { z } from 'zod';
import { emailSchema, passwordSchema } from './player-fields';

/**
 * Forgot password (SESS-26…30, DEF-07, DEF-08): both steps are POSTs with a JSON body. Step 1–2
 * answers the same whether or not the e-mail belongs to an account.
 */
export const forgotPasswordStep1And2RequestSchema = z.object({ email: emailSchema });
export const forgotPasswordStep3RequestSchema = z.object({
  email: emailSchema,
  resetPasswordKey: z.string().trim().min(1, { message: 'Please enter the reset key from the e-mail' }).max(128),
  newPassword: passwordSchema,
});
export type ForgotPasswordStep3Request = z.infer<typeof forgotPasswordStep3RequestSchema>;

export const passwordResetMessages = {
  requested: 'If the information you entered is correct, you will receive an e-mail with instructions to reset your password.',
  success: 'Successfully reset password! Log in to start playing.',
  invalidKey: 'This reset key is not valid or has expired. Please request a new one.',
} as const;

export const passwordResetResponseSchema = z.object({ status: z.literal('SUCCESS'), message: z.string() });
