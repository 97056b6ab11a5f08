import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { getPaymentStatus } from '../../api/get-payment-status';
import { processWithdrawal } from '../../api/process-withdrawal';
import { usePaymentMethodDisplay } from '../cashier/use-payment-method-display';
import { PanelLoading } from '../cashier/panel-states';
import { ProviderFrame } from '../cashier/provider-frame';
import { StepActions } from '../cashier/step-actions';
import type { WithdrawalResult } from './withdrawal-complete';
import { withdrawalFailureOf, type WithdrawalFailure } from './withdrawal-failure';

interface WithdrawalCashierStepProps {
  method: WithdrawalMethod;
  amount: number;
  requestId: string;
  onFinished(result: WithdrawalResult): void;
  onFailed(failure: WithdrawalFailure): void;
  onBack(): void;
}

/**
 * Withdrawal step 2 for the cashier widget (WDR-09): the withdrawal is requested, and the widget's
 * page (its continue address) completes it in the wallet's frame; the server then says how it ended.
 */
export function WithdrawalCashierStep({ method, amount, requestId, onFinished, onFailed, onBack }: WithdrawalCashierStepProps) {
  const { t } = useTranslation();
  const { name } = usePaymentMethodDisplay()(method.code);
  const [frame, setFrame] = useState<{ url: string; paymentId: string } | null>(null);
  const start = useMutation({
    mutationFn: () => processWithdrawal({ requestId, paymentMethod: method.code, amount }),
    onSuccess: (answer) => {
      if (answer.continueUrl) setFrame({ url: answer.continueUrl, paymentId: answer.paymentId });
      else onFinished({ amount: answer.amount, currency: answer.currency, paymentStatus: answer.paymentStatus, underReview: answer.underReview });
    },
    onError: (error) => onFailed(withdrawalFailureOf(error)),
  });
  const settle = useMutation({
    mutationFn: (paymentId: string) => getPaymentStatus(paymentId),
    onSuccess: (status) => {
      if (status.paymentStatus === 'SUCCESS' || status.paymentStatus === 'PENDING' || status.paymentStatus === 'CREATED') {
        onFinished({ amount: status.amount, currency: status.currency, paymentStatus: status.paymentStatus === 'SUCCESS' ? 'SUCCESS' : 'PENDING' });
      } else {
        onFailed({
          kind: 'listed',
          reasons: [status.message || t(status.paymentStatus === 'CANCELLED' ? 'wallet.payment.cancelled' : 'wallet.payment.declined')],
        });
      }
    },
    onError: (error) => onFailed(withdrawalFailureOf(error)),
  });

  const started = useRef(false);
  const { mutate } = start;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (!frame || settle.isPending) {
    return (
      <section className="cashier-step" data-testid="withdrawal-step-cashier">
        <PanelLoading label={settle.isPending ? t('wallet.confirmation.title') : t('wallet.widget.opening')} />
        {settle.isPending ? null : <StepActions onBack={onBack} />}
      </section>
    );
  }
  return (
    <section className="cashier-step cashier-step--frame" aria-label={name} data-testid="withdrawal-step-cashier">
      <ProviderFrame url={frame.url} title={t('wallet.frame.title', { name })} onMessage={() => settle.mutate(frame.paymentId)} />
    </section>
  );
}
