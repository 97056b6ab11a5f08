import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodSummary } from '../cashier/method-summary';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { AddCardFrame, StoredCardPicker, useStoredCardChoice } from '../cashier/stored-card-choice';

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
  const choice = useStoredCardChoice(method.code);
  const { selected, addCard } = choice;
  const total = formatMoney(amount, currency);

  if (addCard.continueUrl) {
    return <AddCardFrame methodCode={method.code} continueUrl={addCard.continueUrl} choice={choice} testId="withdrawal-step-add-card" />;
  }

  return (
    <section className="cashier-step" aria-labelledby="withdrawal-card-title" data-testid="withdrawal-step-card">
      <h3 id="withdrawal-card-title" className="cashier-step__title">
        {t('wallet.withdrawal.cardTitle')}
      </h3>
      <MethodSummary code={method.code}>{total}</MethodSummary>
      <StoredCardPicker choice={choice} emptyText={t('wallet.withdrawal.noCards')} />
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
