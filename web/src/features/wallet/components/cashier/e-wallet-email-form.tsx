import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { Field } from '../../../../shared/components/form-fields';
import { MethodSummary } from './method-summary';
import { usePaymentMethodDisplay } from './use-payment-method-display';

/** A plausible e-mail address; the server checks it again. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface EWalletEmailFormProps {
  /** Names the form's heading id: `${id}-title`. */
  id: string;
  testId: string;
  fieldTestId: string;
  /** The heading, given the e-wallet's name. */
  title(name: string): string;
  methodCode: PaymentMethodCode;
  /** The amount as shown next to the method. */
  total: string;
  /** Called with the trimmed address once it looks like one. */
  onSubmit(email: string): void;
  /** The step's actions; `filled` is whether anything is typed yet. */
  children(filled: boolean): ReactNode;
}

/** The e-wallet account's e-mail (payFromEmail) for a deposit or a withdrawal (DEP-51, WDR-12). */
export function EWalletEmailForm({ id, testId, fieldTestId, title, methodCode, total, onSubmit, children }: EWalletEmailFormProps) {
  const { t } = useTranslation();
  const { name } = usePaymentMethodDisplay()(methodCode);
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const valid = emailPattern.test(email.trim());
  return (
    <form
      className="cashier-step"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (valid) onSubmit(email.trim());
      }}
    >
      <h3 id={`${id}-title`} className="cashier-step__title">
        {title(name)}
      </h3>
      <MethodSummary code={methodCode}>{total}</MethodSummary>
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
            data-testid={fieldTestId}
          />
        )}
      </Field>
      {children(email.trim() !== '')}
    </form>
  );
}
