import { useTranslation } from 'react-i18next';
import type { ThreadDumpResponse } from '../../../../../contracts/management/threaddump';
import { useThreadDump } from '../api/get-thread-dump';
import { formatBytes, formatNumber } from '../readings';
import { ViewMessage, ViewToolbar } from './view-parts';
import './operations-views.css';

function ThreadDumpReport({ dump }: { dump: ThreadDumpResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const active = dump.handles.filter((handle) => handle.isActive).length;
  return (
    <div className="ops-grid">
      <article className="ops-card">
        <h3 className="ops-card__title">{t('ops.threads.process')}</h3>
        <dl className="ops-figures">
          <div className="ops-figure">
            <dt>Node.js</dt>
            <dd data-testid="threads-node">{dump.header.nodejsVersion}</dd>
          </div>
          <div className="ops-figure">
            <dt>{t('ops.threads.pid')}</dt>
            <dd data-testid="threads-pid">{dump.header.pid}</dd>
          </div>
          <div className="ops-figure">
            <dt>{t('ops.threads.platform')}</dt>
            <dd>
              {dump.header.platform} {dump.header.arch} · {t('ops.threads.cpus', { count: dump.header.cpus })}
            </dd>
          </div>
          <div className="ops-figure">
            <dt>{t('ops.threads.workers')}</dt>
            <dd data-testid="threads-workers">{formatNumber(dump.workers, language)}</dd>
          </div>
        </dl>
      </article>

      <article className="ops-card">
        <h3 className="ops-card__title">{t('ops.threads.resources')}</h3>
        <table className="ops-table ops-table--compact" data-testid="threads-resources">
          <caption className="visually-hidden">{t('ops.threads.resources')}</caption>
          <tbody>
            {dump.activeResources.map((resource) => (
              <tr key={resource.type}>
                <th scope="row">
                  <code>{resource.type}</code>
                </th>
                <td className="ops-table__number">{formatNumber(resource.count, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </article>

      <article className="ops-card ops-card--wide">
        <h3 className="ops-card__title">{t('ops.threads.javascriptStack')}</h3>
        <pre className="ops-pre" data-testid="threads-js-stack">
          {[dump.javascriptStack.message, ...dump.javascriptStack.frames].filter(Boolean).join('\n')}
        </pre>
      </article>

      <article className="ops-card ops-card--wide">
        <h3 className="ops-card__title">{t('ops.threads.handles', { active, total: dump.handles.length })}</h3>
        <div className="ops-table-scroll">
          <table className="ops-table" data-testid="threads-handles">
            <caption className="visually-hidden">{t('ops.threads.handlesCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.threads.type')}</th>
                <th scope="col">{t('ops.threads.state')}</th>
                <th scope="col">{t('ops.threads.detail')}</th>
              </tr>
            </thead>
            <tbody>
              {dump.handles.map((handle, index) => (
                <tr key={index}>
                  <th scope="row">
                    <code>{handle.type}</code>
                  </th>
                  <td>
                    {handle.isActive ? t('ops.threads.active') : t('ops.threads.inactive')}
                    {handle.isReferenced ? '' : ` · ${t('ops.threads.unreferenced')}`}
                  </td>
                  <td className="ops-table__wrap">{handle.detail ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </article>

      <article className="ops-card ops-card--wide">
        <h3 className="ops-card__title">{t('ops.threads.nativeStack')}</h3>
        <pre className="ops-pre ops-pre--short" data-testid="threads-native-stack">
          {dump.nativeStack.join('\n')}
        </pre>
      </article>

      <article className="ops-card ops-card--wide">
        <h3 className="ops-card__title">{t('ops.threads.heapSpaces')}</h3>
        <div className="ops-table-scroll">
          <table className="ops-table ops-table--compact">
            <caption className="visually-hidden">{t('ops.threads.heapSpaces')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.threads.space')}</th>
                <th scope="col" className="ops-table__number">
                  {t('ops.threads.used')}
                </th>
                <th scope="col" className="ops-table__number">
                  {t('ops.threads.size')}
                </th>
              </tr>
            </thead>
            <tbody>
              {dump.heapSpaces.map((space) => (
                <tr key={space.space}>
                  <th scope="row">
                    <code>{space.space}</code>
                  </th>
                  <td className="ops-table__number">{formatBytes(space.usedBytes, language)}</td>
                  <td className="ops-table__number">{formatBytes(space.sizeBytes, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </article>
    </div>
  );
}

/** OPS-04: Node's diagnostic report from GET {management}/threaddump — stacks, handles, heap spaces. */
export function ThreadDumpView() {
  const { t } = useTranslation();
  const dump = useThreadDump();
  return (
    <div className="ops-view" aria-busy={dump.isFetching} data-testid="threads-view">
      <ViewToolbar title={t('ops.threads.title')} note={t('ops.threads.note')} query={dump} testId="threads-refresh" />
      {dump.data ? <ThreadDumpReport dump={dump.data} /> : <ViewMessage pending={dump.isPending} />}
    </div>
  );
}
