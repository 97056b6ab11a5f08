import { useQuery } from '@tanstack/react-query';
import { getPendingConfirmationLimitResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey } from './query-keys';

/** GET {ps}/getPendingConfirmationLimit (RG-20): the changes waiting for their cooling-off and the player's confirmation. */
export function usePendingConfirmationLimits() {
  return useQuery({
    queryKey: [...limitsQueryKey, 'pending'],
    queryFn: ({ signal }) => apiRequest('ps', '/getPendingConfirmationLimit', { schema: getPendingConfirmationLimitResponseSchema, signal }),
  });
}
