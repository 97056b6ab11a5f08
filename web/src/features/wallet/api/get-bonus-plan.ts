import { useQuery } from '@tanstack/react-query';
import { getBonusPlanResponseSchema } from '../../../../../contracts/platform/cashier/deposit';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getBonusPlan?id= (DEP-24): a plan's name and image, for a code's plan outside the eligible list. */
export function getBonusPlan(id: number, signal?: AbortSignal) {
  return apiRequest('ps', '/getBonusPlan', {
    query: { id: String(id) },
    schema: getBonusPlanResponseSchema,
    feedback: 'silent',
    ...(signal ? { signal } : {}),
  });
}

export function useBonusPlan(id: number | null) {
  return useQuery({
    queryKey: ['wallet', 'bonus-plan', id],
    queryFn: ({ signal }) => getBonusPlan(id ?? 0, signal),
    enabled: id !== null,
    select: (answer) => answer.bonusPlans[0] ?? null,
  });
}
