import { useTranslation } from 'react-i18next';
import { declarationFieldOrder } from '../../../../../contracts/platform/identification/identity-declaration';
import type { PlayerProfile } from '../../../../../contracts/back-office/players';
import { useCountryName } from '../codes';
import './declared-data.css';
import { formatDate } from '../../../shared/i18n/format';

type Declared = PlayerProfile['documents'][number]['declared'];

/**
 * What the player typed with a document (issue 27), beside its images: the reviewer compares the
 * number, dates, names and the rest with what the images show before deciding.
 */
export function DeclaredData({ declared }: { declared: Declared }) {
  const { t } = useTranslation();
  const country = useCountryName();
  // The words for what was chosen from a list; what was typed is shown as typed.
  const shown = (field: string, value: string): string =>
    field === 'publicFigure'
      ? t(value === 'yes' ? 'bo.declared.publicFigure.yes' : 'bo.declared.publicFigure.no')
      : field === 'issuingCountry'
        ? `${country(value)} (${value})`
        : value;
  const rows: { key: string; label: string; value: string; testId?: string }[] = [
    { key: 'documentNumber', label: t('bo.declared.documentNumber'), value: declared.documentNumber ?? '', testId: 'bo-declared-number' },
    { key: 'issueDate', label: t('bo.declared.issueDate'), value: declared.issueDate ? formatDate(declared.issueDate) : '' },
    { key: 'expiryDate', label: t('bo.declared.expiryDate'), value: declared.expiryDate ? formatDate(declared.expiryDate) : '' },
    ...declarationFieldOrder.map((field) => {
      const value = declared.details[field] ?? '';
      return { key: field, label: t(`bo.declared.${field}`), value: value ? shown(field, value) : value };
    }),
  ].filter((row) => row.value !== '');
  if (rows.length === 0) return null;
  return (
    <section className="bo-declared" aria-label={t('bo.declared.title')} data-testid="bo-document-declared">
      <h4 className="bo-subtitle">{t('bo.declared.title')}</h4>
      <dl className="bo-facts">
        {rows.map((row) => (
          <div key={row.key} className="bo-declared__row">
            <dt>{row.label}</dt>
            <dd data-testid={row.testId ?? `bo-declared-${row.key}`}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
