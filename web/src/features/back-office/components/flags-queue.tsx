import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinorMoney, formatMoney } from '../../../../../contracts/format';
import { registerProblemOf } from '../../../../../contracts/back-office/exclusion-register';
import { interactionOutcomeSchema, type InteractionOutcome, type PlayerFlag } from '../../../../../contracts/back-office/flags';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useFlags, useRecordInteraction, useRegisterRechecks } from '../api/flags';
import { useCodeLabel, useCountryName } from '../codes';
import { BackOfficeTable } from './back-office-table';
import { formatWhen } from './format';

/** What the flag says, in a line: the limit reached, or the countries that did not match. */
function FlagDetail({ flag }: { flag: PlayerFlag }) {
  const { t, i18n } = useTranslation();
  const label = useCodeLabel();
  const country = useCountryName();
  const detail = flag.detail as Record<string, string | number | null | undefined>;
  const currency = String(detail.currency ?? '');
  if (flag.reason === 'CASH_PAYBACK_DUE') {
    // The task's amount is stored as it was written then ("12.50"); shown as every amount is.
    const amount = typeof detail.amount === 'string' && /^\d+(\.\d+)?$/.test(detail.amount) ? formatMoney(Number(detail.amount), currency, i18n.language) : '—';
    return <>{t('bo.flags.paybackDetail', { amount, why: String(detail.why ?? '') })}</>;
  }
  if (flag.reason === 'FINANCIAL_CONCERN' || flag.reason === 'RISK_ASSESSMENT_DUE') {
    const rule = detail.rule === 'RISK_ASSESSMENT_24H' || detail.rule === 'RISK_ASSESSMENT_90D' ? detail.rule : 'VULNERABILITY_CHECK';
    const money = (minor: unknown) => (typeof minor === 'string' && /^-?\d+$/.test(minor) ? formatMinorMoney(BigInt(minor), currency, i18n.language) : '—');
    return (
      <>
        {t(`bo.flags.financialDetail.${rule}`, {
          measured: money(detail.measured),
          threshold: money(detail.threshold),
          cap: detail.depositCap ? money(detail.depositCap) : t('bo.financialChecks.none'),
        })}
      </>
    );
  }
  if (flag.reason === 'LIMIT_REACHED')
    return (
      <>
        {t('bo.flags.limitDetail', {
          limit: label('limitReached', detail.limit === null || detail.limit === undefined ? null : String(detail.limit)),
          currency: String(detail.currency ?? ''),
          day: String(detail.day ?? ''),
        })}
      </>
    );
  if (flag.reason === 'REALITY_CHECK_PATTERN') {
    const trigger = detail.trigger === 'SESSION_LENGTH' ? 'SESSION_LENGTH' : 'CONTINUES_IN_A_ROW';
    return (
      <>
        {t(`bo.flags.realityCheckDetail.${trigger}`, {
          count: Number(detail.continuesInARow ?? 0),
          minutes: Number(detail.sessionMinutes ?? 0),
          interval: Number(detail.intervalMinutes ?? 0),
          day: String(detail.day ?? ''),
        })}
      </>
    );
  }
  return (
    <>
      {t('bo.flags.jurisdictionDetail', {
        declared: country(detail.declaredCountry ? String(detail.declaredCountry) : null),
        address: country(detail.addressCountry ? String(detail.addressCountry) : null),
      })}
    </>
  );
}

/** The staff alert of the daily GAMSTOP re-check: shown while the newest finished run is incomplete. */
function RegisterRecheckAlert() {
  const { t } = useTranslation();
  const rechecks = useRegisterRechecks();
  const run = rechecks.data?.alert ? rechecks.data.runs.find((candidate) => candidate.status === 'INCOMPLETE') : undefined;
  if (!run) return null;
  // The adapters' known problems in the staff member's words; any other (an adapter's exception) as stored.
  const known = run.problem ? registerProblemOf(run.problem) : null;
  const problem = known ? t(`bo.register.problem.${known.problem}`, { status: known.status ?? '' }) : (run.problem ?? '');
  return (
    <p role="alert" className="bo-alert" data-testid="bo-register-alert">
      {t('bo.register.recheckIncomplete', { day: run.day, unanswered: run.unanswered, asked: run.asked, problem })}
    </p>
  );
}

function InteractionForm({ flag }: { flag: PlayerFlag }) {
  const { t } = useTranslation();
  const record = useRecordInteraction(flag.id);
  const [discussed, setDiscussed] = useState('');
  const [outcome, setOutcome] = useState<InteractionOutcome>('ADVICE_GIVEN');
  const [close, setClose] = useState(true);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    record.mutate({ discussed, outcome, close }, { onSuccess: () => setDiscussed('') });
  };
  const fieldError = (field: string) =>
    record.error instanceof BackOfficeError ? record.error.fieldErrors.find((error) => error.field === field)?.error : undefined;
  return (
    <form className="bo-stack" onSubmit={submit} data-testid={`bo-flag-form-${flag.id}`}>
      <Field label={t('bo.flags.discussed')} error={fieldError('discussed')}>
        {(control) => (
          <textarea {...control} className="input" rows={2} value={discussed} onChange={(event) => setDiscussed(event.target.value)} maxLength={2000} />
        )}
      </Field>
      <Field label={t('bo.flags.outcome')} error={fieldError('outcome')}>
        {(control) => (
          <select {...control} className="input" value={outcome} onChange={(event) => setOutcome(event.target.value as InteractionOutcome)}>
            {interactionOutcomeSchema.options.map((option) => (
              <option key={option} value={option}>
                {t(`bo.flags.outcome.${option}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="bo-inline-form">
        <input type="checkbox" checked={close} onChange={(event) => setClose(event.target.checked)} /> {t('bo.flags.close')}
      </label>
      <button type="submit" className="button button--primary" disabled={record.isPending}>
        {t('bo.flags.record')}
      </button>
      {record.isError && !fieldError('discussed') && !fieldError('outcome') ? <p role="alert">{t('bo.failed')}</p> : null}
    </form>
  );
}

/**
 * Players flagged by the platform (issue 15): a jurisdiction mismatch or a limit reached, the oldest
 * first, each with its customer interactions; staff who may write notes record one here.
 */
export function FlagsQueue({ onOpen, canRecord }: { onOpen: (playerId: string) => void; canRecord: boolean }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'OPEN' | 'ALL'>('OPEN');
  const flags = useFlags(status);
  return (
    <div className="bo-stack" data-testid="bo-flags">
      <RegisterRecheckAlert />
      <label className="bo-inline-form">
        <input type="checkbox" checked={status === 'ALL'} onChange={(event) => setStatus(event.target.checked ? 'ALL' : 'OPEN')} /> {t('bo.flags.showClosed')}
      </label>
      {flags.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {flags.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {flags.data && flags.data.flags.length === 0 ? <p className="bo-muted">{t('bo.flags.empty')}</p> : null}
      {flags.data?.flags.map((flag) => (
        <section key={flag.id} className="bo-stack bo-flag" data-testid="bo-flag">
          <h3>
            {flag.username} — {t(`bo.flags.reason.${flag.reason}`)}
          </h3>
          <p>
            <FlagDetail flag={flag} />
          </p>
          <p className="bo-muted">
            {t('bo.flags.raised', { when: formatWhen(flag.raisedAt) })}
            {flag.closedAt ? ` · ${t('bo.flags.closed', { when: formatWhen(flag.closedAt) })}` : ''}
          </p>
          <button type="button" className="button button--secondary" onClick={() => onOpen(flag.playerId)}>
            {t('bo.flags.open')}
          </button>
          {flag.interactions.length > 0 ? (
            <BackOfficeTable
              scroll={false}
              rows={flag.interactions}
              rowKey={(interaction) => interaction.id}
              columns={[
                { header: t('bo.audit.when'), cell: (interaction) => formatWhen(interaction.at) },
                { header: t('bo.audit.staff'), cell: (interaction) => interaction.staffUsername },
                { header: t('bo.flags.discussed'), cell: (interaction) => interaction.discussed },
                { header: t('bo.flags.outcome'), cell: (interaction) => t(`bo.flags.outcome.${interaction.outcome}`) },
              ]}
            />
          ) : null}
          {canRecord && !flag.closedAt ? <InteractionForm flag={flag} /> : null}
        </section>
      ))}
    </div>
  );
}
