import type { z } from 'zod';
import { signupConfirmationResponseSchema } from '../../../../../contracts/platform/accounts/signup';
import { apiRequest } from '../../../shared/api/api-client';

export type SignupConfirmationResponse = z.infer<typeof signupConfirmationResponseSchema>;

/** POST {ps}/signupConfirmation (SIGNUP-52): the server confirms the e-mail and sets the session cookie. */
export function confirmSignup(request: { confirmationCode: string; email: string }): Promise<SignupConfirmationResponse> {
  return apiRequest('ps', '/signupConfirmation', { method: 'POST', body: request, schema: signupConfirmationResponseSchema, feedback: 'silent' });
}
