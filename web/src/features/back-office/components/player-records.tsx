import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { documentTypeCodes, type DocumentTypeCode } from '../../../../../contracts/platform/documents/document-types';
import { Field } from '../../../shared/components/form-fields';
import { registerDocumentsStrings } from '../../../shared/i18n/documents/register';
import { BackOfficeError } from '../api/back-office-request';
import {
  HISTORY_PAGE_SIZE,
  useAskForUpload,
  useFinancialChecks,
  useGoodwillPlans,
  useRegisterChecks,
  useGrantGoodwill,
  usePlayerPayments,
  usePlayerRounds,
  useRoundRecall,
  useUploadRequests,
} from '../api/player-records';
import { useCodeLabel } from '../codes';
import { BackOfficeTable } from './back-office-table';
import { formatMinorMoney, formatMoney, formatWhen } from './format';
import { Refusal, fieldErrorOf } from './refusal';
import { RoundOutcome } from './round-outcome';
import './player-records.css';

// The document kinds are named as the player's documents page names them.
registerDocumentsStrings();

const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof BackOfficeError
    ? (error.fieldErrors.find((entry) => entry.field === field)?.error ?? (error.fieldErrors.length === 0 ? error.message : undefined))
    : undefined;

function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  if (total <= HISTORY_PAGE_SIZE) return null;
  return (
    <nav className="bo-pager" aria-label={t('bo.records.page', { page: page + 1, pages, total })}>
      <button type="button" className="button button--ghost" disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t('bo.records.previous')}
      </button>
      <span className="bo-muted">{t('bo.records.page', { page: page + 1, pages, total })}</span>
      <button type="button" className="button button--ghost" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t('bo.records.next')}
      </button>
    </nav>
  );
}

function Card({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="bo-card bo-records-card" data-testid={testId}>
      <h3 className="bo-card__title">{title}</h3>
      {children}
    </section>
  );
}

/** The player's deposits and withdrawals from the cashier, newest first. */
export function PaymentHistory({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const [page, setPage] = useState(0);
  const payments = usePlayerPayments(playerId, page);
  return (
    <Card title={t('bo.records.payments')} testId="bo-payments">
      {payments.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {payments.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {payments.data && payments.data.total === 0 ? <p className="bo-muted">{t('bo.records.noPayments')}</p> : null}
      {payments.data && payments.data.payments.length > 0 ? (
        <BackOfficeTable
          className="bo-records"
          labelCells
          rows={payments.data.payments}
          rowKey={(entry) => entry.paymentId}
          rowAttributes={() => ({ 'data-testid': 'bo-payment-row' })}
          columns={[
            { header: t('bo.records.when'), cellClassName: 'bo-nowrap', cell: (entry) => formatWhen(entry.requestedAt) },
            { header: t('bo.records.type'), cell: (entry) => code('paymentType', entry.type) },
            { header: t('bo.records.method'), cell: (entry) => code('paymentMethod', entry.method) },
            {
              header: t('bo.records.amount'),
              headerClassName: 'bo-amount',
              cellClassName: 'bo-amount bo-nowrap',
              cell: (entry) => <>{formatMinorMoney(entry.amountMinor, entry.currency)}</>,
            },
            {
              header: t('bo.records.status'),
              cell: (entry) => (
                <span>
                  {code('paymentStatus', entry.status)}
                  {entry.failureReason ? <span className="bo-muted bo-detail"> · {entry.failureReason}</span> : null}
                  {entry.ledgerTransactionId ? (
                    <span className="bo-muted bo-detail bo-block">{t('bo.records.ledger', { id: entry.ledgerTransactionId })}</span>
                  ) : null}
                </span>
              ),
            },
          ]}
        />
      ) : null}
      {payments.data ? <Pager page={page} total={payments.data.total} onPage={setPage} /> : null}
    </Card>
  );
}

/**
 * The player's financial vulnerability checks and financial risk assessments (issue 29 item 3),
 * newest first, and the operator deposit limits in force. Staff act on them through the flag each
 * CONCERN and assessment raises (the flagged-players queue, audited).
 */
export function FinancialChecks({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const checks = useFinancialChecks(playerId);
  const data = checks.data;
  return (
    <Card title={t('bo.financialChecks.title')} testId="bo-financial-checks">
      {checks.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {checks.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {data && data.checks.length === 0 ? <p className="bo-muted">{t('bo.financialChecks.empty')}</p> : null}
      {data && data.checks.length > 0 ? (
        <BackOfficeTable
          className="bo-records"
          labelCells
          rows={data.checks}
          rowKey={(entry) => entry.id}
          rowAttributes={() => ({ 'data-testid': 'bo-financial-check-row' })}
          columns={[
            { header: t('bo.financialChecks.rule'), cell: (entry) => code('financialCheckRule', entry.rule) },
            {
              header: t('bo.financialChecks.measured'),
              headerClassName: 'bo-amount',
              cellClassName: 'bo-amount bo-nowrap',
              cell: (entry) => (
                <>
                  {formatMinorMoney(BigInt(entry.measured), entry.currency)} / {formatMinorMoney(BigInt(entry.threshold), entry.currency)}
                </>
              ),
            },
            {
              header: t('bo.financialChecks.window'),
              cellClassName: 'bo-nowrap',
              cell: (entry) => `${formatWhen(entry.windowStart)} – ${formatWhen(entry.windowEnd)}`,
            },
            {
              header: t('bo.financialChecks.status'),
              cell: (entry) => (
                <span>
                  {code('financialCheckStatus', entry.status)}
                  {entry.attempts > 0 ? <span className="bo-muted bo-detail"> · {t('bo.financialChecks.attempts', { count: entry.attempts })}</span> : null}
                </span>
              ),
            },
            { header: t('bo.financialChecks.outcome'), cell: (entry) => (entry.outcome ? code('financialCheckOutcome', entry.outcome) : '—') },
            {
              header: t('bo.financialChecks.cap'),
              cellClassName: 'bo-nowrap',
              cell: (entry) => (entry.depositCap ? formatMinorMoney(BigInt(entry.depositCap), entry.currency) : t('bo.financialChecks.none')),
            },
          ]}
        />
      ) : null}
      {data && data.operatorDepositLimits.length > 0 ? (
        <ul className="bo-list" data-testid="bo-operator-limits">
          {data.operatorDepositLimits.map((limit) => (
            <li key={`${limit.currency}-${limit.periodDays}`}>
              {t('bo.financialChecks.operatorLimit', {
                amount: formatMinorMoney(BigInt(limit.amount), limit.currency),
                days: limit.periodDays,
                reason: limit.reason,
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/**
 * What the national exclusion registers (GAMSTOP, the Irish register) answered about the player, at
 * sign-up, login and the daily re-check, newest first (issue 29 item 6). GAMSTOP's P is not an
 * exclusion: it shows as not excluded, excluded before; the register's own id of each check
 * (GAMSTOP's X-Unique-Id) is kept for a query to the register.
 */
export function RegisterChecks({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const checks = useRegisterChecks(playerId);
  const data = checks.data;
  return (
    <Card title={t('bo.registerChecks.title')} testId="bo-register-checks">
      {checks.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {checks.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {data && data.checks.length === 0 ? <p className="bo-muted">{t('bo.registerChecks.empty')}</p> : null}
      {data && data.checks.length > 0 ? (
        <BackOfficeTable
          className="bo-records"
          labelCells
          rows={data.checks}
          rowKey={(check) => check.id}
          rowAttributes={(check) => ({ 'data-testid': 'bo-register-check-row', 'data-answer': check.answer })}
          columns={[
            { header: t('bo.registerChecks.checkedAt'), cellClassName: 'bo-nowrap', cell: (check) => formatWhen(check.checkedAt) },
            { header: t('bo.registerChecks.register'), cell: (check) => check.register },
            { header: t('bo.registerChecks.place'), cell: (check) => code('registerCheckPlace', check.place) },
            {
              header: t('bo.registerChecks.answer'),
              cell: (check) => (
                <span>
                  {code('registerCheckAnswer', check.answer)}
                  {check.previouslyRegistered ? <span className="bo-muted bo-detail"> · {t('bo.registerChecks.previously')}</span> : null}
                </span>
              ),
            },
            { header: t('bo.registerChecks.reference'), cell: (check) => (check.reference ? <code>{check.reference}</code> : '—') },
          ]}
        />
      ) : null}
    </Card>
  );
}

/** The player's rounds, newest first; one opened shows it as recorded. */
export function RoundHistory({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const [page, setPage] = useState(0);
  const [opened, setOpened] = useState<string | null>(null);
  const rounds = usePlayerRounds(playerId, page);
  return (
    <Card title={t('bo.records.rounds')} testId="bo-rounds">
      {rounds.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {rounds.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {rounds.data && rounds.data.total === 0 ? <p className="bo-muted">{t('bo.records.noRounds')}</p> : null}
      {rounds.data && rounds.data.rounds.length > 0 ? (
        <BackOfficeTable
          className="bo-records"
          labelCells
          rows={rounds.data.rounds}
          rowKey={(round) => round.roundId}
          rowAttributes={(round) => ({ 'data-testid': 'bo-round-row', 'aria-current': round.roundId === opened ? 'true' : undefined })}
          columns={[
            { header: t('bo.records.playedAt'), cellClassName: 'bo-nowrap', cell: (round) => formatWhen(round.playedAt) },
            {
              header: t('bo.records.game'),
              cell: (round) => (
                <span>
                  {round.gameName}
                  {round.mode === 'FREE' ? <span className="bo-muted"> · {code('gameMode', round.mode)}</span> : null}
                </span>
              ),
            },
            {
              header: t('bo.records.stake'),
              headerClassName: 'bo-amount',
              cellClassName: 'bo-amount bo-nowrap',
              cell: (round) => <>{formatMinorMoney(round.stakeMinor, round.currency)}</>,
            },
            {
              header: t('bo.records.win'),
              headerClassName: 'bo-amount',
              cellClassName: 'bo-amount bo-nowrap',
              cell: (round) => <>{formatMinorMoney(round.winMinor, round.currency)}</>,
            },
            { header: t('bo.records.status'), cell: (round) => code('roundStatus', round.status) },
            {
              header: <span className="visually-hidden">{t('bo.records.open')}</span>,
              cellClassName: 'bo-records__action',
              cell: (round) => (
                <button type="button" className="button button--ghost" onClick={() => setOpened(round.roundId)} aria-expanded={round.roundId === opened}>
                  {t('bo.records.open')}
                </button>
              ),
            },
          ]}
        />
      ) : null}
      {rounds.data ? <Pager page={page} total={rounds.data.total} onPage={setPage} /> : null}
      {opened ? <RoundRecall playerId={playerId} roundId={opened} onClose={() => setOpened(null)} /> : null}
    </Card>
  );
}

/** The recorded outcome as indented JSON, with short lists (reels, symbols, cards) kept on one line. */
function RoundRecall({ playerId, roundId, onClose }: { playerId: string; roundId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const recall = useRoundRecall(playerId, roundId);
  return (
    <div className="bo-recall" data-testid="bo-round-recall" role="region" aria-label={t('bo.recall.title', { id: roundId.slice(0, 8) })}>
      <div className="bo-recall__head">
        <h4 className="bo-subtitle">{t('bo.recall.title', { id: roundId.slice(0, 8) })}</h4>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('bo.recall.close')}
        </button>
      </div>
      {recall.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {recall.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {recall.data ? (
        <>
          <dl className="bo-facts">
            <dt>{t('bo.records.game')}</dt>
            <dd>
              {recall.data.gameName} <code>{recall.data.gameId}</code>
            </dd>
            <dt>{t('bo.recall.mode')}</dt>
            <dd>{code('gameMode', recall.data.mode)}</dd>
            <dt>{t('bo.records.stake')}</dt>
            <dd>{formatMinorMoney(recall.data.stakeMinor, recall.data.currency)}</dd>
            <dt>{t('bo.records.win')}</dt>
            <dd data-testid="bo-recall-win">{formatMinorMoney(recall.data.winMinor, recall.data.currency)}</dd>
            <dt>{t('bo.records.status')}</dt>
            <dd>{code('roundStatus', recall.data.status)}</dd>
            <dt>{t('bo.records.playedAt')}</dt>
            <dd>{formatWhen(recall.data.playedAt)}</dd>
            {recall.data.settledAt ? (
              <>
                <dt>{t('bo.recall.settledAt')}</dt>
                <dd>{formatWhen(recall.data.settledAt)}</dd>
              </>
            ) : null}
          </dl>
          <h5 className="bo-subtitle">{t('bo.recall.outcome')}</h5>
          <RoundOutcome kind={recall.data.kind} outcome={recall.data.outcome} />
          <h5 className="bo-subtitle">{t('bo.recall.fairness')}</h5>
          <dl className="bo-facts">
            <dt>{t('bo.recall.serverSeedHash')}</dt>
            <dd>
              <code>{recall.data.seed.serverSeedHash}</code>
            </dd>
            <dt>{t('bo.recall.clientSeed')}</dt>
            <dd>
              <code>{recall.data.seed.clientSeed}</code>
            </dd>
            <dt>{t('bo.recall.nonce')}</dt>
            <dd>{recall.data.nonce}</dd>
            {recall.data.seed.serverSeed ? (
              <>
                <dt>{t('bo.recall.serverSeed')}</dt>
                <dd>
                  <code>{recall.data.seed.serverSeed}</code>
                </dd>
              </>
            ) : null}
          </dl>
          <p
            data-testid="bo-recall-verification"
            className={recall.data.verification ? (recall.data.verification.verified ? 'bo-ok' : 'bo-broken') : 'bo-muted'}
          >
            {recall.data.verification ? t(recall.data.verification.verified ? 'bo.recall.verified' : 'bo.recall.notVerified') : t('bo.recall.secret')}
          </p>
        </>
      ) : null}
    </div>
  );
}

/** The identity reviewer asks the player to upload a document again; the requests so far, open or satisfied. */
export function UploadRequests({ playerId, canAsk }: { playerId: string; canAsk: boolean }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const requests = useUploadRequests(playerId);
  const ask = useAskForUpload(playerId);
  const [documentType, setDocumentType] = useState<DocumentTypeCode>('PASSPORT');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate({ documentType, reason }, { onSuccess: () => setReason('') });
  };
  const listed = requests.data?.uploadRequests ?? [];
  if (!canAsk && listed.length === 0) return null;
  return (
    <Card title={canAsk ? t('bo.uploadRequest.title') : t('bo.uploadRequest.list')} testId="bo-upload-requests">
      {canAsk ? (
        <>
          <p className="bo-muted">{t('bo.uploadRequest.lead')}</p>
          <form className="bo-inline-form" onSubmit={submit} noValidate data-testid="bo-upload-request-form">
            <Field label={t('bo.uploadRequest.documentType')} error={fieldError(ask.error, 'documentType')}>
              {(control) => (
                <select
                  {...control}
                  className="input"
                  name="documentType"
                  value={documentType}
                  onChange={(event) => setDocumentType(event.target.value as DocumentTypeCode)}
                >
                  {documentTypeCodes.map((type) => (
                    <option key={type} value={type}>
                      {code('documentType', type)}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={t('bo.uploadRequest.reason')} error={fieldError(ask.error, 'reason')} className="bo-grow">
              {(control) => (
                <input {...control} className="input" name="uploadReason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
              )}
            </Field>
            <button type="submit" className="button button--primary" disabled={ask.isPending || !reason.trim()}>
              {t('bo.uploadRequest.submit')}
            </button>
          </form>
          {ask.isSuccess ? <p role="status">{t('bo.uploadRequest.sent')}</p> : null}
        </>
      ) : null}
      {listed.length > 0 ? (
        <>
          {canAsk ? <h4 className="bo-subtitle">{t('bo.uploadRequest.list')}</h4> : null}
          <ul className="bo-list" data-testid="bo-upload-request-list">
            {listed.map((request) => (
              <li key={request.id}>
                <strong>{code('documentType', request.documentType)}</strong> ·{' '}
                <span className={request.satisfiedAt ? 'bo-ok' : undefined}>
                  {request.satisfiedAt ? t('bo.uploadRequest.satisfied', { date: formatWhen(request.satisfiedAt) }) : t('bo.uploadRequest.open')}
                </span>
                <p className="bo-note">{request.reason}</p>
                <p className="bo-muted">{t('bo.uploadRequest.by', { name: request.requestedBy, date: formatWhen(request.requestedAt) })}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Card>
  );
}

/** A goodwill bonus on a no-deposit or code plan, with the reason the audit log keeps. */
export function GoodwillForm({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const code = useCodeLabel();
  const plans = useGoodwillPlans();
  const grant = useGrantGoodwill(playerId);
  const [planId, setPlanId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const chosen = plans.data?.plans.find((plan) => String(plan.planId) === planId);
  // A refused grant stays refused until staff change something: the same press would be refused again.
  const asked = JSON.stringify([planId, amount, reason]);
  const [refusedAsk, setRefusedAsk] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(
      { planId: Number(planId), amount: Number(amount), reason },
      {
        onSuccess: () => {
          setAmount('');
          setReason('');
          setRefusedAsk(null);
        },
        onError: () => setRefusedAsk(asked),
      },
    );
  };
  return (
    <Card title={t('bo.goodwill.title')} testId="bo-goodwill">
      <p className="bo-muted">{t('bo.goodwill.lead')}</p>
      {plans.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {plans.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {plans.data && plans.data.plans.length === 0 ? <p className="bo-muted">{t('bo.goodwill.noPlans')}</p> : null}
      {plans.data && plans.data.plans.length > 0 ? (
        <form className="bo-inline-form" onSubmit={submit} noValidate>
          <Field label={t('bo.goodwill.plan')} error={fieldErrorOf(grant.error, 'planId')}>
            {(control) => (
              <select {...control} className="input" name="planId" value={planId} onChange={(event) => setPlanId(event.target.value)}>
                <option value="">{t('bo.goodwill.choosePlan')}</option>
                {plans.data.plans.map((plan) => (
                  <option key={plan.planId} value={plan.planId}>
                    {plan.name} · {plan.currency}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={chosen ? t('bo.goodwill.amount', { currency: chosen.currency }) : t('bo.records.amount')} error={fieldErrorOf(grant.error, 'amount')}>
            {(control) => (
              <input
                {...control}
                className="input bo-number"
                name="goodwillAmount"
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
              />
            )}
          </Field>
          <Field label={t('bo.goodwill.reason')} error={fieldErrorOf(grant.error, 'reason')} className="bo-grow">
            {(control) => (
              <input {...control} className="input" name="goodwillReason" maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
            )}
          </Field>
          <button type="submit" className="button button--primary" disabled={grant.isPending || !planId || !amount || !reason.trim() || refusedAsk === asked}>
            {t('bo.goodwill.submit')}
          </button>
        </form>
      ) : null}
      {grant.isError ? <Refusal error={grant.error} fields={['planId', 'amount', 'reason']} /> : null}
      {grant.data ? (
        <p role="status">
          {t('bo.goodwill.granted', { amount: formatMoney(grant.data.amount, grant.data.currency), status: code('bonusStatus', grant.data.status) })}
        </p>
      ) : null}
    </Card>
  );
}
