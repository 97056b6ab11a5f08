import { quickSignupResponseSchema, type QuickSignupRequest } from '../../../../../contracts/platform/accounts/quick-signup';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/quickSignup (SIGNUP-12): creates the QUICK_REG player; the server sets the session cookie. */
export function quickSignup(request: QuickSignupRequest) {
  return apiRequest('ps', '/quickSignup', { method: 'POST', body: request, schema: quickSignupResponseSchema, feedback: 'silent' });
}
