import { useQuery } from '@tanstack/react-query';
import { getDisplayPeriodLimitsResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey } from './query-keys';

/** GET {ps}/getDisplayPeriodLimits (RG-07): the server's message about the player's period limits. */
export function useDisplayPeriodLimits() {
  return useQuery({
    queryKey: [...limitsQueryKey, 'display-period-limits'],
    queryFn: ({ signal }) => apiRequest('ps', '/getDisplayPeriodLimits', { schema: getDisplayPeriodLimitsResponseSchema, signal, feedback: 'silent' }),
  });
}
