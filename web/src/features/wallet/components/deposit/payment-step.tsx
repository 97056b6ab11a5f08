import {
  isBankConfirmMethod,
  isCardMethod,
  isCashierWidgetMethod,
  isCryptoMethod,
  isEmailWalletMethod,
} from '../../../../../../contracts/platform/cashier/payment-methods';
import { useTranslation } from 'react-i18next';
import { providerPolling } from '../../api/get-payment-status';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { PaymentConfirmation } from '../cashier/payment-confirmation';
import { ProviderFrame } from '../cashier/provider-frame';
import { StepActions } from '../cashier/step-actions';
import { AwaitingCryptoPayment } from './awaiting-crypto-payment';
import { BankTransferPayment } from './bank-transfer-payment';
import { CardPayment } from './card-payment';
import { CashierWidgetPayment } from './cashier-widget-payment';
import { CryptoPayment } from './crypto-payment';
import { settledDepositFailure } from './deposit-failure';
import { EWalletPayment } from './e-wallet-payment';
import { useDepositSubmit } from './use-deposit-submit';
import type { PaymentStepProps } from './payment-step-props';

export type { DepositSubmit, PaymentStepProps } from './payment-step-props';

/**
 * Deposit step 3, by method (spec 001 §2, §4): stored or new card, e-wallet e-mail, crypto quote,
 * bank confirmation or cashier widget; then the provider's page, the crypto address or the wait
 * for the provider's confirmation.
 */
export function PaymentStep(props: PaymentStepProps) {
  const { t } = useTranslation();
  const { state, method, currency, dispatch, onBack } = props;
  const submit = useDepositSubmit(state, method, props.amount, dispatch);
  const { name } = usePaymentMethodDisplay()(method.code);
  const progress = state.progress;

  if (progress?.kind === 'frame') {
    return (
      <section className="cashier-step cashier-step--frame" aria-label={name} data-testid="deposit-step-provider">
        <ProviderFrame
          url={progress.continueUrl}
          title={t('wallet.frame.title', { name })}
          onMessage={(message) => {
            if (message.kind === 'deposit') dispatch({ type: 'providerFinished', paymentId: progress.paymentId });
          }}
        />
        <StepActions onBack={onBack} />
      </section>
    );
  }
  if (progress?.kind === 'awaiting') {
    return (
      <AwaitingCryptoPayment
        paymentId={progress.paymentId}
        data={progress.data}
        amount={props.amount}
        currency={currency}
        dispatch={dispatch}
        onBack={onBack}
      />
    );
  }
  if (progress?.kind === 'confirming') {
    return (
      <PaymentConfirmation
        paymentId={progress.paymentId}
        polling={providerPolling}
        onSettled={(status) =>
          status.paymentStatus === 'SUCCESS'
            ? dispatch({
                type: 'settled',
                result: { paymentId: status.paymentId, amount: status.amount, currency: status.currency, bonusPlanName: status.bonusPlanName },
              })
            : dispatch({
                type: 'refused',
                failure: settledDepositFailure(status, t(`wallet.payment.${status.paymentStatus === 'CANCELLED' ? 'cancelled' : 'declined'}`)),
              })
        }
      />
    );
  }

  const code = method.code;
  if (isCardMethod(code)) return <CardPayment {...props} submit={submit} />;
  if (isEmailWalletMethod(code)) return <EWalletPayment {...props} submit={submit} />;
  if (isCryptoMethod(code)) return <CryptoPayment {...props} submit={submit} />;
  if (isBankConfirmMethod(code)) return <BankTransferPayment {...props} submit={submit} />;
  if (isCashierWidgetMethod(code)) return <CashierWidgetPayment {...props} submit={submit} />;
  return <CashierWidgetPayment {...props} submit={submit} />;
}
