import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../../shared/components/tabs';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { HealthView } from './health-view';
import './admin-area.css';

/** The views of OPS-01 that exist so far; metrics, loggers, configuration and environment join here. */
type OperationsView = 'health';

/**
 * The operations area (OPS-01, OPS-10), reachable with ROLE_ADMIN. The open view is kept in `?view=`
 * so that a link or a reload lands on it.
 */
export function AdminArea() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(t('pages.admin'));

  const views: TabItem<OperationsView>[] = [{ value: 'health', label: t('ops.tab.health'), content: <HealthView /> }];
  const open = views.find((view) => view.value === searchParams.get('view'))?.value ?? 'health';

  return (
    <section className="ops" aria-labelledby="ops-title" data-testid="operations">
      <header className="ops__header">
        <h1 id="ops-title" className="ops__title">
          {t('pages.admin')}
        </h1>
        <p className="ops__lead">{t('ops.description')}</p>
      </header>
      <Tabs
        label={t('ops.views')}
        items={views}
        value={open}
        onValueChange={(view) =>
          setSearchParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('view', view);
              return next;
            },
            { replace: true },
          )
        }
        testId="ops-tabs"
      />
    </section>
  );
}
