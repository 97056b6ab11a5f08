import { useMutation, useQueryClient } from '@tanstack/react-query';
import { limitChangeResponseSchema, type FixedPeriod } from '../../../../../contracts/platform/limits/limits';
import { apiRequest } from '../../../shared/api/api-client';
import { refetchLimits } from './query-keys';

const field = { Daily: 'dailyLimit', Weekly: 'weeklyLimit', Monthly: 'monthlyLimit' } as const;

/** POST {ps}/setPersonalDepositLimits (RG-15, DIS-04): exactly one period per call, the canonical reading. */
export function setPersonalDepositLimit(period: FixedPeriod, limit: number | null) {
  return apiRequest('ps', '/setPersonalDepositLimits', {
    method: 'POST',
    body: { [field[period]]: limit },
    schema: limitChangeResponseSchema,
    feedback: 'silent',
  });
}

export function useSetPersonalDepositLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ period, limit }: { period: FixedPeriod; limit: number | null }) => setPersonalDepositLimit(period, limit),
    onSuccess: () => refetchLimits(queryClient),
  });
}
