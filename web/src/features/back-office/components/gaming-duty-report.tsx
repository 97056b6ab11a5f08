import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DutyGranularity, GamingDutyRow, GamingDutyTotal } from '../../../../../contracts/back-office/gaming-duty';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { gamingDutyExportUrl, useGamingDutyReport, type DutyRange } from '../api/reports';
import { BackOfficeTable, type BackOfficeColumn } from './back-office-table';
import { formatMinor } from './format';
import './player-records.css';
import './gaming-duty-report.css';

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A line of the table: a period's figures, or a currency's total for GB players or the others. */
type Line = ({ kind: 'row' } & GamingDutyRow) | ({ kind: 'total' } & GamingDutyTotal);

/**
 * Remote Gaming Duty (issue 29, item 5): gross gaming yield per product and currency by UTC day or
 * month, the rate in force and the duty on GB players' yield, the totals, and the same as CSV.
 */
export function GamingDutyReport() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DutyRange>({ from: `${utcDay(0).slice(0, 7)}-01`, to: utcDay(0), granularity: 'day' });
  const [range, setRange] = useState<DutyRange>(draft);
  const report = useGamingDutyReport(range);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange({ ...draft });
  };
  const fieldError = (field: keyof DutyRange) =>
    report.error instanceof BackOfficeError ? report.error.fieldErrors.find((error) => error.field === field)?.error : undefined;
  const dateInput = (name: 'from' | 'to', label: string) => (
    <Field label={label} error={fieldError(name)}>
      {(control) => (
        <input
          {...control}
          type="date"
          className="input"
          name={`duty-${name}`}
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        />
      )}
    </Field>
  );
  const amount = (minor: number | null) => (minor === null ? '—' : formatMinor(minor));
  const columns: BackOfficeColumn<Line>[] = [
    { header: t('bo.duty.period'), cellClassName: 'bo-nowrap', cell: (line) => (line.kind === 'row' ? line.period : t('bo.reports.total')) },
    { header: t('bo.duty.product'), cell: (line) => (line.kind === 'row' ? t(`bo.duty.product.${line.product}`) : '') },
    { header: t('bo.duty.players'), cell: (line) => t(line.dutiable ? 'bo.duty.players.gb' : 'bo.duty.players.other') },
    { header: t('bo.duty.currency'), cell: (line) => line.currency },
    { header: t('bo.reports.stakes'), headerClassName: 'bo-amount', cellClassName: 'bo-amount', cell: (line) => amount(line.stakes) },
    { header: t('bo.reports.wins'), headerClassName: 'bo-amount', cellClassName: 'bo-amount', cell: (line) => amount(line.wins) },
    { header: t('bo.duty.ggy'), headerClassName: 'bo-amount', cellClassName: 'bo-amount', cell: (line) => amount(line.grossGamingYield) },
    {
      header: t('bo.duty.rate'),
      headerClassName: 'bo-amount',
      cellClassName: 'bo-amount',
      cell: (line) => (line.kind === 'row' && line.ratePercent !== null ? t('bo.duty.percent', { rate: line.ratePercent }) : '—'),
    },
    { header: t('bo.duty.duty'), headerClassName: 'bo-amount', cellClassName: 'bo-amount', cell: (line) => amount(line.duty) },
  ];
  const lines: Line[] = report.data
    ? [...report.data.rows.map((row) => ({ kind: 'row' as const, ...row })), ...report.data.totals.map((total) => ({ kind: 'total' as const, ...total }))]
    : [];
  return (
    <section className="bo-stack" data-testid="bo-gaming-duty" aria-labelledby="bo-gaming-duty-title">
      <h3 id="bo-gaming-duty-title">{t('bo.duty.title')}</h3>
      <p className="bo-muted">{t('bo.duty.lead')}</p>
      {report.data ? (
        <p className="bo-muted">
          {t('bo.duty.rates', { rates: report.data.rates.map((rate) => t('bo.duty.rateFrom', { rate: rate.ratePercent, from: rate.from })).join('; ') })}
        </p>
      ) : null}
      <form className="bo-inline-form" onSubmit={submit}>
        {dateInput('from', t('bo.reports.from'))}
        {dateInput('to', t('bo.reports.to'))}
        <Field label={t('bo.duty.granularity')} error={fieldError('granularity')}>
          {(control) => (
            <select
              {...control}
              className="input"
              name="duty-granularity"
              value={draft.granularity}
              onChange={(event) => setDraft({ ...draft, granularity: event.target.value as DutyGranularity })}
            >
              <option value="day">{t('bo.duty.granularity.day')}</option>
              <option value="month">{t('bo.duty.granularity.month')}</option>
            </select>
          )}
        </Field>
        <button type="submit" className="button button--secondary">
          {t('bo.reports.show')}
        </button>
        <a className="button button--secondary" href={gamingDutyExportUrl(range)} download={`gaming-duty-${range.granularity}-${range.from}-${range.to}.csv`}>
          {t('bo.duty.download')}
        </a>
      </form>
      {report.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {report.isError && !fieldError('from') && !fieldError('to') && !fieldError('granularity') ? <p role="alert">{t('bo.failed')}</p> : null}
      {report.data && report.data.rows.length === 0 ? <p className="bo-muted">{t('bo.duty.empty')}</p> : null}
      {lines.length > 0 ? (
        <BackOfficeTable
          className="bo-records bo-duty-table"
          labelCells
          testId="bo-gaming-duty-table"
          rows={lines}
          rowKey={(line) =>
            line.kind === 'row'
              ? `${line.period}:${line.product}:${line.currency}:${line.dutiable}:${line.ratePercent}`
              : `total:${line.currency}:${line.dutiable}`
          }
          rowAttributes={(line) =>
            line.kind === 'total' ? { className: 'bo-duty-total', 'data-testid': 'bo-gaming-duty-total' } : { 'data-testid': 'bo-gaming-duty-row' }
          }
          columns={columns}
        />
      ) : null}
    </section>
  );
}
