import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStoredCardsResponseSchema } from '../../../../../contracts/platform/cashier/stored-cards';
import type { PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/** GET {ps}/getStoredCards (DEP-48): the player's stored cards for a card method. */
export function getStoredCards(paymentMethod: PaymentMethodCode, signal?: AbortSignal) {
  return apiRequest('ps', '/getStoredCards', { query: { paymentMethod }, schema: getStoredCardsResponseSchema, ...(signal ? { signal } : {}) });
}

export const storedCardsQueryOptions = (paymentMethod: PaymentMethodCode) =>
  queryOptions({
    queryKey: ['wallet', 'stored-cards', paymentMethod],
    queryFn: ({ signal }) => getStoredCards(paymentMethod, signal),
    select: (answer) => answer.creditCards,
    staleTime: 0,
  });

export function useStoredCards(paymentMethod: PaymentMethodCode) {
  return useQuery(storedCardsQueryOptions(paymentMethod));
}
