import { useQuery } from '@tanstack/react-query';
import { threadDumpResponseSchema, type ThreadDumpResponse } from '../../../../../contracts/management/threaddump';
import { apiRequest } from '../../../shared/api/api-client';

export const threadDumpQueryKey = ['management', 'threaddump'] as const;

/** GET {management}/threaddump (OPS-04). */
export function getThreadDump(signal?: AbortSignal): Promise<ThreadDumpResponse> {
  return apiRequest('management', 'threaddump', { schema: threadDumpResponseSchema, signal });
}

export function useThreadDump() {
  // A dump is taken when asked for: no polling, a new one on Refresh.
  return useQuery({ queryKey: threadDumpQueryKey, queryFn: ({ signal }) => getThreadDump(signal), staleTime: Infinity });
}
