import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodSummary } from '../cashier/method-summary';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { AddCardFrame, StoredCardPicker, useStoredCardChoice } from '../cashier/stored-card-choice';
import type { DepositSubmit, PaymentStepProps } from './payment-step-props';

/**
 * Deposit step 3 for card methods (DEP-47…50): pay with a stored card, pay with a new card on the
 * provider's hosted page, add a card for later, or delete one.
 */
export function CardPayment({ method, amount, currency, onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const choice = useStoredCardChoice(method.code);
  const { selected, addCard } = choice;
  const total = formatMoney(amount, currency);

  if (addCard.continueUrl) {
    return <AddCardFrame methodCode={method.code} continueUrl={addCard.continueUrl} choice={choice} testId="deposit-step-add-card" />;
  }

  return (
    <section className="cashier-step" aria-labelledby="deposit-card-title" data-testid="deposit-step-card">
      <h3 id="deposit-card-title" className="cashier-step__title">
        {t('wallet.cards.title')}
      </h3>
      <MethodSummary code={method.code}>{total}</MethodSummary>
      <StoredCardPicker choice={choice} emptyText={t('wallet.cards.none')} deletable />
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
