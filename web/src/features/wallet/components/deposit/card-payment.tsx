import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../shared/components/form-fields';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { useStoredCards } from '../../api/get-stored-cards';
import { MethodSummary } from '../cashier/method-summary';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { ProviderFrame } from '../cashier/provider-frame';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { StoredCardList } from '../cashier/stored-card-list';
import { useAddCard } from '../cashier/use-add-card';
import type { DepositSubmit, PaymentStepProps } from './payment-step';

/**
 * Deposit step 3 for card methods (DEP-47…50): pay with a stored card, pay with a new card on the
 * provider's hosted page, add a card for later, or delete one.
 */
export function CardPayment({ method, amount, currency, onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const cards = useStoredCards(method.code);
  const addCard = useAddCard(method.code);
  const { name } = usePaymentMethodDisplay()(method.code);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = cards.data ?? [];
  // The first card is chosen until the player picks another; a deleted choice falls back the same way.
  const selected = list.find((card) => card.customerCardId === chosenId) ?? list[0] ?? null;
  const total = formatMoney(amount, currency);

  if (addCard.continueUrl) {
    return (
      <section className="cashier-step cashier-step--frame" aria-label={t('wallet.cards.addTitle')} data-testid="deposit-step-add-card">
        <h3 className="cashier-step__title">{t('wallet.cards.addTitle')}</h3>
        <ProviderFrame url={addCard.continueUrl} title={t('wallet.frame.title', { name })} onMessage={addCard.onMessage} testId="add-card-frame" />
        <StepActions onBack={addCard.cancel} />
      </section>
    );
  }

  return (
    <section className="cashier-step" aria-labelledby="deposit-card-title" data-testid="deposit-step-card">
      <h3 id="deposit-card-title" className="cashier-step__title">
        {t('wallet.cards.title')}
      </h3>
      <MethodSummary code={method.code}>{total}</MethodSummary>
      {cards.isPending ? <PanelLoading /> : null}
      {cards.isError ? <PanelLoadFailed onRetry={() => void cards.refetch()} /> : null}
      {cards.isSuccess && list.length === 0 ? <p className="cashier-note" data-testid="stored-cards-empty">{t('wallet.cards.none')}</p> : null}
      {list.length > 0 ? (
        <StoredCardList
          cards={list}
          selectedId={selected?.customerCardId ?? null}
          onSelect={(card) => setChosenId(card.customerCardId)}
          onDelete={(card) => addCard.remove(card.storedToken)}
          deleting={addCard.removing}
        />
      ) : null}
      {addCard.failed ? <FormAlert messages={[t('wallet.cards.addFailed')]} /> : null}
      <div className="card-actions">
        <button type="button" className="button button--secondary" disabled={submit.pending} onClick={() => submit.pay({})} data-testid="pay-new-card">
          {t('wallet.cards.payNew')}
        </button>
        <button type="button" className="button button--ghost" disabled={addCard.starting} onClick={addCard.start} data-testid="add-card">
          {t('wallet.cards.add')}
        </button>
      </div>
      <StepActions onBack={onBack}>
        {selected ? (
          <ProceedButton type="button" busy={submit.pending} onClick={() => submit.pay({ storedCardId: selected.customerCardId })} testId="pay-stored-card">
            {t('wallet.cards.pay', { amount: total })}
          </ProceedButton>
        ) : null}
      </StepActions>
    </section>
  );
}
