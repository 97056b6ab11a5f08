import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LogLevel } from '../../../../../contracts/management/loggers';
import { Select } from '../../../shared/components/select';
import { useLoggers } from '../api/get-loggers';
import { useSetLoggerLevel } from '../api/set-logger-level';
import { ViewMessage, ViewToolbar } from './view-parts';
import './operations-views.css';

/** "inherit" stands for a configured level of null: the module follows ROOT. */
type Choice = LogLevel | 'inherit';

/** OPS-05, OPS-08: each logger's level from GET {management}/loggers, changed with POST …/loggers/{name}. */
export function LoggersView() {
  const { t } = useTranslation();
  const loggers = useLoggers();
  const change = useSetLoggerLevel();
  const [filter, setFilter] = useState('');
  const entries = Object.entries(loggers.data?.loggers ?? {}).filter(([name]) => name.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <div className="ops-view" aria-busy={loggers.isFetching || change.isPending} data-testid="loggers-view">
      <ViewToolbar title={t('ops.loggers.title')} note={t('ops.loggers.note')} query={loggers} testId="loggers-refresh" />
      {loggers.data ? (
        <article className="ops-card ops-card--wide">
          <label className="ops-filter">
            <span>{t('ops.view.filter')}</span>
            <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} data-testid="loggers-filter" />
          </label>
          <div className="ops-table-scroll">
            <table className="ops-table ops-table--loggers" data-testid="loggers-table">
              <caption className="visually-hidden">{t('ops.loggers.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ops.loggers.name')}</th>
                  <th scope="col">{t('ops.loggers.effective')}</th>
                  <th scope="col">{t('ops.loggers.configured')}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map(([name, state]) => {
                  const levels = loggers.data.levels.map((level) => ({ value: level as Choice, label: level.toUpperCase() }));
                  const options = name === 'ROOT' ? levels : [{ value: 'inherit' as Choice, label: t('ops.loggers.inherit') }, ...levels];
                  return (
                    <tr key={name} data-logger={name}>
                      <th scope="row">
                        <code>{name === 'ROOT' ? t('ops.loggers.root') : name}</code>
                      </th>
                      <td>
                        <span className={`ops-level ops-level--${state.effectiveLevel}`} data-testid={`logger-effective-${name}`}>
                          {state.effectiveLevel.toUpperCase()}
                        </span>
                      </td>
                      <td>
                        <Select<Choice>
                          className="ops-level-select"
                          label={<span className="visually-hidden">{t('ops.loggers.levelOf', { name })}</span>}
                          value={state.configuredLevel ?? 'inherit'}
                          options={options}
                          onValueChange={(choice) => change.mutate({ loggerName: name, configuredLevel: choice === 'inherit' ? null : choice })}
                          testId={`logger-level-${name}`}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </article>
      ) : (
        <ViewMessage pending={loggers.isPending} />
      )}
    </div>
  );
}
