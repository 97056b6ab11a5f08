import { useQuery } from '@tanstack/react-query';
import { healthResponseSchema, type HealthResponse } from '../../../../../contracts/management/health';
import { apiRequest } from '../../../shared/api/api-client';

const healthPath = 'health';

export const healthQueryKey = ['management', 'health'] as const;

/**
 * GET {management}/health (OPS-02). The service answers 503 with the same body when it is DOWN: that
 * is a reading to show, not a failed request, so it comes back as data and without an error toast.
 */
export function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  return apiRequest('management', healthPath, { schema: healthResponseSchema, answerStatuses: [503], signal });
}

export function useHealth() {
  return useQuery({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => getHealth(signal),
    // A health reading is about now: every visit asks again.
    staleTime: 0,
  });
}
