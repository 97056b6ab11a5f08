import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { Field } from '../../../../shared/components/form-fields';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodSummary } from '../cashier/method-summary';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import { emailPattern } from '../deposit/e-wallet-payment';

interface WithdrawalEmailStepProps {
  method: WithdrawalMethod;
  amount: number;
  currency: string;
  busy: boolean;
  onSubmit(payFromEmail: string): void;
  onBack(): void;
}

/** Withdrawal step 2 for e-wallets (WDR-12): the e-wallet account's e-mail (payFromEmail). */
export function WithdrawalEmailStep({ method, amount, currency, busy, onSubmit, onBack }: WithdrawalEmailStepProps) {
  const { t } = useTranslation();
  const { name } = usePaymentMethodDisplay()(method.code);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = emailPattern.test(email.trim());
  const total = formatMoney(amount, currency);
  return (
    <form
      className="cashier-step"
      aria-labelledby="withdrawal-email-title"
      data-testid="withdrawal-step-email"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (valid) onSubmit(email.trim());
      }}
    >
      <h3 id="withdrawal-email-title" className="cashier-step__title">
        {t('wallet.withdrawal.emailTitle', { name })}
      </h3>
      <MethodSummary code={method.code}>{total}</MethodSummary>
      <Field label={t('wallet.ewallet.email', { name })} error={touched && !valid ? t('wallet.ewallet.invalidEmail') : undefined} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            onBlur={() => setTouched(true)}
            data-testid="withdrawal-email"
          />
        )}
      </Field>
      <StepActions onBack={onBack}>
        <ProceedButton busy={busy} disabled={!email.trim()} testId="withdraw-to-email">
          {t('wallet.withdrawal.submit', { amount: total })}
        </ProceedButton>
      </StepActions>
    </form>
  );
}
