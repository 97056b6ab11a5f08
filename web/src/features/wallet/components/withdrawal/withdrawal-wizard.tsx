import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isCardMethod, isCashierWidgetMethod, isEmailWalletMethod, type WithdrawalMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import type { ProcessWithdrawalRequest } from '../../../../../../contracts/platform/cashier/withdrawal';
import { balanceQueryKey } from '../../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { processWithdrawal } from '../../api/process-withdrawal';
import { MethodChoice } from '../cashier/method-choice';
import { StepActions } from '../cashier/step-actions';
import { WizardProgress } from '../cashier/wizard-progress';
import { withdrawalFailureOf, type WithdrawalFailure } from './withdrawal-failure';
import { WithdrawalAmountStep } from './withdrawal-amount-step';
import { WithdrawalCardStep } from './withdrawal-card-step';
import { WithdrawalCashierStep } from './withdrawal-cashier-step';
import { WithdrawalComplete, type WithdrawalResult } from './withdrawal-complete';
import { WithdrawalEmailStep } from './withdrawal-email-step';
import { WithdrawalFailed } from './withdrawal-failed';
import { needsDetailsStep } from './withdrawal-steps';

type Step = 'method' | 'amount' | 'details' | 'complete' | 'failed';

interface WithdrawalWizardProps {
  methods: readonly WithdrawalMethod[];
  currency: string;
  onFinishedChange(finished: boolean): void;
}

const newRequestId = () => crypto.randomUUID();

/** The withdrawal wizard of spec 001 §4 (WDR-01…15): method, amount, then card, e-mail or cashier, then success. */
export function WithdrawalWizard({ methods, currency, onFinishedChange }: WithdrawalWizardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const only = methods.length === 1 ? (methods[0] ?? null) : null;
  const [step, setStep] = useState<Step>(only ? 'amount' : 'method');
  const [method, setMethod] = useState<WithdrawalMethod | null>(only);
  const [amountText, setAmountText] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const [result, setResult] = useState<WithdrawalResult | null>(null);
  const [failure, setFailure] = useState<WithdrawalFailure | null>(null);

  useEffect(() => onFinishedChange(step === 'complete'), [step, onFinishedChange]);

  /** WDR-14, WDR-15: after an outcome the wizard starts afresh (the one method stays chosen). */
  const reset = () => {
    setMethod(only);
    setAmountText('');
    setAmount(null);
    setRequestId(newRequestId());
  };

  const finish = (outcome: WithdrawalResult) => {
    reset();
    setResult(outcome);
    setStep('complete');
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'banking-history'] });
  };
  const fail = (reason: WithdrawalFailure) => {
    // With no answer the same request may be sent again; anything answered starts afresh.
    if (reason.kind !== 'noAnswer') reset();
    setFailure(reason);
    setStep('failed');
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  };

  // The amount travels with the call: on the amount step it is set in the same click that submits, and
  // a mutation function reading it from this render's state would still see the amount as unset.
  const submit = useMutation({
    mutationFn: (details: Pick<ProcessWithdrawalRequest, 'amount' | 'storedCardId' | 'payFromEmail'>) => {
      if (!method) throw new Error('withdrawal submitted before its method');
      return processWithdrawal({ requestId, paymentMethod: method.code, ...details });
    },
    onSuccess: (answer) => finish({ amount: answer.amount, currency: answer.currency, paymentStatus: answer.paymentStatus, underReview: answer.underReview }),
    onError: (error) => fail(withdrawalFailureOf(error)),
  });

  const labels = [t('wallet.step.method'), t('wallet.step.amount'), t('wallet.step.details')];
  const number = { method: 0, amount: 1, details: 2, complete: null, failed: null }[step];
  const back = () => {
    if (step === 'details') setStep('amount');
    else if (step === 'amount' && !only) setStep('method');
  };

  return (
    <div className="cashier-wizard" data-testid="withdrawal-wizard" data-step={step}>
      {number !== null ? <WizardProgress labels={labels} current={number} skipFirst={only !== null} /> : null}
      {step === 'method' ? (
        <section className="cashier-step" aria-labelledby="withdrawal-method-title" data-testid="withdrawal-step-method">
          <h3 id="withdrawal-method-title" className="cashier-step__title">
            {t('wallet.withdrawal.methodTitle')}
          </h3>
          <MethodChoice
            methods={methods}
            detail={(candidate) => t('wallet.withdrawal.minimum', { min: formatMoney(candidate.minimumWithdrawal, currency) })}
            onChoose={(chosen) => {
              setMethod(chosen);
              setStep('amount');
            }}
            testId="withdrawal-methods"
          />
          <StepActions />
        </section>
      ) : null}
      {step === 'amount' && method ? (
        <WithdrawalAmountStep
          method={method}
          currency={currency}
          text={amountText}
          onType={setAmountText}
          busy={submit.isPending}
          onBack={only ? undefined : back}
          onProceed={(value) => {
            setAmount(value);
            if (needsDetailsStep(method.code)) setStep('details');
            else submit.mutate({ amount: value });
          }}
        />
      ) : null}
      {step === 'details' && method && amount !== null && isCardMethod(method.code) ? (
        <WithdrawalCardStep
          method={method}
          amount={amount}
          currency={currency}
          busy={submit.isPending}
          onSubmit={(storedCardId) => submit.mutate({ amount, storedCardId })}
          onBack={back}
        />
      ) : null}
      {step === 'details' && method && amount !== null && isEmailWalletMethod(method.code) ? (
        <WithdrawalEmailStep
          method={method}
          amount={amount}
          currency={currency}
          busy={submit.isPending}
          onSubmit={(payFromEmail) => submit.mutate({ amount, payFromEmail })}
          onBack={back}
        />
      ) : null}
      {step === 'details' && method && amount !== null && isCashierWidgetMethod(method.code) ? (
        <WithdrawalCashierStep method={method} amount={amount} requestId={requestId} onFinished={finish} onFailed={fail} onBack={back} />
      ) : null}
      {step === 'complete' && result ? <WithdrawalComplete result={result} onAgain={() => setStep(only ? 'amount' : 'method')} /> : null}
      {step === 'failed' && failure ? (
        <WithdrawalFailed
          failure={failure}
          onRestart={() => {
            setFailure(null);
            // After no answer the player is back at the amount with everything kept, so sending again repeats the same request.
            setStep(failure.kind === 'noAnswer' || only ? 'amount' : 'method');
          }}
        />
      ) : null}
    </div>
  );
}
