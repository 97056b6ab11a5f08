import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStoredCardsResponseSchema, type StoredCardPurpose } from '../../../../../contracts/platform/cashier/stored-cards';
import type { PaymentMethodCode } from '../../../../../contracts/platform/cashier/payment-methods';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * GET {ps}/getStoredCards: the cards of a card method the player may pay with (DEP-48), or with
 * purpose `withdrawal` the cards money may go back to: every card deposited from, saved or not
 * (closed loop, WDR-11).
 */
export function getStoredCards(paymentMethod: PaymentMethodCode, purpose: StoredCardPurpose = 'deposit', signal?: AbortSignal) {
  const query = purpose === 'deposit' ? { paymentMethod } : { paymentMethod, purpose };
  return apiRequest('ps', '/getStoredCards', { query, schema: getStoredCardsResponseSchema, ...(signal ? { signal } : {}) });
}

/** Both lists of a method: adding or deleting a card changes either. */
export const storedCardsQueryKey = (paymentMethod: PaymentMethodCode) => ['wallet', 'stored-cards', paymentMethod] as const;

export const storedCardsQueryOptions = (paymentMethod: PaymentMethodCode, purpose: StoredCardPurpose = 'deposit') =>
  queryOptions({
    queryKey: [...storedCardsQueryKey(paymentMethod), purpose],
    queryFn: ({ signal }) => getStoredCards(paymentMethod, purpose, signal),
    select: (answer) => answer.creditCards,
    staleTime: 0,
  });

export function useStoredCards(paymentMethod: PaymentMethodCode, purpose: StoredCardPurpose = 'deposit') {
  return useQuery(storedCardsQueryOptions(paymentMethod, purpose));
}
