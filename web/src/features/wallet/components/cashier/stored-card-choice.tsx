import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import type { StoredCard, StoredCardPurpose } from '../../../../../../contracts/platform/cashier/stored-cards';
import { FormAlert } from '../../../../shared/components/form-fields';
import { useStoredCards } from '../../api/get-stored-cards';
import { PanelLoadFailed, PanelLoading } from './panel-states';
import { ProviderFrame } from './provider-frame';
import { StepActions } from './step-actions';
import { StoredCardList } from './stored-card-list';
import { useAddCard } from './use-add-card';
import { usePaymentMethodDisplay } from './use-payment-method-display';

/**
 * The stored cards of a card method, the one the player has chosen, and adding a card
 * (DEP-47…50, WDR-09, WDR-11). A deposit offers the cards saved to pay with; a withdrawal every
 * card deposited from, saved or not (closed loop).
 */
export function useStoredCardChoice(methodCode: PaymentMethodCode, purpose: StoredCardPurpose = 'deposit') {
  const cards = useStoredCards(methodCode, purpose);
  const addCard = useAddCard(methodCode);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = cards.data ?? [];
  // The first card is chosen until the player picks another; a deleted choice falls back the same way.
  const selected = list.find((card) => card.customerCardId === chosenId) ?? list[0] ?? null;
  return { cards, list, selected, addCard, choose: (card: StoredCard) => setChosenId(card.customerCardId) };
}

type StoredCardChoice = ReturnType<typeof useStoredCardChoice>;

interface AddCardFrameProps {
  methodCode: PaymentMethodCode;
  continueUrl: string;
  choice: StoredCardChoice;
  testId: string;
}

/** DEP-49: the provider's hosted page for adding a card, shown in place of the step. */
export function AddCardFrame({ methodCode, continueUrl, choice, testId }: AddCardFrameProps) {
  const { t } = useTranslation();
  const { name } = usePaymentMethodDisplay()(methodCode);
  return (
    <section className="cashier-step cashier-step--frame" aria-label={t('wallet.cards.addTitle')} data-testid={testId}>
      <h3 className="cashier-step__title">{t('wallet.cards.addTitle')}</h3>
      <ProviderFrame url={continueUrl} title={t('wallet.frame.title', { name })} onMessage={choice.addCard.onMessage} testId="add-card-frame" />
      <StepActions onBack={choice.addCard.cancel} />
    </section>
  );
}

interface StoredCardPickerProps {
  choice: StoredCardChoice;
  /** Shown when the player has no stored card yet. */
  emptyText: string;
  /** Offers deleting a card (DEP-50). */
  deletable?: boolean;
}

/** The stored cards as they load: waiting, failed, none yet, or the list to choose from. */
export function StoredCardPicker({ choice, emptyText, deletable = false }: StoredCardPickerProps) {
  const { t } = useTranslation();
  const { cards, list, selected, addCard, choose } = choice;
  return (
    <>
      {cards.isPending ? <PanelLoading /> : null}
      {cards.isError ? <PanelLoadFailed onRetry={() => void cards.refetch()} /> : null}
      {cards.isSuccess && list.length === 0 ? (
        <p className="cashier-note" data-testid="stored-cards-empty">
          {emptyText}
        </p>
      ) : null}
      {list.length > 0 ? (
        <StoredCardList
          cards={list}
          selectedId={selected?.customerCardId ?? null}
          onSelect={choose}
          {...(deletable ? { onDelete: (card: StoredCard) => addCard.remove(card.storedToken), deleting: addCard.removing } : {})}
        />
      ) : null}
      {addCard.failed ? <FormAlert messages={[t('wallet.cards.addFailed')]} /> : null}
    </>
  );
}
