import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodSummary } from '../cashier/method-summary';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { StoredCardPicker, useStoredCardChoice } from '../cashier/stored-card-choice';

interface WithdrawalCardStepProps {
  method: WithdrawalMethod;
  amount: number;
  currency: string;
  busy: boolean;
  onSubmit(storedCardId: string): void;
  onBack(): void;
}

/**
 * Withdrawal step 2 for card methods (WDR-09, WDR-11): the card to pay out to. The list is every
 * card the player deposited from, saved or not (closed loop, issue 26 defect 8), so there is no
 * card to add here: a card added without a deposit could not be paid to.
 */
export function WithdrawalCardStep({ method, amount, currency, busy, onSubmit, onBack }: WithdrawalCardStepProps) {
  const { t } = useTranslation();
  const choice = useStoredCardChoice(method.code, 'withdrawal');
  const { selected } = choice;
  const total = formatMoney(amount, currency);

  return (
    <section className="cashier-step" aria-labelledby="withdrawal-card-title" data-testid="withdrawal-step-card">
      <h3 id="withdrawal-card-title" className="cashier-step__title">
        {t('wallet.withdrawal.cardTitle')}
      </h3>
      <MethodSummary code={method.code}>{total}</MethodSummary>
      <StoredCardPicker choice={choice} emptyText={t('wallet.withdrawal.noCards')} />
      <StepActions onBack={onBack}>
        <ProceedButton type="button" busy={busy} disabled={!selected} onClick={() => selected && onSubmit(selected.customerCardId)} testId="withdraw-to-card">
          {t('wallet.withdrawal.submit', { amount: total })}
        </ProceedButton>
      </StepActions>
    </section>
  );
}
