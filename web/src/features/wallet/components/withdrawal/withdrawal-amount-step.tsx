import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { useActiveBalance } from '../../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { checkAmount } from '../../amount-rules';
import { useWithdrawalLimits } from '../../api/get-withdrawal-limits';
import { AmountField } from '../cashier/amount-field';
import { MethodSummary } from '../cashier/method-summary';
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
    <form
      className="cashier-step"
      aria-labelledby="withdrawal-amount-title"
      data-testid="withdrawal-step-amount"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (check.kind === 'valid' && !tooLittle) onProceed(check.amount);
      }}
    >
      <h3 id="withdrawal-amount-title" className="cashier-step__title">
        {t('wallet.withdrawal.amountTitle')}
      </h3>
      <MethodSummary code={method.code} />
      <AmountField
        label={t('wallet.amount.label')}
        text={text}
        onType={onType}
        bounds={bounds}
        currency={currency}
        placeholder={t('wallet.withdrawal.amountPlaceholder', { min: formatMoney(bounds.minimum, currency), max: formatMoney(Math.max(bounds.maximum, 0), currency) })}
        testId="withdrawal-amount"
      />
      <p className="cashier-note" data-testid="withdrawal-withdrawable">
        {t('wallet.withdrawal.withdrawable', { amount: formatMoney(withdrawable, currency) })}
      </p>
      {tooLittle ? <p className="cashier-note cashier-note--warning">{t('wallet.withdrawal.belowMinimum')}</p> : null}
      <StepActions onBack={onBack}>
        <ProceedButton busy={busy} disabled={check.kind !== 'valid' || tooLittle} testId="withdrawal-amount-proceed">
          {needsDetailsStep(method.code) ? t('wallet.proceed') : check.kind === 'valid' ? t('wallet.withdrawal.submit', { amount: formatMoney(check.amount, currency) }) : t('wallet.withdrawal.withdraw')}
        </ProceedButton>
      </StepActions>
    </form>
  );
}
