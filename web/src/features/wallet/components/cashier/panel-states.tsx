import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A panel that is still reading what it shows. */
export function PanelLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="cashier-state" role="status" data-testid="wallet-loading">
      <span className="cashier-spinner" aria-hidden="true" />
      <span>{label ?? t('wallet.loading')}</span>
    </div>
  );
}

/** A panel whose data could not be read, with a way to ask again. */
export function PanelLoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div className="cashier-state cashier-state--failed" role="alert" data-testid="wallet-load-failed">
      <p>{t('wallet.loadFailed')}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('wallet.retry')}
      </button>
    </div>
  );
}

/** An honest empty state: what is missing, and what the player can do. */
export function PanelEmpty({ title, children, testId }: { title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className="cashier-empty" data-testid={testId}>
      <p className="cashier-empty__title" data-testid={testId && `${testId}-title`}>
        {title}
      </p>
      {children ? <div className="cashier-empty__text">{children}</div> : null}
    </div>
  );
}
