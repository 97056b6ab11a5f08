import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePlayerInfoResponseSchema, type UpdatePlayerInfoRequest } from '../../../../../contracts/platform/accounts/update-player-info';
import { apiRequest } from '../../../shared/api/api-client';
import { playerInfoQueryKey } from '../../../shared/session/api/get-player-info';

/** POST {ps}/updatePlayerInfo (ACC-20); success reloads the player info (ACC-21). */
export function updatePlayerInfo(request: UpdatePlayerInfoRequest) {
  return apiRequest('ps', '/updatePlayerInfo', { method: 'POST', body: request, schema: updatePlayerInfoResponseSchema, feedback: 'silent' });
}

export function useUpdatePlayerInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlayerInfo,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerInfoQueryKey }),
  });
}
