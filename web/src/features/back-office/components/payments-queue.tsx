import { useState, type Key, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AdjustmentView, HeldWithdrawalView, PaybackTaskView } from '../../../../../contracts/back-office/payments';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useAdjustmentDecision, useCompletePayback, useHeldWithdrawals, usePaybackTasks, usePendingAdjustments, useWithdrawalDecision } from '../api/payments';
import { useCodeLabel } from '../codes';
import { BackOfficeTable, type BackOfficeColumn } from './back-office-table';
import { formatMoney, formatWhen } from './format';

const refusal = (error: unknown): string | null =>
  error instanceof BackOfficeError ? error.fieldErrors.map((entry) => entry.error).join(' ') || error.message : error ? String(error) : null;

/**
 * The payments queues (issue 15): withdrawals above the review threshold, held until a staff
 * member approves (the payout is sent) or rejects them with a reason (the money goes back); and
 * manual adjustments another member requested, waiting for a second approval.
 */
/** What both queues show of an entry: whose it is and how much. */
interface QueueEntry {
  playerId: string;
  username: string | null;
  amount: number;
  currency: string;
}

interface QueueColumnsOptions<Row extends QueueEntry> {
  t: TFunction;
  onOpen: (playerId: string) => void;
  /** The queue's own columns, either side of the amount. */
  beforeAmount?: readonly BackOfficeColumn<Row>[];
  afterAmount: readonly BackOfficeColumn<Row>[];
  /** The last cell: the decisions a staff member can take on the entry. */
  actions: (row: Row) => ReactNode;
}

/** A queue's columns: the player (who opens on a click), the amount and the decisions, around the queue's own details. */
function queueColumns<Row extends QueueEntry>({ t, onOpen, beforeAmount = [], afterAmount, actions }: QueueColumnsOptions<Row>): BackOfficeColumn<Row>[] {
  return [
    {
      header: t('bo.player.username'),
      cell: (row) => (
        <button type="button" className="button button--ghost" onClick={() => onOpen(row.playerId)}>
          {row.username ?? row.playerId}
        </button>
      ),
    },
    ...beforeAmount,
    {
      header: t('bo.withdrawals.amount'),
      cell: (row) => <>{formatMoney(row.amount, row.currency)}</>,
    },
    ...afterAmount,
    { header: null, cellClassName: 'bo-actions', cell: actions },
  ];
}

interface QueueCardProps<Data, Row> {
  testId: string;
  title: string;
  /** Shown in place of the table when nothing waits. */
  empty: string;
  queue: UseQueryResult<Data>;
  rowsOf(data: Data): readonly Row[];
  rowKey(row: Row): Key;
  rowTestId: string;
  columns: readonly BackOfficeColumn<Row>[];
  /** The reason a rejection needs, typed once above the table for whichever entry is rejected. */
  reason: { name: string; label?: string; hint?: string; value: string; onChange(value: string): void };
  /** What the last decision did. */
  outcome: string | null;
  decisionError: unknown;
}

/** One queue: its title, its entries or why there are none, and what the last decision on it did. */
function QueueCard<Data, Row>({ testId, title, empty, queue, rowsOf, rowKey, rowTestId, columns, reason, outcome, decisionError }: QueueCardProps<Data, Row>) {
  const { t } = useTranslation();
  return (
    <section className="bo-card" data-testid={testId}>
      <h3 className="bo-card__title">{title}</h3>
      {queue.isPending ? (
        <p className="bo-muted">{t('bo.loading')}</p>
      ) : queue.isError ? (
        <p role="alert">{t('bo.failed')}</p>
      ) : rowsOf(queue.data).length === 0 ? (
        <p className="bo-muted">{empty}</p>
      ) : (
        <>
          <Field label={reason.label ?? t('bo.withdrawals.reason')} hint={reason.hint}>
            {(control) => (
              <input {...control} className="input" name={reason.name} value={reason.value} onChange={(event) => reason.onChange(event.target.value)} />
            )}
          </Field>
          <BackOfficeTable scroll={false} rows={rowsOf(queue.data)} rowKey={rowKey} rowAttributes={() => ({ 'data-testid': rowTestId })} columns={columns} />
        </>
      )}
      {outcome ? <p role="status">{outcome}</p> : null}
      {decisionError ? <p role="alert">{refusal(decisionError)}</p> : null}
    </section>
  );
}

export function PaymentsQueue({ staffUsername, onOpen }: { staffUsername: string; onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="bo-stack" data-testid="bo-payments">
      <PaybackTasks onOpen={onOpen} />
      <HeldWithdrawals onOpen={onOpen} />
      <PendingAdjustments staffUsername={staffUsername} onOpen={onOpen} />
      <p className="bo-muted">{t('bo.payments.lead')}</p>
    </div>
  );
}

function HeldWithdrawals({ onOpen }: { onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const label = useCodeLabel();
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
    <QueueCard
      testId="bo-held-withdrawals"
      title={t('bo.withdrawals.title')}
      empty={t('bo.withdrawals.empty')}
      queue={queue}
      rowsOf={(data) => data.withdrawals}
      rowKey={(withdrawal) => withdrawal.paymentId}
      rowTestId="bo-held-withdrawal"
      reason={{ name: 'withdrawalReason', hint: t('bo.withdrawals.reasonHint'), value: reason, onChange: setReason }}
      outcome={outcome}
      decisionError={decide.error}
      columns={queueColumns<HeldWithdrawalView>({
        t,
        onOpen,
        afterAmount: [
          {
            header: t('bo.withdrawals.method'),
            cell: (withdrawal) => (
              <>
                {label('paymentMethod', withdrawal.paymentMethod)}
                {withdrawal.destination ? <span className="bo-muted"> · {withdrawal.destination}</span> : null}
              </>
            ),
          },
          { header: t('bo.withdrawals.requested'), cell: (withdrawal) => formatWhen(withdrawal.requestedAt) },
        ],
        actions: (withdrawal) => (
          <>
            <button type="button" className="button button--primary" disabled={decide.isPending} onClick={() => submit(withdrawal.paymentId, 'approve')}>
              {t('bo.withdrawals.approve')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={decide.isPending || !reason.trim()}
              onClick={() => submit(withdrawal.paymentId, 'reject')}
            >
              {t('bo.withdrawals.reject')}
            </button>
          </>
        ),
      })}
    />
  );
}

function PendingAdjustments({ staffUsername, onOpen }: { staffUsername: string; onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const queue = usePendingAdjustments();
  const decide = useAdjustmentDecision();
  const [reason, setReason] = useState('');
  return (
    <QueueCard
      testId="bo-pending-adjustments"
      title={t('bo.adjustments.queueTitle')}
      empty={t('bo.adjustments.empty')}
      queue={queue}
      rowsOf={(data) => data.adjustments}
      rowKey={(adjustment) => adjustment.adjustmentId}
      rowTestId="bo-pending-adjustment"
      // Unlike a withdrawal's, an adjustment's rejection is between staff: the player is not told, so no hint says so.
      reason={{ name: 'adjustmentDecisionReason', value: reason, onChange: setReason }}
      outcome={decide.isSuccess ? t(decide.data.status === 'APPROVED' ? 'bo.adjustments.approved' : 'bo.adjustments.rejected') : null}
      decisionError={decide.error}
      columns={queueColumns<AdjustmentView>({
        t,
        onOpen,
        beforeAmount: [
          {
            header: t('bo.adjustments.direction'),
            cell: (adjustment) => t(adjustment.direction === 'CREDIT' ? 'bo.adjustments.CREDIT' : 'bo.adjustments.DEBIT'),
          },
        ],
        afterAmount: [
          { header: t('bo.adjustments.reason'), cell: (adjustment) => adjustment.reason },
          {
            header: t('bo.adjustments.requestedBy'),
            cell: (adjustment) => (
              <>
                {adjustment.requestedBy} <span className="bo-muted">{formatWhen(adjustment.requestedAt)}</span>
              </>
            ),
          },
        ],
        actions: (adjustment) => (
          <>
            {/* The server refuses the requester's own approval too; the button only says so sooner. */}
            {adjustment.requestedBy === staffUsername ? (
              <span className="bo-muted">{t('bo.adjustments.needsSecond')}</span>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ adjustmentId: adjustment.adjustmentId, decision: 'approve' })}
              >
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
      })}
    />
  );
}

/**
 * Self-excluded players' cash that could not be paid back automatically (issue 26): each task
 * stays until a staff member says how the money was returned (audited), or a later payback pays it.
 */
function PaybackTasks({ onOpen }: { onOpen: (playerId: string) => void }) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const queue = usePaybackTasks();
  const complete = useCompletePayback();
  const [note, setNote] = useState('');
  return (
    <QueueCard
      testId="bo-payback-tasks"
      title={t('bo.paybacks.title')}
      empty={t('bo.paybacks.empty')}
      queue={queue}
      rowsOf={(data) => data.tasks}
      rowKey={(task) => task.taskId}
      rowTestId="bo-payback-task"
      reason={{ name: 'paybackNote', label: t('bo.paybacks.note'), hint: t('bo.paybacks.noteHint'), value: note, onChange: setNote }}
      outcome={complete.isSuccess ? t('bo.paybacks.completed') : null}
      decisionError={complete.error}
      columns={queueColumns<PaybackTaskView>({
        t,
        onOpen,
        afterAmount: [
          {
            header: t('bo.paybacks.why'),
            cell: (task) => (
              <>
                {task.paymentMethod ? <span className="bo-muted">{label('paymentMethod', task.paymentMethod)} · </span> : null}
                {task.reason}
              </>
            ),
          },
          { header: t('bo.paybacks.since'), cell: (task) => formatWhen(task.createdAt) },
        ],
        actions: (task) => (
          <button
            type="button"
            className="button button--primary"
            disabled={complete.isPending || !note.trim()}
            onClick={() => complete.mutate({ taskId: task.taskId, note }, { onSuccess: () => setNote('') })}
          >
            {t('bo.paybacks.complete')}
          </button>
        ),
      })}
    />
  );
}
