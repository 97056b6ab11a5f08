import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bonusPlanResponseSchema, bonusPlansResponseSchema, type BonusPlanBody } from '../../../../../contracts/back-office/bonus-plans';
import { backOfficeKey, backOfficeRequest } from './back-office-request';

/** The bonus plan editor's calls (issue 29 item 4): every plan with its product, create and change. */
const plansKey = [...backOfficeKey, 'bonus-plans'] as const;

export function useBonusPlans() {
  return useQuery({ queryKey: plansKey, queryFn: ({ signal }) => backOfficeRequest('bonusPlans', { schema: bonusPlansResponseSchema, signal }), retry: false });
}

/** Creates a plan (`planId` null) or changes one. The body may lack a product: the server names it. */
export function useSaveBonusPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, body }: { planId: number | null; body: Partial<BonusPlanBody> }) =>
      backOfficeRequest(planId === null ? 'bonusPlans' : `bonusPlans/${planId}`, {
        method: planId === null ? 'POST' : 'PUT',
        body,
        schema: bonusPlanResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: plansKey }),
  });
}
