import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { useActiveBalance } from '../../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { checkAmount } from '../../amount-rules';
import { useWithdrawalLimits } from '../../api/get-withdrawal-limits';
import { AmountStepForm } from '../cashier/amount-step-form';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { needsDetailsStep } from './withdrawal-steps';

interface WithdrawalAmountStepProps {
  method: WithdrawalMethod;
  currency: string;
  text: string;
  onType(text: string): void;
  onProceed(amount: number): void;
  onBack: (() => void) | undefined;
  busy: boolean;
}

/**
 * Withdrawal step 1: the amount, at least the method's minimum and at most the withdrawable
 * balance, with at most 2 decimals (WDR-06…08, DEF-03, DEF-04); the placeholder names the minimum
 * once and the maximum.
 */
export function WithdrawalAmountStep({ method, currency, text, onType, onProceed, onBack, busy }: WithdrawalAmountStepProps) {
  const { t } = useTranslation();
  const limits = useWithdrawalLimits(method.code);
  const { data: balance } = useActiveBalance();
  const withdrawable = balance?.withdrawableBalance ?? 0;
  const maximum = limits.data?.maximumWithdrawal ?? Math.min(method.maximumWithdrawal, withdrawable);
  const bounds = { minimum: limits.data?.minimumWithdrawal ?? method.minimumWithdrawal, maximum };
  const tooLittle = bounds.maximum < bounds.minimum;
  const check = checkAmount(text, bounds);
  return (
    <AmountStepForm
      flow="withdrawal"
      title={t('wallet.withdrawal.amountTitle')}
      methodCode={method.code}
      field={{
        text,
        onType,
        bounds,
        currency,
        placeholder: t('wallet.withdrawal.amountPlaceholder', {
          min: formatMoney(bounds.minimum, currency),
          max: formatMoney(Math.max(bounds.maximum, 0), currency),
        }),
      }}
      proceedAmount={check.kind === 'valid' && !tooLittle ? check.amount : null}
      onProceed={onProceed}
    >
      <p className="cashier-note" data-testid="withdrawal-withdrawable">
        {t('wallet.withdrawal.withdrawable', { amount: formatMoney(withdrawable, currency) })}
      </p>
      {tooLittle ? <p className="cashier-note cashier-note--warning">{t('wallet.withdrawal.belowMinimum')}</p> : null}
      <StepActions onBack={onBack}>
        <ProceedButton busy={busy} disabled={check.kind !== 'valid' || tooLittle} testId="withdrawal-amount-proceed">
          {needsDetailsStep(method.code)
            ? t('wallet.proceed')
            : check.kind === 'valid'
              ? t('wallet.withdrawal.submit', { amount: formatMoney(check.amount, currency) })
              : t('wallet.withdrawal.withdraw')}
        </ProceedButton>
      </StepActions>
    </AmountStepForm>
  );
}
