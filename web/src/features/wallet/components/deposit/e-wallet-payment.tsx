import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../shared/components/form-fields';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodSummary } from '../cashier/method-summary';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import type { DepositSubmit, PaymentStepProps } from './payment-step';

/** A plausible e-mail address; the server checks it again. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Deposit step 3 for e-wallets (DEP-51, NS-19): the e-wallet's e-mail (payFromEmail), then the e-wallet's page. */
export function EWalletPayment({ method, amount, currency, onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const { name } = usePaymentMethodDisplay()(method.code);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = emailPattern.test(email.trim());
  return (
    <form
      className="cashier-step"
      aria-labelledby="deposit-ewallet-title"
      data-testid="deposit-step-ewallet"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (valid) submit.pay({ payFromEmail: email.trim() });
      }}
    >
      <h3 id="deposit-ewallet-title" className="cashier-step__title">
        {t('wallet.ewallet.title', { name })}
      </h3>
      <MethodSummary code={method.code}>{formatMoney(amount, currency)}</MethodSummary>
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
            data-testid="ewallet-email"
          />
        )}
      </Field>
      <StepActions onBack={onBack}>
        <ProceedButton busy={submit.pending} disabled={!email.trim()} testId="ewallet-continue">
          {t('wallet.ewallet.continue', { name })}
        </ProceedButton>
      </StepActions>
    </form>
  );
}
