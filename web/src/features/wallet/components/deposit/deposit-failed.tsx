import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../shared/components/form-fields';
import type { DepositFailure } from './deposit-failure';

interface DepositFailedProps {
  failure: DepositFailure;
  onRestart(): void;
  onChangeAmount(): void;
  onRetry(): void;
}

/** DEP-32…36: why the deposit did not go through, in the spec's words, and what the player can do next. */
export function DepositFailed({ failure, onRestart, onChangeAmount, onRetry }: DepositFailedProps) {
  const { t } = useTranslation();
  const limit = failure.kind === 'lowLimit' || failure.kind === 'highLimit';
  return (
    <section className="cashier-result cashier-result--failed" data-testid="deposit-failed" data-failure={failure.kind}>
      <span className="cashier-result__badge" aria-hidden="true">
        !
      </span>
      {failure.kind === 'listed' ? (
        <FormAlert
          title={t('wallet.failure.heading')}
          messages={failure.reasons.length > 0 ? failure.reasons : [t('toast.unknown')]}
          testId="deposit-failure-message"
        />
      ) : (
        <FormAlert messages={[t(`wallet.failure.${failure.kind}`)]} testId="deposit-failure-message" />
      )}
      <div className="cashier-result__actions">
        {limit ? (
          <button type="button" className="button button--primary" onClick={onChangeAmount} data-testid="deposit-change-amount">
            {t('wallet.failure.changeAmount')}
          </button>
        ) : null}
        {failure.kind === 'noAnswer' ? (
          <button type="button" className="button button--primary" onClick={onRetry} data-testid="deposit-retry">
            {t('wallet.retry')}
          </button>
        ) : null}
        <button
          type="button"
          className={limit || failure.kind === 'noAnswer' ? 'button button--ghost' : 'button button--primary'}
          onClick={onRestart}
          data-testid="deposit-restart"
        >
          {t('wallet.failure.startAgain')}
        </button>
      </div>
    </section>
  );
}
