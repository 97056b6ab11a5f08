import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelLoading } from '../cashier/panel-states';
import { StepActions } from '../cashier/step-actions';
import type { DepositSubmit, PaymentStepProps } from './payment-step-props';

/**
 * DEP-46: the embedded cashier widget. Reaching step 3 starts the deposit once; its answer opens
 * the widget's page in the wallet's frame.
 */
export function CashierWidgetPayment({ onBack, submit }: PaymentStepProps & { submit: DepositSubmit }) {
  const { t } = useTranslation();
  const started = useRef(false);
  const { pay } = submit;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    pay({});
  }, [pay]);
  return (
    <section className="cashier-step" data-testid="deposit-step-widget">
      <PanelLoading label={t('wallet.widget.opening')} />
      <StepActions onBack={onBack} />
    </section>
  );
}
