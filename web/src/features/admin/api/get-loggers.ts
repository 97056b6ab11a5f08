import { useQuery } from '@tanstack/react-query';
import { loggersResponseSchema, type LoggersResponse } from '../../../../../contracts/management/loggers';
import { apiRequest } from '../../../shared/api/api-client';

export const loggersQueryKey = ['management', 'loggers'] as const;

/** GET {management}/loggers (OPS-05). */
export function getLoggers(signal?: AbortSignal): Promise<LoggersResponse> {
  return apiRequest('management', 'loggers', { schema: loggersResponseSchema, signal });
}

export function useLoggers() {
  return useQuery({ queryKey: loggersQueryKey, queryFn: ({ signal }) => getLoggers(signal), staleTime: 0 });
}
