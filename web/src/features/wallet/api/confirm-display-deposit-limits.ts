import { useMutation, useQueryClient } from '@tanstack/react-query';
import { confirmDisplayDepositLimitsResponseSchema } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';
import { displayDepositLimitsQueryOptions } from './get-display-deposit-limits';

/** POST {ps}/confirmDisplayDepositLimits (DEP-04): the player has seen the deposit-limit screen. */
export function confirmDisplayDepositLimits() {
  return apiRequest('ps', '/confirmDisplayDepositLimits', { method: 'POST', body: {}, schema: confirmDisplayDepositLimitsResponseSchema });
}

export function useConfirmDisplayDepositLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDisplayDepositLimits,
    // Not shown again (DEP-04): the wizard moves on at once, then reads the server's word.
    onSuccess: async () => {
      queryClient.setQueryData(displayDepositLimitsQueryOptions.queryKey, (current) => (current ? { ...current, displayDepositLimits: false } : current));
      await queryClient.invalidateQueries({ queryKey: displayDepositLimitsQueryOptions.queryKey });
    },
  });
}
