import { useTranslation } from 'react-i18next';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { checkAmount } from '../../amount-rules';
import { useDepositLimits } from '../../api/get-deposit-limits';
import { AmountStepForm } from '../cashier/amount-step-form';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { ProceedButton, StepActions } from '../cashier/step-actions';

interface AmountStepProps {
  method: DepositMethod;
  currency: string;
  text: string;
  onType(text: string): void;
  onProceed(amount: number): void;
  onBack(): void;
}

/**
 * Deposit step 1: the amount, with quick amounts from the method's content (DEP-11), the allowed
 * range as placeholder (DEP-12) and Proceed only within it, both ends included (DEP-13). The range
 * is the method's, lowered to what the player's personal deposit limits still allow (DEP-10).
 */
export function AmountStep({ method, currency, text, onType, onProceed, onBack }: AmountStepProps) {
  const { t } = useTranslation();
  const display = usePaymentMethodDisplay();
  const limits = useDepositLimits(method.code);
  const bounds = { minimum: limits.data?.minimumDeposit ?? method.minimumDeposit, maximum: limits.data?.maximumDeposit ?? method.maximumDeposit };
  const exhausted = bounds.maximum < bounds.minimum;
  const check = checkAmount(text, bounds);
  const range = { min: formatMoney(bounds.minimum, currency), max: formatMoney(bounds.maximum, currency) };

  return (
    <AmountStepForm
      flow="deposit"
      title={t('wallet.deposit.amountTitle')}
      methodCode={method.code}
      field={{ text, onType, bounds, currency, placeholder: t('wallet.deposit.amountPlaceholder', range), quickAmounts: display(method.code).quickAmounts }}
      proceedAmount={check.kind === 'valid' && !exhausted ? check.amount : null}
      onProceed={onProceed}
    >
      {exhausted ? <p className="cashier-note cashier-note--warning">{t('wallet.deposit.limitReached')}</p> : null}
      <StepActions onBack={onBack}>
        <ProceedButton disabled={check.kind !== 'valid' || exhausted} testId="deposit-amount-proceed">
          {t('wallet.proceed')}
        </ProceedButton>
      </StepActions>
    </AmountStepForm>
  );
}
