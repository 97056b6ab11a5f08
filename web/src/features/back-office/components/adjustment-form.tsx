import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../../../contracts/money';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useRequestAdjustment } from '../api/payments';
import { formatMoney } from './format';
import { Refusal, fieldErrorOf as fieldError } from './refusal';

const FIELDS = ['direction', 'amount', 'currency', 'reason', 'confirmDuplicate'] as const;

/**
 * A manual credit or debit of the player's cash, with its reason (issue 15). Asking moves no money:
 * another staff member approves it in the payments queue, and only then does the wallet post it.
 */
export function AdjustmentForm({ playerId, currencies }: { playerId: string; currencies: readonly string[] }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<'CREDIT' | 'DEBIT'>('CREDIT');
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(currencies[0] ?? 'EUR');
  const [reason, setReason] = useState('');
  const request = useRequestAdjustment(playerId);
  // An identical request in the last day is more often one payment keyed twice: the server warns
  // (409 DUPLICATE_ADJUSTMENT) and staff confirm with a second, deliberate press.
  const duplicate =
    request.error instanceof BackOfficeError && request.error.code === 'DUPLICATE_ADJUSTMENT' ? fieldError(request.error, 'confirmDuplicate') : undefined;
  const send = (confirmDuplicate: boolean) =>
    request.mutate(
      { direction, amount: Number(amount), currency: currency as Currency, reason, ...(confirmDuplicate ? { confirmDuplicate } : {}) },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
        },
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  return (
    <section className="bo-card" data-testid="bo-adjustment">
      <h3 className="bo-card__title">{t('bo.adjustments.title')}</h3>
      <p className="bo-muted">{t('bo.adjustments.lead')}</p>
      <form className="bo-inline-form" onSubmit={submit} noValidate>
        <Field label={t('bo.adjustments.direction')} error={fieldError(request.error, 'direction')}>
          {(control) => (
            <select
              {...control}
              className="input"
              name="direction"
              value={direction}
              onChange={(event) => setDirection(event.target.value as 'CREDIT' | 'DEBIT')}
            >
              <option value="CREDIT">{t('bo.adjustments.CREDIT')}</option>
              <option value="DEBIT">{t('bo.adjustments.DEBIT')}</option>
            </select>
          )}
        </Field>
        <Field label={t('bo.withdrawals.amount')} error={fieldError(request.error, 'amount')}>
          {(control) => (
            <input
              {...control}
              className="input bo-number"
              name="amount"
              inputMode="decimal"
              value={amount}
              onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
            />
          )}
        </Field>
        <Field label={t('bo.adjustments.currency')} error={fieldError(request.error, 'currency')}>
          {(control) => (
            <select {...control} className="input" name="currency" value={currency} onChange={(event) => setCurrency(event.target.value)}>
              {(currencies.length > 0 ? currencies : ['EUR']).map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('bo.adjustments.reason')} error={fieldError(request.error, 'reason')}>
          {(control) => <input {...control} className="input" name="adjustmentReason" value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
        <button type="submit" className="button button--primary" disabled={request.isPending || !amount || !reason.trim()}>
          {t('bo.adjustments.submit')}
        </button>
      </form>
      {duplicate ? (
        <div role="alert" className="bo-refusal bo-stack" data-testid="bo-adjustment-duplicate">
          <p className="bo-muted">
            {t(direction === 'CREDIT' ? 'bo.adjustments.duplicateCredit' : 'bo.adjustments.duplicateDebit', { amount: formatMoney(Number(amount), currency) })}
          </p>
          <button type="button" className="button button--ghost" disabled={request.isPending} onClick={() => send(true)}>
            {t('bo.adjustments.confirmDuplicate')}
          </button>
        </div>
      ) : null}
      {request.isError ? <Refusal error={request.error} fields={FIELDS} /> : null}
      {request.isSuccess ? <p role="status">{t('bo.adjustments.requested')}</p> : null}
    </section>
  );
}
