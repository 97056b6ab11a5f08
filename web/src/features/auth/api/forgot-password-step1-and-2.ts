import { passwordResetResponseSchema } from '../../../../../contracts/platform/accounts/password-reset';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/forgotPasswordStep1And2 (SESS-26): answers alike for every e-mail (SESS-27). */
export function forgotPasswordStep1And2(email: string) {
  return apiRequest('ps', '/forgotPasswordStep1And2', { method: 'POST', body: { email }, schema: passwordResetResponseSchema, feedback: 'silent' });
}
