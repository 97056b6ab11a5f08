import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { useInducements } from '../../../../shared/session/use-inducements';
import { balanceQueryKey } from '../../../../shared/wallet/api/get-balance';
import { WizardProgress } from '../cashier/wizard-progress';
import { AmountStep } from './amount-step';
import { BonusStep } from './bonus-step';
import { sendDepositAnalytics } from './deposit-analytics';
import { DepositComplete } from './deposit-complete';
import { DepositFailed } from './deposit-failed';
import { depositReducer, initialDepositState, stepNumber, type BonusChoice } from './deposit-wizard-state';
import { MethodStep } from './method-step';
import { PaymentStep } from './payment-step';

interface DepositWizardProps {
  methods: readonly DepositMethod[];
  currency: string;
  onFinishedChange(finished: boolean): void;
  onClose(): void;
}

const stepLabels = ['wallet.step.method', 'wallet.step.amount', 'wallet.step.bonus', 'wallet.step.payment'] as const;

/** The deposit wizard of spec 001 §4 (DEP-01…47). */
export function DepositWizard({ methods, currency, onFinishedChange, onClose }: DepositWizardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { bonusOffers } = useInducements();
  const [state, dispatch] = useReducer(depositReducer, methods, (offered) => initialDepositState(offered, bonusOffers));
  const { step, method, result } = state;
  const chooseBonus = useCallback((bonus: BonusChoice) => dispatch({ type: 'chooseBonus', bonus }), []);

  useEffect(() => onFinishedChange(step === 'complete'), [step, onFinishedChange]);

  // DEP-29, DEP-30: once per completed payment, the balance is read again and the deposit is reported.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!result || !method || reported.current === result.paymentId) return;
    reported.current = result.paymentId;
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'banking-history'] });
    sendDepositAnalytics({ amount: result.amount, currency: result.currency, method: method.code });
  }, [result, method, queryClient]);

  const number = stepNumber(step);
  // Without bonus offers the wizard has no bonus step: the payment is the third step shown.
  const labels = state.bonusOffered ? stepLabels : stepLabels.filter((label) => label !== 'wallet.step.bonus');
  const current = number === null || state.bonusOffered || number < 2 ? number : number - 1;
  // DEP-37: back at step 0 (or at the amount when step 0 was skipped) closes the wizard.
  const back = () => (step === 'method' || (step === 'amount' && state.singleMethod) ? onClose() : dispatch({ type: 'back' }));

  return (
    <div className="cashier-wizard" data-testid="deposit-wizard" data-step={step}>
      {current !== null ? <WizardProgress labels={labels.map((label) => t(label))} current={current} skipFirst={state.singleMethod} /> : null}
      {step === 'method' ? (
        <MethodStep methods={methods} currency={currency} onChoose={(chosen) => dispatch({ type: 'chooseMethod', method: chosen })} onBack={back} />
      ) : null}
      {step === 'amount' && method ? (
        <AmountStep
          method={method}
          currency={currency}
          text={state.amountText}
          onType={(text) => dispatch({ type: 'typeAmount', text })}
          onProceed={(amount) => dispatch({ type: 'confirmAmount', amount })}
          onBack={back}
        />
      ) : null}
      {step === 'bonus' && method && state.amount !== null ? (
        <BonusStep
          method={method}
          amount={state.amount}
          currency={currency}
          bonus={state.bonus}
          onChoose={chooseBonus}
          onProceed={() => dispatch({ type: 'confirmBonus' })}
          onBack={back}
        />
      ) : null}
      {step === 'payment' && method && state.amount !== null ? (
        <PaymentStep state={state} method={method} amount={state.amount} currency={currency} dispatch={dispatch} onBack={back} />
      ) : null}
      {step === 'complete' && result ? <DepositComplete result={result} onDone={onClose} onAgain={() => dispatch({ type: 'restart' })} /> : null}
      {step === 'failed' && state.failure ? (
        <DepositFailed
          failure={state.failure}
          onRestart={() => dispatch({ type: 'restart' })}
          onChangeAmount={() => dispatch({ type: 'changeAmount' })}
          onRetry={() => dispatch({ type: 'retryPayment' })}
        />
      ) : null}
    </div>
  );
}
