import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateStoredCardResponseSchema } from '../../../../../contracts/platform/cashier/stored-cards';
import type { PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';
import { storedCardsQueryKey } from './get-stored-cards';

type UpdateStoredCardRequest =
  | { paymentMethod: PaymentMethodCode; action: 'add'; language: string }
  | { paymentMethod: PaymentMethodCode; action: 'delete'; storedToken: string };

/**
 * POST {ps}/updateStoredCard: `add` answers the hosted card page to show (DEP-49); `delete`
 * removes a card by the token the server gave with it (DEP-50, DEF-16).
 */
export function updateStoredCard(request: UpdateStoredCardRequest) {
  return apiRequest('ps', '/updateStoredCard', { method: 'POST', body: request, schema: updateStoredCardResponseSchema });
}

export function useUpdateStoredCard(paymentMethod: PaymentMethodCode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStoredCard,
    onSuccess: (_answer, request) => {
      if (request.action === 'delete') void queryClient.invalidateQueries({ queryKey: storedCardsQueryKey(paymentMethod) });
    },
  });
}
