import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { ArrowRightIcon } from '../../../../shared/components/icons';
import { MethodLogo } from './method-logo';
import { usePaymentMethodDisplay } from './use-payment-method-display';

interface MethodChoiceProps<M extends { code: PaymentMethodCode }> {
  methods: readonly M[];
  /** The line under each method's name (its bounds). */
  detail(method: M): ReactNode;
  onChoose(method: M): void;
  testId: string;
}

/** Step 0 of both wizards: every available method with its logo and name, one button each (DEP-07). */
export function MethodChoice<M extends { code: PaymentMethodCode }>({ methods, detail, onChoose, testId }: MethodChoiceProps<M>) {
  const { t } = useTranslation();
  const display = usePaymentMethodDisplay();
  return (
    <ul className="method-choice" aria-label={t('wallet.methods')} data-testid={testId}>
      {methods.map((method) => {
        const { name, logo, processingTime } = display(method.code);
        return (
          <li key={method.code}>
            <button type="button" className="method-choice__button" onClick={() => onChoose(method)} data-testid={`method-${method.code}`}>
              <MethodLogo code={method.code} logo={logo} />
              <span className="method-choice__text">
                <span className="method-choice__name">{name}</span>
                <span className="method-choice__detail">{detail(method)}</span>
                {processingTime ? <span className="method-choice__time">{processingTime}</span> : null}
              </span>
              <ArrowRightIcon className="method-choice__arrow" width={18} height={18} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
