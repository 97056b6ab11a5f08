import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSessionLimitResponseSchema, limitChangeResponseSchema } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey, refetchLimits } from './query-keys';

/** GET {ps}/getSessionLimit (RG-28): minutes per play session (0 = OFF), a pending change and usage. */
export function useSessionLimit() {
  return useQuery({
    queryKey: [...limitsQueryKey, 'session-limit'],
    queryFn: ({ signal }) => apiRequest('ps', '/getSessionLimit', { schema: getSessionLimitResponseSchema, signal }),
  });
}

/** POST {ps}/updateSessionLimit (RG-32, DIS-06: the client sends `limit`). */
export function useUpdateSessionLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limit: number) =>
      apiRequest('ps', '/updateSessionLimit', { method: 'POST', body: { limit }, schema: limitChangeResponseSchema, feedback: 'silent' }),
    onSuccess: () => refetchLimits(queryClient),
  });
}
