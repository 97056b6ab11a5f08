import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/form-fields';
import { auditExportUrl, useAuditLog, useVerifyAudit, type AuditFilter } from '../api/audit';
import { formatWhen } from './format';

/** The audit log: filter, export as CSV, verify the hash chain. */
export function AuditLog() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const verify = useVerifyAudit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
  };
  const input = (name: keyof AuditFilter, label: string) => (
    <Field label={label}>{(control) => <input {...control} className="input" name={name} value={draft[name] ?? ''} onChange={(event) => setDraft({ ...draft, [name]: event.target.value.trim() })} />}</Field>
  );
  return (
    <div className="bo-stack" data-testid="bo-audit">
      <form className="bo-inline-form" onSubmit={submit}>
        {input('staff', t('bo.audit.staff'))}
        {input('action', t('bo.audit.action'))}
        {input('subjectId', t('bo.audit.subject'))}
        <button type="submit" className="button button--secondary">
          {t('bo.audit.filter')}
        </button>
      </form>
      <div className="bo-actions">
        <a className="button button--secondary" href={auditExportUrl(filter)} download="staff-audit.csv">
          {t('bo.audit.export')}
        </a>
        <button type="button" className="button button--primary" onClick={() => verify.mutate()} disabled={verify.isPending}>
          {t('bo.audit.verify')}
        </button>
      </div>
      {verify.data ? (
        <p role="status" className={verify.data.valid ? 'bo-ok' : 'bo-broken'} data-testid="bo-audit-verified">
          {verify.data.valid ? t('bo.audit.valid', { count: verify.data.entries }) : t('bo.audit.broken', { seq: String(verify.data.brokenAt ?? ''), problem: verify.data.problem ?? '' })}
        </p>
      ) : null}
      {log.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {log.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {log.data && log.data.entries.length === 0 ? <p className="bo-muted">{t('bo.audit.empty')}</p> : null}
      {log.data && log.data.entries.length > 0 ? (
        <div className="bo-scroll">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('bo.audit.when')}</th>
                <th scope="col">{t('bo.audit.staff')}</th>
                <th scope="col">{t('bo.audit.action')}</th>
                <th scope="col">{t('bo.audit.permission')}</th>
                <th scope="col">{t('bo.audit.subject')}</th>
                <th scope="col">{t('bo.audit.detail')}</th>
                <th scope="col">{t('bo.audit.hash')}</th>
              </tr>
            </thead>
            <tbody>
              {log.data.entries.map((entry) => (
                <tr key={entry.seq}>
                  <td>{entry.seq}</td>
                  <td>{formatWhen(entry.at)}</td>
                  <td>{entry.staffUsername}</td>
                  <td>{entry.action}</td>
                  <td>{entry.permission ?? '—'}</td>
                  <td>
                    <code>{entry.subjectId ?? '—'}</code>
                  </td>
                  <td className="bo-detail">{JSON.stringify(entry.detail)}</td>
                  <td>
                    <code title={entry.hash}>{entry.hash.slice(0, 12)}…</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
