import { useQuery } from '@tanstack/react-query';
import { jhiMetricsResponseSchema, type JhiMetricsResponse } from '../../../../../contracts/management/jhimetrics';
import { apiRequest } from '../../../shared/api/api-client';

export const metricsQueryKey = ['management', 'jhimetrics'] as const;

/** How often the open metrics view takes a reading; the charts are built from consecutive readings. */
export const METRICS_POLL_MS = 5_000;

/** GET {management}/jhimetrics (OPS-03). */
export function getMetrics(signal?: AbortSignal): Promise<JhiMetricsResponse> {
  return apiRequest('management', 'jhimetrics', { schema: jhiMetricsResponseSchema, signal });
}

export function useMetrics() {
  return useQuery({
    queryKey: metricsQueryKey,
    queryFn: ({ signal }) => getMetrics(signal),
    staleTime: 0,
    refetchInterval: METRICS_POLL_MS,
    refetchIntervalInBackground: false,
  });
}
