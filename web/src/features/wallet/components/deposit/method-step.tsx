import { useTranslation } from 'react-i18next';
import type { DepositMethod } from '../../../../../../contracts/platform/cashier/payment-methods';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { MethodChoice } from '../cashier/method-choice';
import { StepActions } from '../cashier/step-actions';

interface MethodStepProps {
  methods: readonly DepositMethod[];
  currency: string;
  onChoose(method: DepositMethod): void;
  onBack(): void;
}

/** Deposit step 0: choose how to pay (DEP-07). */
export function MethodStep({ methods, currency, onChoose, onBack }: MethodStepProps) {
  const { t } = useTranslation();
  return (
    <section className="cashier-step" aria-labelledby="deposit-method-title" data-testid="deposit-step-method">
      <h3 id="deposit-method-title" className="cashier-step__title">
        {t('wallet.deposit.methodTitle')}
      </h3>
      <MethodChoice methods={methods} detail={(method) => <DepositBounds method={method} currency={currency} />} onChoose={onChoose} testId="deposit-methods" />
      <StepActions onBack={onBack} />
    </section>
  );
}

function DepositBounds({ method, currency }: { method: DepositMethod; currency: string }) {
  const { t } = useTranslation();
  return <>{t('wallet.deposit.bounds', { min: formatMoney(method.minimumDeposit, currency), max: formatMoney(method.maximumDeposit, currency) })}</>;
}
