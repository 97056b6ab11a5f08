import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MASK, type PropertyValue } from '../../../../../contracts/management/configuration';
import { useConfigProps, useEnv } from '../api/get-configuration';
import { ViewMessage, ViewToolbar } from './view-parts';
import './operations-views.css';

interface PropertyGroup {
  name: string;
  properties: [string, PropertyValue, string?][];
}

function Value({ value }: { value: PropertyValue }) {
  const { t } = useTranslation();
  if (value === null) return <span className="ops-muted">{t('ops.config.unset')}</span>;
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  if (text === MASK)
    return (
      <span className="ops-masked" title={t('ops.config.maskedHint')}>
        {t('ops.config.masked')}
      </span>
    );
  return <code className={text.includes(MASK) ? 'ops-value ops-value--partly-masked' : 'ops-value'}>{text}</code>;
}

function PropertyGroups({ groups, testId }: { groups: PropertyGroup[]; testId: string }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLowerCase();
  const shown = groups
    .map((group) => ({
      ...group,
      properties: group.properties.filter(([name, value]) => !wanted || name.toLowerCase().includes(wanted) || String(value).toLowerCase().includes(wanted)),
    }))
    .filter((group) => group.properties.length > 0);
  return (
    <div className="ops-grid" data-testid={testId}>
      <label className="ops-filter ops-card--wide">
        <span>{t('ops.view.filter')}</span>
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} data-testid={`${testId}-filter`} />
      </label>
      {shown.map((group) => (
        <article key={group.name} className="ops-card ops-card--wide" data-group={group.name}>
          <h3 className="ops-card__title">{group.name}</h3>
          <div className="ops-table-scroll">
            <table className="ops-table ops-table--properties">
              <caption className="visually-hidden">{group.name}</caption>
              <tbody>
                {group.properties.map(([name, value, origin]) => (
                  <tr key={name} data-property={name}>
                    <th scope="row">
                      <code>{name}</code>
                    </th>
                    <td className="ops-table__wrap">
                      <Value value={value} />
                      {origin ? <span className="ops-origin">{origin}</span> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </article>
      ))}
      {shown.length === 0 ? <p className="ops-muted">{t('ops.view.noMatch')}</p> : null}
    </div>
  );
}

/** OPS-06, OPS-12: the validated configuration from GET {management}/configprops, secrets masked by the server. */
export function ConfigurationView() {
  const { t } = useTranslation();
  const config = useConfigProps();
  const groups: PropertyGroup[] = (config.data?.groups ?? []).map((group) => ({ name: group.prefix, properties: Object.entries(group.properties) }));
  return (
    <div className="ops-view" aria-busy={config.isFetching} data-testid="configprops-view">
      <ViewToolbar title={t('ops.config.title')} note={t('ops.config.note')} query={config} testId="configprops-refresh" />
      {config.data ? <PropertyGroups groups={groups} testId="configprops" /> : <ViewMessage pending={config.isPending} />}
    </div>
  );
}

/** OPS-07, OPS-12: Emerald's environment variables and the runtime from GET {management}/env, secrets masked by the server. */
export function EnvironmentView() {
  const { t } = useTranslation();
  const env = useEnv();
  const groups: PropertyGroup[] = (env.data?.propertySources ?? []).map((source) => ({
    name: source.name,
    properties: Object.entries(source.properties).map(([name, property]) => [name, property.value] as [string, PropertyValue]),
  }));
  return (
    <div className="ops-view" aria-busy={env.isFetching} data-testid="env-view">
      <ViewToolbar
        title={t('ops.env.title')}
        note={env.data ? t('ops.env.profiles', { profiles: env.data.activeProfiles.join(', ') }) : undefined}
        query={env}
        testId="env-refresh"
      />
      {env.data ? <PropertyGroups groups={groups} testId="env" /> : <ViewMessage pending={env.isPending} />}
    </div>
  );
}
