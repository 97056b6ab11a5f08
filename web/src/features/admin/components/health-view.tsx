import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HealthComponentName, HealthResponse } from '../../../../../contracts/management/health';
import { RefreshIcon } from '../../../shared/components/icons';
import { useHealth } from '../api/get-health';
import { uptimeParts } from '../uptime';
import { clockTime } from '../clock-time';
import { formatNumber } from '../readings';
import './health-view.css';

type Status = HealthResponse['status'];

function StatusBadge({ status, size = 'small', testId }: { status: Status; size?: 'small' | 'large'; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status.toLowerCase()} status-badge--${size}`} data-status={status} data-testid={testId}>
      <span className="status-badge__dot" aria-hidden="true" />
      {t(`ops.health.status.${status}`)}
    </span>
  );
}

function Reading({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="health-reading">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

function Uptime({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const text = uptimeParts(seconds)
    .map((part) => t(`ops.uptime.${part.unit}`, { value: part.value }))
    .join(' ');
  return <time dateTime={`PT${Math.max(0, Math.floor(seconds))}S`}>{text}</time>;
}

function ComponentCard({ name, status, children }: { name: Exclude<HealthComponentName, 'db'>; status: Status; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <article className="health-card" data-component={name}>
      <h3 className="health-card__title">{t(`ops.health.component.${name}`)}</h3>
      <dl className="health-card__readings">
        <Reading label={t('ops.health.databaseStatus')} testId={`health-${name}-status`}>
          <StatusBadge status={status} testId={`health-${name}-status-badge`} />
        </Reading>
        {children}
      </dl>
    </article>
  );
}

function HealthReport({ health }: { health: HealthResponse }) {
  const { t, i18n } = useTranslation();
  const { db, migrations, mail, paymentProvider, rng, eventBus } = health.components;
  const error = (text: string | undefined, name: string) =>
    text ? (
      <Reading label={t('ops.health.databaseError')} testId={`health-${name}-error`}>
        <span className="health-reading__error">{text}</span>
      </Reading>
    ) : null;
  return (
    <div className="health-report">
      <article className={`health-card health-card--overall health-card--${health.status.toLowerCase()}`}>
        <div>
          <h3 className="health-card__title">{t('ops.health.overall')}</h3>
          <p className="health-card__summary">{t(`ops.health.summary.${health.status}`)}</p>
        </div>
        <StatusBadge status={health.status} size="large" testId="health-status" />
      </article>

      <article className="health-card" data-component="db">
        <h3 className="health-card__title">{t('ops.health.database')}</h3>
        <dl className="health-card__readings">
          <Reading label={t('ops.health.databaseStatus')} testId="health-db-status">
            <StatusBadge status={db.status} testId="health-db-status-badge" />
          </Reading>
          <Reading label={t('ops.health.driver')} testId="health-db-driver">
            <code>{db.details.driver}</code>
          </Reading>
          <Reading label={t('ops.health.serverVersion')} testId="health-db-version">
            {db.details.serverVersion ?? <span className="health-reading__missing">{t('ops.health.notReported')}</span>}
          </Reading>
          {error(db.details.error, 'db')}
        </dl>
      </article>

      <article className="health-card">
        <h3 className="health-card__title">{t('ops.health.application')}</h3>
        <dl className="health-card__readings">
          <Reading label={t('ops.health.version')} testId="health-version">
            <code>{health.version}</code>
          </Reading>
          <Reading label={t('ops.health.uptime')} testId="health-uptime">
            <Uptime seconds={health.uptimeSeconds} />
          </Reading>
        </dl>
      </article>

      <ComponentCard name="migrations" status={migrations.status}>
        <Reading label={t('ops.health.migrationsApplied')} testId="health-migrations-applied">
          {migrations.details.applied ?? '–'} / {migrations.details.expected}
        </Reading>
        {migrations.details.latest ? (
          <Reading label={t('ops.health.migrationsLatest')} testId="health-migrations-latest">
            <code>{migrations.details.latest}</code>
          </Reading>
        ) : null}
        {error(migrations.details.error, 'migrations')}
      </ComponentCard>

      <ComponentCard name="paymentProvider" status={paymentProvider.status}>
        <Reading label={t('ops.health.provider')} testId="health-paymentProvider-provider">
          <code>{paymentProvider.details.provider}</code>
        </Reading>
        <Reading label={t('ops.health.methods')} testId="health-paymentProvider-methods">
          {paymentProvider.details.methods}
        </Reading>
        {error(paymentProvider.details.error, 'paymentProvider')}
      </ComponentCard>

      <ComponentCard name="mail" status={mail.status}>
        <Reading label={t('ops.health.transport')} testId="health-mail-transport">
          {t(`ops.health.transport.${mail.details.transport}`)}
        </Reading>
        {error(mail.details.error, 'mail')}
      </ComponentCard>

      <ComponentCard name="rng" status={rng.status}>
        <Reading label={t('ops.health.bytesTested')} testId="health-rng-bytes">
          {formatNumber(rng.details.bytesTested, i18n.language)}
        </Reading>
        {error(rng.details.error, 'rng')}
      </ComponentCard>

      <ComponentCard name="eventBus" status={eventBus.status}>
        <Reading label={t('ops.health.configured')} testId="health-eventBus-configured">
          {eventBus.details.configured ? t('ops.health.yes') : t('ops.health.no')}
        </Reading>
        <p className="health-card__note" data-testid="health-eventBus-note">
          {t('ops.health.eventBusNote')}
        </p>
      </ComponentCard>
    </div>
  );
}

/** OPS-02: the overall status and each component's (database, migrations, payment provider, mail, RNG, event bus) from GET {management}/health. */
export function HealthView() {
  const { t, i18n } = useTranslation();
  const health = useHealth();
  const checkedAt = health.dataUpdatedAt ? clockTime(health.dataUpdatedAt, i18n.language) : null;

  let body: ReactNode;
  if (health.data) body = <HealthReport health={health.data} />;
  else if (health.isPending) body = <p className="health-view__message">{t('ops.health.loading')}</p>;
  else body = <p className="health-view__message health-view__message--error">{t('ops.health.failed')}</p>;

  return (
    <div className="health-view" aria-busy={health.isFetching} data-testid="health-view">
      <div className="health-view__toolbar">
        <div>
          <h2 className="health-view__title">{t('ops.health.title')}</h2>
          {checkedAt ? (
            <p className="health-view__checked" aria-live="polite">
              {t('ops.health.checkedAt', { time: checkedAt })}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="button button--secondary health-view__refresh"
          // aria-disabled rather than disabled: the button keeps its focus while the reading is under way.
          aria-disabled={health.isFetching}
          onClick={() => {
            if (!health.isFetching) void health.refetch();
          }}
          data-testid="health-refresh"
        >
          <RefreshIcon width={16} height={16} className={health.isFetching ? 'health-view__spin' : undefined} />
          {health.isFetching ? t('ops.health.refreshing') : t('ops.health.refresh')}
        </button>
      </div>
      {body}
    </div>
  );
}
