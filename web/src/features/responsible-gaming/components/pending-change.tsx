import type { PendingLimit } from '../../../../../contracts/platform/limits/limits';
import { useConfirmPendingLimit } from '../api/confirm-pending-limit';
import { formatDateTime } from '../format';
import { useRgTranslation } from '../i18n';
import { serverMessageOf } from '../server-message';

/**
 * A change waiting for its cooling-off (RG-18, RG-21): the new value and its date, Confirm (only
 * once the cooling-off is over: an unconfirmed increase never applies) and Cancel.
 */
export function PendingChange({
  pending,
  formatValue,
  testId,
}: {
  pending: PendingLimit | { id: string | null; limit: number | null; effectiveDate: string; confirmable: boolean };
  formatValue(value: number): string;
  testId: string;
}) {
  const { t, language } = useRgTranslation();
  const decide = useConfirmPendingLimit();
  const date = formatDateTime(pending.effectiveDate, language);
  const id = pending.id;
  const failure = decide.isError ? (serverMessageOf(decide.error) ?? t('rg.error')) : null;
  return (
    <div className="rg-pending" data-testid={testId} data-confirmable={pending.confirmable}>
      <p className="rg-pending__value">
        {pending.limit === null ? t('rg.pending.removal', { date }) : t('rg.pending.value', { value: formatValue(pending.limit), date })}
      </p>
      <p className="rg-pending__hint">{pending.confirmable ? t('rg.pending.ready') : t('rg.pending.waiting', { date })}</p>
      {id ? (
        <div className="rg-pending__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!pending.confirmable || decide.isPending}
            onClick={() => decide.mutate({ id, action: 'confirm' })}
            data-testid={`${testId}-confirm`}
          >
            {t('rg.pending.confirm')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={decide.isPending}
            onClick={() => decide.mutate({ id, action: 'cancel' })}
            data-testid={`${testId}-cancel`}
          >
            {t('rg.pending.cancel')}
          </button>
        </div>
      ) : null}
      {failure ? (
        <p className="field__error" role="alert" data-testid={`${testId}-error`}>
          {failure}
        </p>
      ) : null}
    </div>
  );
}
