import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../shared/components/form-fields';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodSummary } from '../cashier/method-summary';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import type { DepositSubmit, PaymentStepProps } from './payment-step-props';

const secureCodePattern = /^\d{6}$/;

/** DEP-40: the bank transfer's confirm step — account number (accountId) and the bank's 6-digit secure code (secureId). */
export function BankTransferPayment({ method, amount, currency, onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState('');
  const [secureId, setSecureId] = useState('');
  const [touched, setTouched] = useState({ account: false, code: false });
  const accountValid = accountId.trim().length > 0;
  const codeValid = secureCodePattern.test(secureId);
  return (
    <form
      className="cashier-step"
      aria-labelledby="deposit-bank-title"
      data-testid="deposit-step-bank"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched({ account: true, code: true });
        if (accountValid && codeValid) submit.pay({ accountId: accountId.trim(), secureId });
      }}
    >
      <h3 id="deposit-bank-title" className="cashier-step__title">
        {t('wallet.bank.title')}
      </h3>
      <MethodSummary code={method.code}>{formatMoney(amount, currency)}</MethodSummary>
      <p className="cashier-step__lead">{t('wallet.bank.lead')}</p>
      <Field label={t('wallet.bank.account')} error={touched.account && !accountValid ? t('wallet.bank.accountRequired') : undefined} required>
        {(control) => (
          <input
            {...control}
            className="input"
            type="text"
            autoComplete="off"
            value={accountId}
            onChange={(event) => setAccountId(event.target.value)}
            onBlur={() => setTouched((current) => ({ ...current, account: true }))}
            data-testid="bank-account"
          />
        )}
      </Field>
      <Field
        label={t('wallet.bank.secureCode')}
        hint={t('wallet.bank.secureCodeHint')}
        error={touched.code && !codeValid ? t('wallet.bank.secureCodeInvalid') : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            className="input bank-code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={secureId}
            onChange={(event) => setSecureId(event.target.value.replace(/\D/g, ''))}
            onBlur={() => setTouched((current) => ({ ...current, code: true }))}
            data-testid="bank-secure-code"
          />
        )}
      </Field>
      <StepActions onBack={onBack}>
        <ProceedButton busy={submit.pending} disabled={!accountValid || !codeValid} testId="bank-confirm">
          {t('wallet.bank.confirm', { amount: formatMoney(amount, currency) })}
        </ProceedButton>
      </StepActions>
    </form>
  );
}
