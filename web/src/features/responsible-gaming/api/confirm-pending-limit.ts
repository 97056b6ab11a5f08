import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmPendingLimitResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { refetchLimits } from './query-keys';

/** POST {ps}/confirmPendingLimit (RG-21, RG-22, DEF-08): apply a pending change once confirmable, or drop it. */
export function useConfirmPendingLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'confirm' | 'cancel' }) =>
      apiRequest('ps', '/confirmPendingLimit', {
        method: 'POST',
        body: action === 'confirm' ? { confirmId: [id] } : { cancelId: [id] },
        schema: confirmPendingLimitResponseSchema,
        feedback: 'silent',
      }),
    onSuccess: () => refetchLimits(queryClient),
  });
}
