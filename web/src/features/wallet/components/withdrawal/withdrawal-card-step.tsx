import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
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

interface WithdrawalCardStepProps {
  method: WithdrawalMethod;
  amount: number;
  currency: string;
  busy: boolean;
  onSubmit(storedCardId: string): void;
  onBack(): void;
}

/** Withdrawal step 2 for card methods (WDR-09, WDR-11): the stored card to pay out to. */
export function WithdrawalCardStep({ method, amount, currency, busy, onSubmit, onBack }: WithdrawalCardStepProps) {
  const { t } = useTranslation();
  const cards = useStoredCards(method.code);
  const addCard = useAddCard(method.code);
  const { name } = usePaymentMethodDisplay()(method.code);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = cards.data ?? [];
  const selected = list.find((card) => card.customerCardId === chosenId) ?? list[0] ?? null;
  const total = formatMoney(amount, currency);

  if (addCard.continueUrl) {
    return (
      <section className="cashier-step cashier-step--frame" aria-label={t('wallet.cards.addTitle')} data-testid="withdrawal-step-add-card">
        <h3 className="cashier-step__title">{t('wallet.cards.addTitle')}</h3>
        <ProviderFrame url={addCard.continueUrl} title={t('wallet.frame.title', { name })} onMessage={addCard.onMessage} testId="add-card-frame" />
        <StepActions onBack={addCard.cancel} />
      </section>
    );
  }

  return (
    <section className="cashier-step" aria-labelledby="withdrawal-card-title" data-testid="withdrawal-step-card">
      <h3 id="withdrawal-card-title" className="cashier-step__title">
        {t('wallet.withdrawal.cardTitle')}
      </h3>
      <MethodSummary code={method.code}>{total}</MethodSummary>
      {cards.isPending ? <PanelLoading /> : null}
      {cards.isError ? <PanelLoadFailed onRetry={() => void cards.refetch()} /> : null}
      {cards.isSuccess && list.length === 0 ? <p className="cashier-note" data-testid="stored-cards-empty">{t('wallet.withdrawal.noCards')}</p> : null}
      {list.length > 0 ? <StoredCardList cards={list} selectedId={selected?.customerCardId ?? null} onSelect={(card) => setChosenId(card.customerCardId)} /> : null}
      {addCard.failed ? <FormAlert messages={[t('wallet.cards.addFailed')]} /> : null}
      <div className="card-actions">
        <button type="button" className="button button--ghost" disabled={addCard.starting} onClick={addCard.start} data-testid="add-card">
          {t('wallet.cards.add')}
        </button>
      </div>
      <StepActions onBack={onBack}>
        <ProceedButton type="button" busy={busy} disabled={!selected} onClick={() => selected && onSubmit(selected.customerCardId)} testId="withdraw-to-card">
          {t('wallet.withdrawal.submit', { amount: total })}
        </ProceedButton>
      </StepActions>
    </section>
  );
}
