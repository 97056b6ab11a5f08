import { useMutation } from '@tanstack/react-query';
import { updatePasswordResponseSchema, type UpdatePasswordRequest } from '../../../../../contracts/platform/accounts/update-password';
import { apiRequest } from '../../../shared/api/api-client';

/** POST {ps}/updatePassword (ACC-14); the form shows a failure itself (ACC-16). */
export function updatePassword(request: UpdatePasswordRequest) {
  return apiRequest('ps', '/updatePassword', { method: 'POST', body: request, schema: updatePasswordResponseSchema, feedback: 'silent' });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
