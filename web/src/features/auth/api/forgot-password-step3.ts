import { passwordResetResponseSchema, type ForgotPasswordStep3Request } from '../../../../../contracts/platform/accounts/password-reset';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/forgotPasswordStep3 (SESS-28): sets the new password with the key from the e-mail. */
export function forgotPasswordStep3(request: ForgotPasswordStep3Request) {
  return apiRequest('ps', '/forgotPasswordStep3', { method: 'POST', body: request, schema: passwordResetResponseSchema, feedback: 'silent' });
}
