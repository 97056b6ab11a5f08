import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getResponsibleGamingLimitResponseSchema,
  limitChangeResponseSchema,
  type LimitType,
  type PeriodType,
} from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { limitsQueryKey, refetchLimits } from './query-keys';

/** GET {ps}/getResponsibleGamingLimit (RG-38): the dynamic limits of these types. */
export function useResponsibleGamingLimits(limitTypes: readonly LimitType[]) {
  return useQuery({
    queryKey: [...limitsQueryKey, 'dynamic', limitTypes.join(',')],
    queryFn: ({ signal }) =>
      apiRequest('ps', '/getResponsibleGamingLimit', { query: { limitTypes: limitTypes.join(',') }, schema: getResponsibleGamingLimitResponseSchema, signal }),
  });
}

export interface DynamicLimitChange {
  limitType: LimitType;
  periodType: PeriodType;
  limit: number;
  /** Present for a new limit (RG-43, RG-44); an existing one is updated in place (RG-42). */
  expiryDate?: string;
}

/** POST {ps}/updateResponsibleGamingLimit when the limit exists (RG-42), else POST {ps}/addResponsibleGamingLimit (RG-43), DEF-08. */
export function useSaveResponsibleGamingLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ expiryDate, ...change }: DynamicLimitChange) =>
      expiryDate === undefined
        ? apiRequest('ps', '/updateResponsibleGamingLimit', { method: 'POST', body: change, schema: limitChangeResponseSchema, feedback: 'silent' })
        : apiRequest('ps', '/addResponsibleGamingLimit', {
            method: 'POST',
            body: { ...change, expiryDate },
            schema: limitChangeResponseSchema,
            feedback: 'silent',
          }),
    onSuccess: () => refetchLimits(queryClient),
  });
}
