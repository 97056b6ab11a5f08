import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useAdjustmentDecision, useHeldWithdrawals, usePendingAdjustments, useWithdrawalDecision } from '../api/payments';
import { BackOfficeTable } from './back-office-table';
import { formatMoney, formatWhen } from './format';

const refusal = (error: unknown): string | null =>
  error instanceof BackOfficeError ? (error.fieldErrors.map((entry) => entry.error).join(' ') || error.message) : error ? String(error) : null;

/**
 * The payments queues (issue 15): withdrawals above the review threshold, held until a staff
 * member approves (the payout is sent) or rejects them with a reason (the money goes back); and
 * manual adjustments another member requested, waiting for a second approval.
 */
export function PaymentsQueue({ staffUsername, onOpen }: { staffUsername: string; onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="bo-stack" data-testid="bo-payments">
      <HeldWithdrawals onOpen={onOpen} />
      <PendingAdjustments staffUsername={staffUsername} onOpen={onOpen} />
      <p className="bo-muted">{t('bo.payments.lead')}</p>
    </div>
  );
}

function HeldWithdrawals({ onOpen }: { onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const queue = useHeldWithdrawals();
  const decide = useWithdrawalDecision();
  const [reason, setReason] = useState('');
  const [outcome, setOutcome] = useState<string | null>(null);
  const submit = (paymentId: string, decision: 'approve' | 'reject') => {
    setOutcome(null);
    decide.mutate(
      { paymentId, decision, ...(decision === 'reject' ? { reason } : {}) },
      {
        onSuccess: () => {
          setOutcome(t(decision === 'approve' ? 'bo.withdrawals.approved' : 'bo.withdrawals.rejected'));
          setReason('');
        },
      },
    );
  };
  return (
    <section className="bo-card" data-testid="bo-held-withdrawals">
      <h3 className="bo-card__title">{t('bo.withdrawals.title')}</h3>
      {queue.isPending ? (
        <p className="bo-muted">{t('bo.loading')}</p>
      ) : queue.isError ? (
        <p role="alert">{t('bo.failed')}</p>
      ) : queue.data.withdrawals.length === 0 ? (
        <p className="bo-muted">{t('bo.withdrawals.empty')}</p>
      ) : (
        <>
          <Field label={t('bo.withdrawals.reason')} hint={t('bo.withdrawals.reasonHint')}>
            {(control) => <input {...control} className="input" name="withdrawalReason" value={reason} onChange={(event) => setReason(event.target.value)} />}
          </Field>
          <BackOfficeTable
            scroll={false}
            rows={queue.data.withdrawals}
            rowKey={(withdrawal) => withdrawal.paymentId}
            rowAttributes={() => ({ 'data-testid': 'bo-held-withdrawal' })}
            columns={[
              {
                header: t('bo.player.username'),
                cell: (withdrawal) => (
                  <button type="button" className="button button--ghost" onClick={() => onOpen(withdrawal.playerId)}>
                    {withdrawal.username ?? withdrawal.playerId}
                  </button>
                ),
              },
              {
                header: t('bo.withdrawals.amount'),
                cell: (withdrawal) => (
                  <>
                    {formatMoney(withdrawal.amount)} {withdrawal.currency}
                  </>
                ),
              },
              {
                header: t('bo.withdrawals.method'),
                cell: (withdrawal) => (
                  <>
                    {withdrawal.paymentMethod}
                    {withdrawal.destination ? <span className="bo-muted"> · {withdrawal.destination}</span> : null}
                  </>
                ),
              },
              { header: t('bo.withdrawals.requested'), cell: (withdrawal) => formatWhen(withdrawal.requestedAt) },
              {
                header: null,
                cellClassName: 'bo-actions',
                cell: (withdrawal) => (
                  <>
                    <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => submit(withdrawal.paymentId, 'approve')}>
                      {t('bo.withdrawals.approve')}
                    </button>
                    <button type="button" className="button button--secondary" disabled={decide.isPending || !reason.trim()} onClick={() => submit(withdrawal.paymentId, 'reject')}>
                      {t('bo.withdrawals.reject')}
                    </button>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
      {outcome ? <p role="status">{outcome}</p> : null}
      {decide.isError ? <p role="alert">{refusal(decide.error)}</p> : null}
    </section>
  );
}

function PendingAdjustments({ staffUsername, onOpen }: { staffUsername: string; onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const queue = usePendingAdjustments();
  const decide = useAdjustmentDecision();
  const [reason, setReason] = useState('');
  return (
    <section className="bo-card" data-testid="bo-pending-adjustments">
      <h3 className="bo-card__title">{t('bo.adjustments.queueTitle')}</h3>
      {queue.isPending ? (
        <p className="bo-muted">{t('bo.loading')}</p>
      ) : queue.isError ? (
        <p role="alert">{t('bo.failed')}</p>
      ) : queue.data.adjustments.length === 0 ? (
        <p className="bo-muted">{t('bo.adjustments.empty')}</p>
      ) : (
        <>
          {/* Unlike a withdrawal's, an adjustment's rejection is between staff: the player is not told. */}
          <Field label={t('bo.withdrawals.reason')}>
            {(control) => <input {...control} className="input" name="adjustmentDecisionReason" value={reason} onChange={(event) => setReason(event.target.value)} />}
          </Field>
          <BackOfficeTable
            scroll={false}
            rows={queue.data.adjustments}
            rowKey={(adjustment) => adjustment.adjustmentId}
            rowAttributes={() => ({ 'data-testid': 'bo-pending-adjustment' })}
            columns={[
              {
                header: t('bo.player.username'),
                cell: (adjustment) => (
                  <button type="button" className="button button--ghost" onClick={() => onOpen(adjustment.playerId)}>
                    {adjustment.username ?? adjustment.playerId}
                  </button>
                ),
              },
              { header: t('bo.adjustments.direction'), cell: (adjustment) => t(adjustment.direction === 'CREDIT' ? 'bo.adjustments.CREDIT' : 'bo.adjustments.DEBIT') },
              {
                header: t('bo.withdrawals.amount'),
                cell: (adjustment) => (
                  <>
                    {formatMoney(adjustment.amount)} {adjustment.currency}
                  </>
                ),
              },
              { header: t('bo.adjustments.reason'), cell: (adjustment) => adjustment.reason },
              {
                header: t('bo.adjustments.requestedBy'),
                cell: (adjustment) => (
                  <>
                    {adjustment.requestedBy} <span className="bo-muted">{formatWhen(adjustment.requestedAt)}</span>
                  </>
                ),
              },
              {
                header: null,
                cellClassName: 'bo-actions',
                cell: (adjustment) => (
                  <>
                    {/* The server refuses the requester's own approval too; the button only says so sooner. */}
                    {adjustment.requestedBy === staffUsername ? (
                      <span className="bo-muted">{t('bo.adjustments.needsSecond')}</span>
                    ) : (
                      <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => decide.mutate({ adjustmentId: adjustment.adjustmentId, decision: 'approve' })}>
                        {t('bo.adjustments.approve')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={decide.isPending || !reason.trim()}
                      onClick={() => decide.mutate({ adjustmentId: adjustment.adjustmentId, decision: 'reject', reason }, { onSuccess: () => setReason('') })}
                    >
                      {t('bo.adjustments.reject')}
                    </button>
                  </>
                ),
              },
            ]}
          />
        </>
      )}
      {decide.isSuccess ? <p role="status">{t(decide.data.status === 'APPROVED' ? 'bo.adjustments.approved' : 'bo.adjustments.rejected')}</p> : null}
      {decide.isError ? <p role="alert">{refusal(decide.error)}</p> : null}
    </section>
  );
}
