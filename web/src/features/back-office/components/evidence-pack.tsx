import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/form-fields';
import { backOfficeUrl } from '../api/back-office-request';

const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The auditor's evidence pack (issue 15): one JSON download of a window's limit changes, locks,
 * withdrawals and staff actions with the audit chain's hashes. The server records each download.
 */
export function EvidencePack() {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: utcDay(-29), to: utcDay(0) });
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) && range.from <= range.to;
  const input = (name: 'from' | 'to', label: string) => (
    <Field label={label}>
      {(control) => (
        <input
          {...control}
          type="date"
          className="input"
          name={name}
          value={range[name]}
          onChange={(event) => setRange({ ...range, [name]: event.target.value })}
        />
      )}
    </Field>
  );
  return (
    <div className="bo-stack" data-testid="bo-evidence">
      <p className="bo-muted">{t('bo.evidence.lead')}</p>
      <div className="bo-inline-form">
        {input('from', t('bo.reports.from'))}
        {input('to', t('bo.reports.to'))}
        {valid ? (
          <a className="button button--primary" href={backOfficeUrl('evidence/export', range)} download={`evidence-pack-${range.from}-${range.to}.json`}>
            {t('bo.evidence.download')}
          </a>
        ) : (
          <p role="alert">{t('bo.evidence.badRange')}</p>
        )}
      </div>
      <p className="bo-muted">{t('bo.evidence.recorded')}</p>
    </div>
  );
}
