import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { AmountField, type AmountFieldProps } from './amount-field';
import { MethodSummary } from './method-summary';

interface AmountStepFormProps {
  /** Names the step's ids and test ids: `${flow}-amount-title`, `${flow}-step-amount`, `${flow}-amount`. */
  flow: 'deposit' | 'withdrawal';
  title: string;
  methodCode: PaymentMethodCode;
  field: Omit<AmountFieldProps, 'label' | 'testId'>;
  /** The amount to go on with, or null while the amount cannot be used. */
  proceedAmount: number | null;
  onProceed(amount: number): void;
  /** Notes and the step's actions, under the field. */
  children: ReactNode;
}

/** The first step of the deposit and withdrawal wizards: the chosen method and the amount field. */
export function AmountStepForm({ flow, title, methodCode, field, proceedAmount, onProceed, children }: AmountStepFormProps) {
  const { t } = useTranslation();
  return (
    <form
      className="cashier-step"
      aria-labelledby={`${flow}-amount-title`}
      data-testid={`${flow}-step-amount`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (proceedAmount !== null) onProceed(proceedAmount);
      }}
    >
      <h3 id={`${flow}-amount-title`} className="cashier-step__title">
        {title}
      </h3>
      <MethodSummary code={methodCode} />
      <AmountField label={t('wallet.amount.label')} testId={`${flow}-amount`} {...field} />
      {children}
    </form>
  );
}
