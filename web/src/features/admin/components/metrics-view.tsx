import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { JhiMetricsResponse } from '../../../../../contracts/management/jhimetrics';
import { useMetrics } from '../api/get-metrics';
import { appendReading, formatBytes, formatMs, formatNumber } from '../readings';
import { ViewToolbar, ViewMessage } from './view-parts';
import { TimeSeriesChart } from './time-series-chart';
import './operations-views.css';

/** How many readings the charts keep: five minutes at one reading every five seconds. */
const CHART_POINTS = 60;

interface Reading {
  at: number;
  heapUsed: number;
  resident: number;
  lagP50: number;
  lagP99: number;
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="ops-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function Card({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <article className={wide ? 'ops-card ops-card--wide' : 'ops-card'}>
      <h3 className="ops-card__title">{title}</h3>
      {children}
    </article>
  );
}

function CountList({ rows, label, empty, testId }: { rows: { name: string; count: number }[]; label: string; empty: string; testId: string }) {
  const { i18n } = useTranslation();
  if (rows.length === 0) return <p className="ops-muted">{empty}</p>;
  return (
    <table className="ops-table ops-table--compact" data-testid={testId}>
      <caption className="visually-hidden">{label}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name}>
            <th scope="row">
              <code>{row.name}</code>
            </th>
            <td className="ops-table__number">{formatNumber(row.count, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MetricsReport({ metrics, readings }: { metrics: JhiMetricsResponse; readings: Reading[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const bytes = (value: number) => formatBytes(value, language);
  const ms = (value: number) => formatMs(value, language);
  const times = readings.map((reading) => reading.at);
  const pool = metrics.databasePool;
  const notReported = t('ops.metrics.notReported');

  return (
    <div className="ops-grid">
      <Card title={t('ops.metrics.memory')}>
        <TimeSeriesChart
          title={t('ops.metrics.memoryChart')}
          times={times}
          series={[
            { label: t('ops.metrics.heapUsed'), color: '#34d399', values: readings.map((reading) => reading.heapUsed) },
            { label: t('ops.metrics.resident'), color: '#fbbf24', values: readings.map((reading) => reading.resident) },
          ]}
          formatValue={bytes}
          language={language}
          testId="metrics-memory-chart"
        />
        <dl className="ops-figures">
          <Figure label={t('ops.metrics.heapUsed')} value={bytes(metrics.memory.heapUsedBytes)} testId="metrics-heap-used" />
          <Figure label={t('ops.metrics.heapTotal')} value={bytes(metrics.memory.heapTotalBytes)} testId="metrics-heap-total" />
          <Figure label={t('ops.metrics.resident')} value={bytes(metrics.memory.residentBytes)} testId="metrics-resident" />
          <Figure label={t('ops.metrics.external')} value={bytes(metrics.memory.externalBytes)} testId="metrics-external" />
        </dl>
      </Card>

      <Card title={t('ops.metrics.eventLoop')}>
        <TimeSeriesChart
          title={t('ops.metrics.eventLoopChart')}
          times={times}
          series={[
            { label: 'p50', color: '#60a5fa', values: readings.map((reading) => reading.lagP50) },
            { label: 'p99', color: '#f87171', values: readings.map((reading) => reading.lagP99) },
          ]}
          formatValue={ms}
          language={language}
          testId="metrics-lag-chart"
        />
        <dl className="ops-figures">
          <Figure label={t('ops.metrics.lagMean')} value={ms(metrics.eventLoop.meanMs)} testId="metrics-lag-mean" />
          <Figure label="p90" value={ms(metrics.eventLoop.p90Ms)} testId="metrics-lag-p90" />
          <Figure label="p99" value={ms(metrics.eventLoop.p99Ms)} testId="metrics-lag-p99" />
          <Figure label={t('ops.metrics.lagMax')} value={ms(metrics.eventLoop.maxMs)} testId="metrics-lag-max" />
        </dl>
      </Card>

      <Card title={t('ops.metrics.http')} wide>
        <p className="ops-muted" data-testid="metrics-http-total">
          {t('ops.metrics.httpTotal', { count: metrics.http.total, formatted: formatNumber(metrics.http.total, language) })}
        </p>
        <div className="ops-table-scroll">
          <table className="ops-table" data-testid="metrics-requests">
            <caption className="visually-hidden">{t('ops.metrics.http')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.metrics.route')}</th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.count')}
                </th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.errors')}
                </th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.mean')}
                </th>
                <th scope="col" className="ops-table__number">
                  p50
                </th>
                <th scope="col" className="ops-table__number">
                  p95
                </th>
                <th scope="col" className="ops-table__number">
                  p99
                </th>
              </tr>
            </thead>
            <tbody>
              {metrics.http.requests.map((entry) => (
                <tr key={`${entry.method} ${entry.route}`} data-route={entry.route}>
                  <th scope="row">
                    <span className="ops-method">{entry.method}</span> <code>{entry.route}</code>
                  </th>
                  <td className="ops-table__number">{formatNumber(entry.count, language)}</td>
                  <td className="ops-table__number">{formatNumber(entry.errors, language)}</td>
                  <td className="ops-table__number">{ms(entry.meanMs)}</td>
                  <td className="ops-table__number">{ms(entry.percentilesMs.p50)}</td>
                  <td className="ops-table__number">{ms(entry.percentilesMs.p95)}</td>
                  <td className="ops-table__number">{ms(entry.percentilesMs.p99)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      <Card title={t('ops.metrics.gc')}>
        {metrics.garbageCollection.length === 0 ? (
          <p className="ops-muted">{t('ops.metrics.noGc')}</p>
        ) : (
          <table className="ops-table ops-table--compact" data-testid="metrics-gc">
            <caption className="visually-hidden">{t('ops.metrics.gc')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.metrics.gcKind')}</th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.count')}
                </th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.gcTime')}
                </th>
              </tr>
            </thead>
            <tbody>
              {metrics.garbageCollection.map((entry) => (
                <tr key={entry.kind}>
                  <th scope="row">{entry.kind}</th>
                  <td className="ops-table__number">{formatNumber(entry.count, language)}</td>
                  <td className="ops-table__number">{ms(entry.totalMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      <Card title={t('ops.metrics.databasePool')}>
        <dl className="ops-figures">
          <Figure label={t('ops.metrics.driver')} value={<code>{pool.driver}</code>} testId="metrics-pool-driver" />
          <Figure label={t('ops.metrics.poolMax')} value={formatNumber(pool.max, language)} testId="metrics-pool-max" />
          <Figure label={t('ops.metrics.poolOpen')} value={formatNumber(pool.total, language)} testId="metrics-pool-open" />
          <Figure label={t('ops.metrics.poolIdle')} value={pool.idle === null ? notReported : formatNumber(pool.idle, language)} testId="metrics-pool-idle" />
          <Figure
            label={t('ops.metrics.poolWaiting')}
            value={pool.waiting === null ? notReported : formatNumber(pool.waiting, language)}
            testId="metrics-pool-waiting"
          />
        </dl>
      </Card>

      <Card title={t('ops.metrics.caches')}>
        {metrics.caches.length === 0 ? (
          <p className="ops-muted">{t('ops.metrics.noCaches')}</p>
        ) : (
          <table className="ops-table ops-table--compact" data-testid="metrics-caches">
            <caption className="visually-hidden">{t('ops.metrics.caches')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('ops.metrics.cache')}</th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.hits')}
                </th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.misses')}
                </th>
                <th scope="col" className="ops-table__number">
                  {t('ops.metrics.hitRatio')}
                </th>
              </tr>
            </thead>
            <tbody>
              {metrics.caches.map((entry) => (
                <tr key={entry.cache}>
                  <th scope="row">
                    <code>{entry.cache}</code>
                  </th>
                  <td className="ops-table__number">{formatNumber(entry.hits, language)}</td>
                  <td className="ops-table__number">{formatNumber(entry.misses, language)}</td>
                  <td className="ops-table__number">{entry.hitRatio === null ? '–' : `${formatNumber(entry.hitRatio * 100, language, 1)} %`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      <Card title={t('ops.metrics.process')}>
        <dl className="ops-figures">
          <Figure
            label={t('ops.metrics.uptime')}
            value={t('ops.metrics.seconds', { value: formatNumber(metrics.uptimeSeconds, language) })}
            testId="metrics-uptime"
          />
          <Figure
            label={t('ops.metrics.cpu')}
            value={t('ops.metrics.seconds', { value: formatNumber(metrics.process.cpuSeconds, language, 1) })}
            testId="metrics-cpu"
          />
          <Figure label={t('ops.metrics.handles')} value={formatNumber(metrics.process.activeHandles, language)} testId="metrics-handles" />
        </dl>
      </Card>

      <Card title={t('ops.metrics.platform')} wide>
        <div className="ops-columns">
          <section>
            <h4 className="ops-subtitle">{t('ops.metrics.deposits')}</h4>
            <CountList
              rows={metrics.platform.deposits.map((row) => ({ name: row.status, count: row.count }))}
              label={t('ops.metrics.deposits')}
              empty={t('ops.metrics.none')}
              testId="metrics-deposits"
            />
          </section>
          <section>
            <h4 className="ops-subtitle">{t('ops.metrics.withdrawals')}</h4>
            <CountList
              rows={metrics.platform.withdrawals.map((row) => ({ name: row.status, count: row.count }))}
              label={t('ops.metrics.withdrawals')}
              empty={t('ops.metrics.none')}
              testId="metrics-withdrawals"
            />
          </section>
          <section>
            <h4 className="ops-subtitle">{t('ops.metrics.rounds')}</h4>
            <CountList
              rows={metrics.platform.rounds.map((row) => ({ name: row.kind, count: row.count }))}
              label={t('ops.metrics.rounds')}
              empty={t('ops.metrics.none')}
              testId="metrics-rounds"
            />
          </section>
          <section>
            <h4 className="ops-subtitle">{t('ops.metrics.refusals')}</h4>
            <CountList
              rows={metrics.platform.refusals.map((row) => ({ name: row.reason, count: row.count }))}
              label={t('ops.metrics.refusals')}
              empty={t('ops.metrics.none')}
              testId="metrics-refusals"
            />
          </section>
        </div>
      </Card>
    </div>
  );
}

/** OPS-03: the process's metrics from GET {management}/jhimetrics, read every few seconds while open. */
export function MetricsView() {
  const { t } = useTranslation();
  const metrics = useMetrics();
  const [readings, setReadings] = useState<Reading[]>([]);
  const data = metrics.data;

  // Each new reading joins the charts' series once (state derived while rendering, not in an effect).
  if (data && Date.parse(data.takenAt) !== readings.at(-1)?.at) {
    const reading: Reading = {
      at: Date.parse(data.takenAt),
      heapUsed: data.memory.heapUsedBytes,
      resident: data.memory.residentBytes,
      lagP50: data.eventLoop.p50Ms,
      lagP99: data.eventLoop.p99Ms,
    };
    setReadings(appendReading(readings, reading, CHART_POINTS));
  }

  return (
    <div className="ops-view" aria-busy={metrics.isFetching} data-testid="metrics-view">
      <ViewToolbar title={t('ops.metrics.title')} note={t('ops.metrics.polling')} query={metrics} testId="metrics-refresh" />
      {data ? <MetricsReport metrics={data} readings={readings} /> : <ViewMessage pending={metrics.isPending} />}
    </div>
  );
}
