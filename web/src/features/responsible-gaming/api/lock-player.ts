import { useMutation } from '@tanstack/react-query';
import { lockPlayerResponseSchema, type LockPlayerRequest } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * POST {ps}/lockPlayer (RG-52, RG-54, RG-60): the server ends every session of the player at
 * once, so nothing is refetched afterwards: the lock notice takes the player home signed out.
 */
export function useLockPlayer() {
  return useMutation({
    mutationFn: (request: LockPlayerRequest) =>
      apiRequest('ps', '/lockPlayer', { method: 'POST', body: request, schema: lockPlayerResponseSchema, feedback: 'silent' }),
  });
}
