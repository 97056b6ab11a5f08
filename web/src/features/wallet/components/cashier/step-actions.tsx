import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightIcon } from '../../../../shared/components/icons';

interface StepActionsProps {
  onBack?: () => void;
  /** The step's forward action (a submit button, usually). */
  children?: ReactNode;
}

/** The foot of a wizard step: Back on the left, the way forward on the right. */
export function StepActions({ onBack, children }: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="cashier-actions">
      {onBack ? (
        <button type="button" className="button button--ghost cashier-actions__back" onClick={onBack} data-testid="wizard-back">
          <ArrowRightIcon className="cashier-actions__back-icon" width={16} height={16} />
          {t('wallet.back')}
        </button>
      ) : null}
      {children}
    </div>
  );
}

/** The forward button of a step (Proceed, Pay…), busy while its request runs. */
export function ProceedButton({
  children,
  disabled = false,
  busy = false,
  testId,
  type = 'submit',
  onClick,
}: {
  children: ReactNode;
  disabled?: boolean;
  busy?: boolean;
  testId?: string;
  type?: 'submit' | 'button';
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      className="button button--primary cashier-actions__proceed"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      data-testid={testId}
      onClick={onClick}
    >
      {busy ? <span className="cashier-spinner cashier-spinner--small" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
