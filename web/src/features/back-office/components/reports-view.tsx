import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { reportExportUrl, useDailyReport, type ReportRange } from '../api/reports';
import { GamingDutyReport } from './gaming-duty-report';
import { DayChart } from './report-chart';
import { formatMinor, formatMoney } from './format';

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const COLOURS = { deposits: '#4fd1c5', withdrawals: '#f6ad55', grossGamingRevenue: '#9f7aea' } as const;

/**
 * Daily deposits, withdrawals and gross gaming revenue per currency (issue 15), from the ledger:
 * a chart per currency and the table of every day, with the same figures as the CSV export.
 */
export function ReportsView() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ReportRange>({ from: utcDay(-29), to: utcDay(0) });
  const [range, setRange] = useState<ReportRange>(draft);
  const report = useDailyReport(range);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRange({ ...draft });
  };
  const fieldError = (field: keyof ReportRange) =>
    report.error instanceof BackOfficeError ? report.error.fieldErrors.find((error) => error.field === field)?.error : undefined;
  const input = (name: keyof ReportRange, label: string) => (
    <Field label={label} error={fieldError(name)}>
      {(control) => (
        <input
          {...control}
          type="date"
          className="input"
          name={name}
          value={draft[name]}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
        />
      )}
    </Field>
  );
  const currencies = report.data ? report.data.totals.map((total) => total.currency) : [];
  return (
    <div className="bo-stack" data-testid="bo-reports">
      <p className="bo-muted">{t('bo.reports.lead')}</p>
      <form className="bo-inline-form" onSubmit={submit}>
        {input('from', t('bo.reports.from'))}
        {input('to', t('bo.reports.to'))}
        <button type="submit" className="button button--secondary">
          {t('bo.reports.show')}
        </button>
        <a className="button button--secondary" href={reportExportUrl(range)} download={`daily-report-${range.from}-${range.to}.csv`}>
          {t('bo.reports.export')}
        </a>
      </form>
      {report.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {report.isError && !fieldError('from') && !fieldError('to') ? <p role="alert">{t('bo.failed')}</p> : null}
      {report.data && currencies.length === 0 ? <p className="bo-muted">{t('bo.reports.empty')}</p> : null}
      {report.data
        ? currencies.map((currency) => {
            const days = report.data.days.filter((day) => day.currency === currency);
            const total = report.data.totals.find((row) => row.currency === currency)!;
            return (
              <section key={currency} className="bo-stack" data-testid={`bo-report-${currency}`}>
                <h3>{currency}</h3>
                <DayChart
                  title={t('bo.reports.chart', { currency })}
                  days={days.map((day) => day.day)}
                  series={[
                    { label: t('bo.reports.deposits'), color: COLOURS.deposits, values: days.map((day) => day.deposits / 100) },
                    { label: t('bo.reports.withdrawals'), color: COLOURS.withdrawals, values: days.map((day) => day.withdrawals / 100) },
                    { label: t('bo.reports.ggr'), color: COLOURS.grossGamingRevenue, values: days.map((day) => day.grossGamingRevenue / 100) },
                  ]}
                  formatValue={(value) => formatMoney(value, currency)}
                  testId={`bo-report-chart-${currency}`}
                />
                <div className="bo-scroll">
                  <table className="bo-table">
                    <thead>
                      <tr>
                        <th scope="col">{t('bo.reports.day')}</th>
                        <th scope="col">{t('bo.reports.deposits')}</th>
                        <th scope="col">{t('bo.reports.withdrawals')}</th>
                        <th scope="col">{t('bo.reports.stakes')}</th>
                        <th scope="col">{t('bo.reports.wins')}</th>
                        <th scope="col">{t('bo.reports.ggr')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {days.map((day) => (
                        <tr key={day.day}>
                          <td>{day.day}</td>
                          <td>{formatMinor(day.deposits)}</td>
                          <td>{formatMinor(day.withdrawals)}</td>
                          <td>{formatMinor(day.realStakes)}</td>
                          <td>{formatMinor(day.realWins)}</td>
                          <td>{formatMinor(day.grossGamingRevenue)}</td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot>
                      <tr>
                        <th scope="row">{t('bo.reports.total')}</th>
                        <td>{formatMinor(total.deposits)}</td>
                        <td>{formatMinor(total.withdrawals)}</td>
                        <td>{formatMinor(total.realStakes)}</td>
                        <td>{formatMinor(total.realWins)}</td>
                        <td>{formatMinor(total.grossGamingRevenue)}</td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
              </section>
            );
          })
        : null}
      <GamingDutyReport />
    </div>
  );
}
