import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { EWalletEmailForm } from '../cashier/e-wallet-email-form';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { ProceedButton, StepActions } from '../cashier/step-actions';
import type { DepositSubmit, PaymentStepProps } from './payment-step-props';

/** Deposit step 3 for e-wallets (DEP-51, NS-19): the e-wallet's e-mail (payFromEmail), then the e-wallet's page. */
export function EWalletPayment({ method, amount, currency, onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const { name } = usePaymentMethodDisplay()(method.code);
  return (
    <EWalletEmailForm
      id="deposit-ewallet"
      testId="deposit-step-ewallet"
      fieldTestId="ewallet-email"
      title={(walletName) => t('wallet.ewallet.title', { name: walletName })}
      methodCode={method.code}
      total={formatMoney(amount, currency)}
      onSubmit={(payFromEmail) => submit.pay({ payFromEmail })}
    >
      {(filled) => (
        <StepActions onBack={onBack}>
          <ProceedButton busy={submit.pending} disabled={!filled} testId="ewallet-continue">
            {t('wallet.ewallet.continue', { name })}
          </ProceedButton>
        </StepActions>
      )}
    </EWalletEmailForm>
  );
}
