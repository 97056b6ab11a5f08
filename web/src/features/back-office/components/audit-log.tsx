import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { auditActionSchema } from '../../../../../contracts/back-office/audit';
import { Field } from '../../../shared/components/form-fields';
import { auditExportUrl, useAuditLog, useVerifyAudit, type AuditFilter } from '../api/audit';
import { useCodeLabel } from '../codes';
import { BackOfficeTable } from './back-office-table';
import { formatWhen } from './format';

/** The audit log: filter, export as CSV, verify the hash chain. */
export function AuditLog() {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const [draft, setDraft] = useState<AuditFilter>({});
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const verify = useVerifyAudit();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft });
  };
  const input = (name: keyof AuditFilter, label: string) => (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          className="input"
          name={name}
          value={draft[name] ?? ''}
          onChange={(event) => setDraft({ ...draft, [name]: event.target.value.trim() })}
        />
      )}
    </Field>
  );
  return (
    <div className="bo-stack" data-testid="bo-audit">
      <form className="bo-inline-form" onSubmit={submit}>
        {input('staff', t('bo.audit.staff'))}
        {/* Staff choose an action by its words; the filter sends its code. */}
        <Field label={t('bo.audit.action')}>
          {(control) => (
            <select
              {...control}
              className="input"
              name="action"
              value={draft.action ?? ''}
              onChange={(event) => setDraft({ ...draft, action: event.target.value })}
            >
              <option value="">{t('bo.audit.allActions')}</option>
              {auditActionSchema.options.map((action) => (
                <option key={action} value={action}>
                  {label('auditAction', action)}
                </option>
              ))}
            </select>
          )}
        </Field>
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
          {verify.data.valid
            ? t('bo.audit.valid', { count: verify.data.entries })
            : t('bo.audit.broken', { seq: String(verify.data.brokenAt ?? ''), problem: verify.data.problem ?? '' })}
        </p>
      ) : null}
      {log.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {log.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {log.data && log.data.entries.length === 0 ? <p className="bo-muted">{t('bo.audit.empty')}</p> : null}
      {log.data && log.data.entries.length > 0 ? (
        <BackOfficeTable
          rows={log.data.entries}
          rowKey={(entry) => entry.seq}
          columns={[
            { header: '#', cell: (entry) => entry.seq },
            { header: t('bo.audit.when'), cell: (entry) => formatWhen(entry.at) },
            { header: t('bo.audit.staff'), cell: (entry) => entry.staffUsername },
            { header: t('bo.audit.action'), cell: (entry) => <span title={entry.action}>{label('auditAction', entry.action)}</span> },
            { header: t('bo.audit.permission'), cell: (entry) => label('permission', entry.permission) },
            { header: t('bo.audit.subject'), cell: (entry) => <code>{entry.subjectId ?? '—'}</code> },
            { header: t('bo.audit.detail'), cellClassName: 'bo-detail', cell: (entry) => JSON.stringify(entry.detail) },
            { header: t('bo.audit.hash'), cell: (entry) => <code title={entry.hash}>{entry.hash.slice(0, 12)}…</code> },
          ]}
        />
      ) : null}
    </div>
  );
}
