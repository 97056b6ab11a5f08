import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRealityCheckResponseSchema, limitChangeResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey, refetchLimits } from './query-keys';
import { playStatusQueryKey } from './play-status';

/** GET {ps}/getRealityCheck (RG-33): the reminder interval in minutes, 0 = not set. */
export function useRealityCheck() {
  return useQuery({
    queryKey: [...limitsQueryKey, 'reality-check'],
    queryFn: ({ signal }) => apiRequest('ps', '/getRealityCheck', { schema: getRealityCheckResponseSchema, signal }),
  });
}

/** POST {ps}/updateRealityCheck (RG-36); the portal's reminder reads the new interval at once. */
export function useUpdateRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (interval: number) =>
      apiRequest('ps', '/updateRealityCheck', { method: 'POST', body: { interval }, schema: limitChangeResponseSchema, feedback: 'silent' }),
    onSuccess: () => Promise.all([refetchLimits(queryClient), queryClient.invalidateQueries({ queryKey: playStatusQueryKey })]),
  });
}
