import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setLoggerLevelResponseSchema, type LogLevel, type SetLoggerLevelResponse } from '../../../../../contracts/management/loggers';
import { apiRequest } from '../../../shared/api/api-client';
import { loggersQueryKey } from './get-loggers';

/** POST {management}/loggers/{loggerName} with configuredLevel (OPS-08); null follows ROOT again. */
export function setLoggerLevel(loggerName: string, configuredLevel: LogLevel | null): Promise<SetLoggerLevelResponse> {
  return apiRequest('management', `loggers/${encodeURIComponent(loggerName)}`, {
    method: 'POST',
    body: { configuredLevel },
    schema: setLoggerLevelResponseSchema,
  });
}

export function useSetLoggerLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ loggerName, configuredLevel }: { loggerName: string; configuredLevel: LogLevel | null }) => setLoggerLevel(loggerName, configuredLevel),
    // A ROOT change moves every module that follows it: read them all again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: loggersQueryKey }),
  });
}
