import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { storedCardsQueryKey } from '../../api/get-stored-cards';
import { useUpdateStoredCard } from '../../api/update-stored-card';
import type { ProviderMessage } from './provider-frame';

/**
 * DEP-49: adding a card opens the provider's hosted card page (the continue address of
 * updateStoredCard add) in the wallet; when it says the card is stored, the list is read again
 * and the player is back at the list.
 */
export function useAddCard(paymentMethod: PaymentMethodCode) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateStoredCard(paymentMethod);
  const [continueUrl, setContinueUrl] = useState<string | null>(null);
  return {
    continueUrl,
    starting: update.isPending && update.variables.action === 'add',
    failed: update.isError && update.variables.action === 'add',
    start() {
      update.mutate(
        { paymentMethod, action: 'add', language: i18n.language === 'mk' ? 'mk' : 'en' },
        { onSuccess: (answer) => setContinueUrl(answer.continueUrl) },
      );
    },
    cancel: () => setContinueUrl(null),
    onMessage(message: ProviderMessage) {
      if (message.kind !== 'card-stored') return;
      setContinueUrl(null);
      void queryClient.invalidateQueries({ queryKey: storedCardsQueryKey(paymentMethod) });
    },
    remove(storedToken: string) {
      update.mutate({ paymentMethod, action: 'delete', storedToken });
    },
    removing: update.isPending && update.variables.action === 'delete',
  };
}
