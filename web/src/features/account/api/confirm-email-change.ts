import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmEmailChangeResponseSchema } from '../../../../../contracts/platform/accounts/update-player-info';
import { apiRequest } from '../../../shared/api/api-client';
import { playerInfoQueryKey } from '../../../shared/session/api/get-player-info';

/** POST {ps}/confirmEmailChange: the link sent to a new e-mail address (ACC-20). */
export function confirmEmailChange(code: string) {
  return apiRequest('ps', '/confirmEmailChange', { method: 'POST', body: { code }, schema: confirmEmailChangeResponseSchema, feedback: 'silent' });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerInfoQueryKey }),
  });
}
