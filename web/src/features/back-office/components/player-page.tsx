import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffPermission } from '../../../../../contracts/back-office/permissions';
import { Field } from '../../../shared/components/form-fields';
import { boxKey, MarketingMatrix } from '../../../shared/components/marketing-matrix';
import { BackOfficeError } from '../api/back-office-request';
import {
  documentFileUrl,
  useAddNote,
  useChangePlayerMarketingConsent,
  usePlayerMarketingConsents,
  useIdentityDecision,
  useLockPlayer,
  usePlayerProfile,
  useSendMessage,
} from '../api/players';
import { useCodeLabel, useCountryName } from '../codes';
import { AdjustmentForm } from './adjustment-form';
import { DeclaredData } from './declared-data';
import { formatMoney, formatWhen } from './format';
import { FinancialChecks, GoodwillForm, PaymentHistory, RegisterChecks, RoundHistory, UploadRequests } from './player-records';
import { RegisterRemovals, RemovePlayerForm } from './register-removals';
import { formatDate } from '../../../shared/i18n/format';

const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof BackOfficeError
    ? (error.fieldErrors.find((entry) => entry.field === field)?.error ?? (error.fieldErrors.length === 0 ? error.message : undefined))
    : undefined;

function Section({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="bo-card" data-testid={testId}>
      <h3 className="bo-card__title">{title}</h3>
      {children}
    </section>
  );
}

/** A player as staff see them, with the actions their permissions allow. */
export function PlayerPage({ playerId, permissions, onBack }: { playerId: string; permissions: readonly StaffPermission[]; onBack: () => void }) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const country = useCountryName();
  const profile = usePlayerProfile(playerId);
  // Kept here: after a decision the documents no longer await review and the form goes away.
  const [identityOutcome, setIdentityOutcome] = useState<string | null>(null);
  const can = (permission: StaffPermission) => permissions.includes(permission);
  if (profile.isPending) return <p className="bo-muted">{t('bo.loading')}</p>;
  if (profile.isError)
    return <p role="alert">{profile.error instanceof BackOfficeError && profile.error.httpStatus === 403 ? t('bo.forbidden') : t('bo.failed')}</p>;
  const { player, balances, limits, locks, documents, notes, unreadMessages, messages } = profile.data;
  const awaiting = documents.some((document) => document.status === 'NOT_REVIEWED');

  return (
    <div className="bo-player" data-testid="bo-player">
      <div className="bo-player__head">
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('bo.player.back')}
        </button>
        <h2 className="bo-player__name">{player.username}</h2>
      </div>
      <div className="bo-grid">
        <Section title={t('bo.player.kyc')} testId="bo-player-facts">
          <dl className="bo-facts">
            <dt>{t('bo.player.id')}</dt>
            <dd>
              <code>{player.playerId}</code>
            </dd>
            <dt>{t('bo.player.name')}</dt>
            <dd>{[player.firstName, player.lastName].filter(Boolean).join(' ') || '—'}</dd>
            <dt>{t('bo.player.email')}</dt>
            <dd>{player.email}</dd>
            <dt>{t('bo.player.country')}</dt>
            <dd data-testid="bo-country">{country(player.country)}</dd>
            <dt>{t('bo.player.status')}</dt>
            <dd data-testid="bo-registration">{label('registrationStatus', player.registrationStatus)}</dd>
            <dt>{t('bo.player.kyc')}</dt>
            <dd data-testid="bo-kyc-status">{label('kycStatus', player.kycStatus)}</dd>
            <dt>{t('bo.player.inducements')}</dt>
            <dd data-testid="bo-inducements">
              {player.inducementsOff.length === 0
                ? t('bo.player.inducementsOpen')
                : t('bo.player.inducementsOff', {
                    jurisdiction: label('rulesJurisdiction', player.rulesJurisdiction),
                    kinds: player.inducementsOff.map((kind) => label('inducement', kind)).join(', '),
                  })}
            </dd>
            <dt>{t('bo.player.anonymised')}</dt>
            <dd data-testid="bo-anonymised">{player.anonymisedAt ? formatWhen(player.anonymisedAt) : '—'}</dd>
            <dt>{t('bo.player.realPlay')}</dt>
            <dd data-testid="bo-real-play">{t(player.mayPlayForReal ? 'bo.yes' : 'bo.no')}</dd>
            <dt>{t('bo.player.identityDocument')}</dt>
            <dd data-testid="bo-identity-document">
              {player.identityDocument
                ? [
                    player.identityDocument.documentNumber,
                    label('documentType', player.identityDocument.documentType),
                    player.identityDocument.issuingCountry ? country(player.identityDocument.issuingCountry) : null,
                    player.identityDocument.expiryDate ? formatDate(player.identityDocument.expiryDate) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : '—'}
            </dd>
          </dl>
          <h4 className="bo-subtitle">{t('bo.player.messages', { count: unreadMessages })}</h4>
          <ul className="bo-list" data-testid="bo-messages">
            {messages.slice(0, 5).map((message) => (
              <li key={message.id}>
                {message.subject}{' '}
                <span className="bo-muted">
                  · {label('messageKind', message.kind)} · {formatWhen(message.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
        <Section title={t('bo.player.balances')}>
          {balances.length === 0 ? (
            <p className="bo-muted">{t('bo.player.noBalances')}</p>
          ) : (
            <div className="bo-scroll">
              <table className="bo-table">
                <thead>
                  <tr>
                    <th scope="col">{t('bo.player.currency')}</th>
                    <th scope="col">{t('bo.player.cash')}</th>
                    <th scope="col">{t('bo.player.bonus')}</th>
                  </tr>
                </thead>
                <tbody>
                  {balances.map((balance) => (
                    <tr key={balance.currency}>
                      <td>{balance.currency}</td>
                      <td>{formatMoney(balance.cash, balance.currency)}</td>
                      <td>{formatMoney(balance.bonus, balance.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h4 className="bo-subtitle">{t('bo.player.limits')}</h4>
          {limits.length === 0 ? (
            <p className="bo-muted">{t('bo.player.noLimits')}</p>
          ) : (
            <ul className="bo-list">
              {limits.map((limit) => (
                <li key={`${limit.limitType}-${limit.periodType}-${limit.currency ?? ''}`}>
                  {t('bo.player.limit', {
                    type: label('limitType', limit.limitType),
                    period: label('limitPeriod', limit.periodType),
                    value: limit.value === null ? '—' : `${limit.value} ${limit.currency ?? ''}`.trim(),
                  })}
                </li>
              ))}
            </ul>
          )}
          <h4 className="bo-subtitle">{t('bo.player.locks')}</h4>
          {locks.length === 0 ? (
            <p className="bo-muted">{t('bo.player.noLocks')}</p>
          ) : (
            <ul className="bo-list" data-testid="bo-locks">
              {locks.map((lock) => (
                <li key={`${lock.lockType}-${lock.startsAt}`}>
                  {t('bo.player.until', { type: label('lockType', lock.lockType), date: formatWhen(lock.endsAt) })}
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title={t('bo.player.documents')} testId="bo-documents">
        {documents.length === 0 ? <p className="bo-muted">{t('bo.player.noDocuments')}</p> : null}
        {documents.map((document) => (
          <article key={document.id} className="bo-document">
            <p>
              <strong>{label('documentType', document.documentType)}</strong> ·{' '}
              <span data-testid="bo-document-status">{label('documentStatus', document.status)}</span>
              {document.uploadedAt ? ` · ${formatWhen(document.uploadedAt)}` : ''}
              {document.reason ? ` · ${document.reason}` : ''}
            </p>
            {/* The declared data sits beside the images so a typed number can be checked against the printed one (issue 27). */}
            <div className="bo-document__review">
              <DeclaredData declared={document.declared} />
              {can('documents.read') ? (
                <div className="bo-document__files">
                  {document.files.map((file) =>
                    /\.pdf$/i.test(file.fileName) ? (
                      <a key={file.id} href={documentFileUrl(player.playerId, file.id)} target="_blank" rel="noreferrer">
                        {t('bo.player.openFile', { name: file.fileName })}
                      </a>
                    ) : (
                      <a
                        key={file.id}
                        href={documentFileUrl(player.playerId, file.id)}
                        target="_blank"
                        rel="noreferrer"
                        title={t('bo.player.openFile', { name: file.fileName })}
                      >
                        <img
                          className="bo-document__image"
                          src={documentFileUrl(player.playerId, file.id)}
                          alt={[label('documentType', document.documentType), file.side ? label('documentSide', file.side) : null].filter(Boolean).join(', ')}
                          data-testid="bo-document-image"
                        />
                      </a>
                    ),
                  )}
                </div>
              ) : null}
            </div>
          </article>
        ))}
        {can('identity.review') && awaiting ? <IdentityDecision playerId={player.playerId} onDecided={setIdentityOutcome} /> : null}
        {identityOutcome ? <p role="status">{identityOutcome}</p> : null}
      </Section>
      <UploadRequests playerId={player.playerId} canAsk={can('identity.review')} />

      <PaymentHistory playerId={player.playerId} />
      <RoundHistory playerId={player.playerId} />
      <FinancialChecks playerId={player.playerId} />
      <RegisterChecks playerId={player.playerId} />

      <div className="bo-grid">
        <Section title={t('bo.notes.title')} testId="bo-notes">
          {notes.length === 0 ? <p className="bo-muted">{t('bo.notes.none')}</p> : null}
          <ul className="bo-list">
            {notes.map((note) => (
              <li key={note.id}>
                <p className="bo-note">{note.body}</p>
                <p className="bo-muted">
                  {note.author} · {formatWhen(note.createdAt)}
                </p>
              </li>
            ))}
          </ul>
          {can('players.note') ? <AddNote playerId={player.playerId} /> : null}
        </Section>
        {can('players.message') ? <SendMessage playerId={player.playerId} /> : null}
        <MarketingConsents playerId={player.playerId} canChange={can('players.consents')} />
      </div>
      {can('bonuses.grant') ? <GoodwillForm playerId={player.playerId} /> : null}
      {can('payments.review') ? <AdjustmentForm playerId={player.playerId} currencies={balances.map((balance) => balance.currency)} /> : null}
      {can('players.lock') ? <LockForm playerId={player.playerId} /> : null}
      <Section title={t('bo.register.title')}>
        <RegisterRemovals playerId={player.playerId} />
      </Section>
      {can('players.remove') ? <RemovePlayerForm playerId={player.playerId} removedAt={player.anonymisedAt} /> : null}
    </div>
  );
}

function IdentityDecision({ playerId, onDecided }: { playerId: string; onDecided: (message: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const decide = useIdentityDecision(playerId);
  const submit = (decision: 'approve' | 'reject') => {
    // Not mutate's onSuccess: the refetch after a decision removes this form (no documents await
    // review any more), and a callback of an unmounted component's mutate never runs. The promise
    // still settles; the refusal shows from decide.error.
    decide
      .mutateAsync({ decision, reason })
      .then(() => onDecided(t(decision === 'approve' ? 'bo.identity.approved' : 'bo.identity.rejected')))
      .catch(() => undefined);
  };
  return (
    <div className="bo-decision" data-testid="bo-identity-decision">
      <h4 className="bo-subtitle">{t('bo.identity.title')}</h4>
      <Field label={t('bo.identity.reason')} required error={fieldError(decide.error, 'reason')}>
        {(control) => <textarea {...control} className="input" name="reason" rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />}
      </Field>
      <div className="bo-actions">
        <button type="button" className="button button--primary" disabled={decide.isPending || !reason.trim()} onClick={() => submit('approve')}>
          {t('bo.identity.approve')}
        </button>
        <button type="button" className="button button--secondary" disabled={decide.isPending || !reason.trim()} onClick={() => submit('reject')}>
          {t('bo.identity.reject')}
        </button>
      </div>
    </div>
  );
}

function AddNote({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const add = useAddNote(playerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ body }, { onSuccess: () => setBody('') });
  };
  return (
    <form className="bo-stack" onSubmit={submit} noValidate>
      <Field label={t('bo.notes.body')} error={fieldError(add.error, 'body')}>
        {(control) => <textarea {...control} className="input" name="note" rows={2} value={body} onChange={(event) => setBody(event.target.value)} />}
      </Field>
      <button type="submit" className="button button--secondary" disabled={add.isPending || !body.trim()}>
        {t('bo.notes.add')}
      </button>
    </form>
  );
}

function SendMessage({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const send = useSendMessage(playerId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { subject, body },
      {
        onSuccess: () => {
          setSubject('');
          setBody('');
        },
      },
    );
  };
  return (
    <section className="bo-card">
      <h3 className="bo-card__title">{t('bo.message.title')}</h3>
      <form className="bo-stack" onSubmit={submit} noValidate>
        <Field label={t('bo.message.subject')} error={fieldError(send.error, 'subject')}>
          {(control) => <input {...control} className="input" name="subject" value={subject} onChange={(event) => setSubject(event.target.value)} />}
        </Field>
        <Field label={t('bo.message.body')} error={fieldError(send.error, 'body')}>
          {(control) => <textarea {...control} className="input" name="body" rows={3} value={body} onChange={(event) => setBody(event.target.value)} />}
        </Field>
        <button type="submit" className="button button--secondary" disabled={send.isPending || !subject.trim() || !body.trim()}>
          {t('bo.message.send')}
        </button>
        {send.isSuccess ? <p role="status">{t('bo.message.sent')}</p> : null}
      </form>
    </section>
  );
}

function LockForm({ playerId }: { playerId: string }) {
  const { t } = useTranslation();
  const [lockType, setLockType] = useState<'TIMEOUT' | 'EXCLUSION'>('TIMEOUT');
  const [lockPeriodUnit, setUnit] = useState<'DAY' | 'WEEK' | 'MONTH'>('WEEK');
  const [lockPeriod, setPeriod] = useState('1');
  const [reason, setReason] = useState('');
  const lock = useLockPlayer(playerId);
  // A lock cannot be undone, so the button asks once more before it locks.
  const [confirming, setConfirming] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    lock.mutate({ lockType, lockPeriodUnit, lockPeriod: Number(lockPeriod), reason });
  };
  return (
    <section className="bo-card">
      <h3 className="bo-card__title">{t('bo.lock.title')}</h3>
      <p className="bo-muted">{t('bo.lock.lead')}</p>
      <form className="bo-inline-form" onSubmit={submit} noValidate>
        <Field label={t('bo.lock.type')} error={fieldError(lock.error, 'lockType')}>
          {(control) => (
            <select {...control} className="input" value={lockType} onChange={(event) => setLockType(event.target.value as 'TIMEOUT' | 'EXCLUSION')}>
              <option value="TIMEOUT">{t('bo.lock.TIMEOUT')}</option>
              <option value="EXCLUSION">{t('bo.lock.EXCLUSION')}</option>
            </select>
          )}
        </Field>
        <Field label={t('bo.lock.period')} error={fieldError(lock.error, 'lockPeriod')}>
          {(control) => (
            <input
              {...control}
              className="input bo-number"
              inputMode="numeric"
              value={lockPeriod}
              onChange={(event) => setPeriod(event.target.value.replace(/\D/g, ''))}
            />
          )}
        </Field>
        <Field label={t('bo.lock.unit')}>
          {(control) => (
            <select {...control} className="input" value={lockPeriodUnit} onChange={(event) => setUnit(event.target.value as 'DAY' | 'WEEK' | 'MONTH')}>
              <option value="DAY">{t('bo.lock.DAY')}</option>
              <option value="WEEK">{t('bo.lock.WEEK')}</option>
              <option value="MONTH">{t('bo.lock.MONTH')}</option>
            </select>
          )}
        </Field>
        <Field label={t('bo.lock.reason')} error={fieldError(lock.error, 'reason')}>
          {(control) => <input {...control} className="input" name="lockReason" value={reason} onChange={(event) => setReason(event.target.value)} />}
        </Field>
        <button type="submit" className="button button--primary" disabled={lock.isPending || !reason.trim() || !lockPeriod}>
          {t(confirming ? 'bo.lock.confirm' : 'bo.lock.submit')}
        </button>
        {confirming ? (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            {t('bo.lock.cancel')}
          </button>
        ) : null}
      </form>
      {lock.data ? <p role="status">{t('bo.lock.done', { date: formatWhen(lock.data.endsAt) })}</p> : null}
    </section>
  );
}

/**
 * The player's marketing consent per product and channel (SR 5.1.12): seen by every member who sees
 * the player, changed (at the player's request) only with players.consents; the server audits it.
 */
function MarketingConsents({ playerId, canChange }: { playerId: string; canChange: boolean }) {
  const { t } = useTranslation();
  const consents = usePlayerMarketingConsents(playerId);
  const change = useChangePlayerMarketingConsent(playerId);
  const changed = (consents.data ?? []).filter((box) => box.changedAt !== null);
  return (
    <Section title={t('bo.player.marketing')} testId="bo-player-marketing">
      {consents.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {consents.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {change.isError ? <p role="alert">{change.error instanceof BackOfficeError ? change.error.message : t('bo.failed')}</p> : null}
      {consents.data ? (
        <>
          <MarketingMatrix
            ticked={new Set(consents.data.filter((box) => box.granted).map((box) => boxKey(box.product, box.channel)))}
            disabled={!canChange || change.isPending}
            onChange={(product, channel, granted) => change.mutate({ product, channel, granted })}
            testId="bo-marketing-matrix"
          />
          {changed.length === 0 ? (
            <p className="bo-muted">{t('bo.player.marketingNone')}</p>
          ) : (
            <ul className="bo-list">
              {changed.map((box) => (
                <li key={boxKey(box.product, box.channel)} className="bo-muted">
                  {t('marketing.box', { product: t(`marketing.productName.${box.product}`), channel: t(`marketing.channel.${box.channel}`) })}:{' '}
                  {box.granted ? t('bo.player.marketingYes') : t('bo.player.marketingNo')} · {t(`bo.player.marketingBy.${box.changedBy ?? 'PLAYER'}`)} ·{' '}
                  {formatWhen(box.changedAt ?? '')}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </Section>
  );
}
