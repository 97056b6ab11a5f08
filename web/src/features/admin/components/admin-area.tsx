import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../../shared/components/tabs';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { registerOperationsStrings } from '../../../shared/i18n/operations/register';
import { ConfigurationView, EnvironmentView } from './configuration-view';
import { HealthView } from './health-view';
import { LoggersView } from './loggers-view';
import { MetricsView } from './metrics-view';
import { ThreadDumpView } from './thread-dump-view';
import './admin-area.css';

registerOperationsStrings();

/** The views of OPS-01, one per management endpoint (NS-08). Only the loggers view changes anything (OPS-09). */
type OperationsView = 'health' | 'metrics' | 'threaddump' | 'loggers' | 'configprops' | 'env';

/**
 * The operations area (OPS-01, OPS-10), reachable with ROLE_ADMIN. The open view is kept in `?view=`
 * so that a link or a reload lands on it.
 */
export function AdminArea() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(t('pages.admin'));

  // Radix mounts only the open panel, so a view reads its endpoint (and the metrics poll) only while open.
  const views: TabItem<OperationsView>[] = [
    { value: 'health', label: t('ops.tab.health'), content: <HealthView /> },
    { value: 'metrics', label: t('ops.tab.metrics'), content: <MetricsView /> },
    { value: 'threaddump', label: t('ops.tab.threaddump'), content: <ThreadDumpView /> },
    { value: 'loggers', label: t('ops.tab.loggers'), content: <LoggersView /> },
    { value: 'configprops', label: t('ops.tab.configprops'), content: <ConfigurationView /> },
    { value: 'env', label: t('ops.tab.env'), content: <EnvironmentView /> },
  ];
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
