import type { ReactNode } from 'react';
import type { PaymentMethodCode } from '../../../../../../contracts/platform/cashier/payment-methods';
import { MethodLogo } from './method-logo';
import { usePaymentMethodDisplay } from './use-payment-method-display';

/** The chosen method, small, at the top of the steps after the choice. */
export function MethodSummary({ code, children }: { code: PaymentMethodCode; children?: ReactNode }) {
  const { name, logo } = usePaymentMethodDisplay()(code);
  return (
    <div className="method-summary" data-testid="method-summary">
      <MethodLogo code={code} logo={logo} />
      <span className="method-summary__name">{name}</span>
      {children ? <span className="method-summary__detail">{children}</span> : null}
    </div>
  );
}
