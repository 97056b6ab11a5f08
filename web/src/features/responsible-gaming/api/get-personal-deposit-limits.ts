import { useQuery } from '@tanstack/react-query';
import { getPersonalDepositLimitsResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey } from './query-keys';

/** GET {ps}/getPersonalDepositLimits (RG-13): per Daily, Weekly, Monthly the limit, its max, a pending change and live usage. */
export function usePersonalDepositLimits() {
  return useQuery({
    queryKey: [...limitsQueryKey, 'personal-deposit-limits'],
    queryFn: ({ signal }) => apiRequest('ps', '/getPersonalDepositLimits', { schema: getPersonalDepositLimitsResponseSchema, signal }),
  });
}
