import { useMutation, useQueryClient } from '@tanstack/react-query';
import { limitChangeResponseSchema, type FixedPeriod } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { refetchLimits } from './query-keys';

export type MoneyLimitKind = 'loss' | 'wager';
const operation = { loss: '/updateLossLimit', wager: '/updateWagerLimit' } as const;

/** POST {ps}/updateLossLimit, {ps}/updateWagerLimit (RG-25, RG-26): the limit (null removes it) and its period (Weekly by default, RG-27). */
export function useUpdateMoneyLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, limit, limitPeriod }: { kind: MoneyLimitKind; limit: number | null; limitPeriod: FixedPeriod }) =>
      apiRequest('ps', operation[kind], { method: 'POST', body: { limit, limitPeriod }, schema: limitChangeResponseSchema, feedback: 'silent' }),
    onSuccess: () => refetchLimits(queryClient),
  });
}
