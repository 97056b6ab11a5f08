import { useQuery } from '@tanstack/react-query';
import { configPropsResponseSchema, envResponseSchema, type ConfigPropsResponse, type EnvResponse } from '../../../../../contracts/management/configuration';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {management}/configprops (OPS-06): the validated configuration, secrets masked by the server. */
export function getConfigProps(signal?: AbortSignal): Promise<ConfigPropsResponse> {
  return apiRequest('management', 'configprops', { schema: configPropsResponseSchema, signal });
}

/** GET {management}/env (OPS-07): Emerald's environment variables and the runtime, secrets masked by the server. */
export function getEnv(signal?: AbortSignal): Promise<EnvResponse> {
  return apiRequest('management', 'env', { schema: envResponseSchema, signal });
}

export function useConfigProps() {
  return useQuery({ queryKey: ['management', 'configprops'], queryFn: ({ signal }) => getConfigProps(signal), staleTime: 30_000 });
}

export function useEnv() {
  return useQuery({ queryKey: ['management', 'env'], queryFn: ({ signal }) => getEnv(signal), staleTime: 30_000 });
}
