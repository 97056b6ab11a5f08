import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../../shared/components/form-fields';
import type { WithdrawalFailure } from './withdrawal-failure';

/** WDR-15: the server's message and errors, or why there was none, and a way to start again. */
export function WithdrawalFailed({ failure, onRestart }: { failure: WithdrawalFailure; onRestart(): void }) {
  const { t } = useTranslation();
  return (
    <section className="cashier-result cashier-result--failed" data-testid="withdrawal-failed">
      <span className="cashier-result__badge" aria-hidden="true">
        !
      </span>
      {failure.kind === 'listed' ? (
        <FormAlert
          title={t('wallet.withdrawal.failedHeading')}
          messages={failure.reasons.length > 0 ? failure.reasons : [t('toast.unknown')]}
          testId="withdrawal-failure-message"
        />
      ) : (
        <FormAlert messages={[t(`wallet.failure.${failure.kind}`)]} testId="withdrawal-failure-message" />
      )}
      <div className="cashier-result__actions">
        <button type="button" className="button button--primary" onClick={onRestart} data-testid="withdrawal-restart">
          {failure.kind === 'noAnswer' ? t('wallet.retry') : t('wallet.failure.startAgain')}
        </button>
      </div>
    </section>
  );
}
