import { useQuery } from '@tanstack/react-query';
import { getLimitsResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey } from './query-keys';

/** GET {ps}/getLimits (RG-23): the loss and wager limits, their pending changes and usage. */
export function useLossAndWagerLimits() {
  return useQuery({
    queryKey: [...limitsQueryKey, 'loss-wager'],
    queryFn: ({ signal }) => apiRequest('ps', '/getLimits', { schema: getLimitsResponseSchema, signal }),
  });
}
