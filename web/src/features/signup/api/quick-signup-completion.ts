import { quickSignupCompletionResponseSchema, type QuickSignupCompletionRequest } from '../../../../../contracts/platform/accounts/quick-signup-completion';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/quickSignupCompletion (SIGNUP-31): completes the profile and runs the identity check. */
export function quickSignupCompletion(request: QuickSignupCompletionRequest) {
  return apiRequest('ps', '/quickSignupCompletion', {
    method: 'POST',
    body: request,
    schema: quickSignupCompletionResponseSchema,
    feedback: 'silent',
  });
}
