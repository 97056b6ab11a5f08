import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RefreshIcon } from '../../../shared/components/icons';
import { clockTime } from '../clock-time';

/** The title, when the reading was taken and a Refresh button, shared by the operations views. */
export function ViewToolbar({ title, note, query, testId }: { title: string; note?: string; query: UseQueryResult<unknown>; testId: string }) {
  const { t, i18n } = useTranslation();
  const readAt = query.dataUpdatedAt ? clockTime(query.dataUpdatedAt, i18n.language) : null;
  return (
    <div className="ops-view__toolbar">
      <div>
        <h2 className="ops-view__title">{title}</h2>
        <p className="ops-view__note" aria-live="polite">
          {[readAt ? t('ops.view.readAt', { time: readAt }) : null, note].filter(Boolean).join(' · ')}
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary ops-view__refresh"
        // aria-disabled rather than disabled: the button keeps its focus while the reading is under way.
        aria-disabled={query.isFetching}
        onClick={() => {
          if (!query.isFetching) void query.refetch();
        }}
        data-testid={testId}
      >
        <RefreshIcon width={16} height={16} className={query.isFetching ? 'health-view__spin' : undefined} />
        {query.isFetching ? t('ops.health.refreshing') : t('ops.health.refresh')}
      </button>
    </div>
  );
}

export function ViewMessage({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return pending ? (
    <p className="health-view__message">{t('ops.view.loading')}</p>
  ) : (
    <p className="health-view__message health-view__message--error">{t('ops.view.failed')}</p>
  );
}
