import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { removalStatusSchema, type RegisterRemoval } from '../../../../../contracts/back-office/register-removals';
import { Field } from '../../../shared/components/form-fields';
import { BackOfficeError } from '../api/back-office-request';
import { useRegisterRemovals, useRemovePlayer } from '../api/register';
import { useCodeLabel } from '../codes';
import { BackOfficeTable, type BackOfficeColumn } from './back-office-table';
import { formatWhen } from './format';

type StatusFilter = RegisterRemoval['status'] | 'ALL';

/** What became of a removal, in words: blocked ones say why (money held, a withdrawal under way). */
function StatusText({ removal }: { removal: RegisterRemoval }) {
  const { t } = useTranslation();
  const status = t(`bo.register.status.${removal.status}`);
  return <>{removal.blockedReason ? `${status}: ${t(`bo.register.blocked.${removal.blockedReason}`)}` : status}</>;
}

/**
 * The account-holder register (issue 29 item 9): what the job and requests did — notices given,
 * removals done, blocked while money is held, cancelled by play — newest first; on a player's page
 * only theirs. A row opens the player.
 */
export function RegisterRemovals({ playerId, onOpen }: { playerId?: string; onOpen?: (playerId: string) => void }) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [page, setPage] = useState(0);
  const removals = useRegisterRemovals({ ...(status === 'ALL' ? {} : { status }), ...(playerId ? { playerId } : {}), page });
  const columns: BackOfficeColumn<RegisterRemoval>[] = [
    ...(playerId
      ? []
      : [
          {
            header: t('bo.register.player'),
            cell: (removal: RegisterRemoval) =>
              onOpen ? (
                <button type="button" className="form__link-button" onClick={() => onOpen(removal.playerId)}>
                  {removal.username ?? removal.playerId}
                </button>
              ) : (
                (removal.username ?? removal.playerId)
              ),
          },
        ]),
    { header: t('bo.register.reason'), cell: (removal) => t(`bo.register.reason.${removal.reason}`) },
    { header: t('bo.register.status'), cell: (removal) => <StatusText removal={removal} /> },
    {
      header: t('bo.register.requestedBy'),
      cell: (removal) =>
        removal.requestedBy.startsWith('staff:')
          ? t('bo.register.byStaff', { name: removal.requestedBy.slice('staff:'.length) })
          : label('removalRequester', removal.requestedBy),
    },
    {
      header: t('bo.register.noticed'),
      cell: (removal) =>
        removal.reason === 'INACTIVITY' ? `${formatWhen(removal.createdAt)}${removal.emailedAt ? ` · ${t('bo.register.emailed')}` : ''}` : '—',
    },
    { header: t('bo.register.due'), cell: (removal) => formatWhen(removal.dueAt) },
    {
      header: t('bo.register.ended'),
      cell: (removal) => (removal.doneAt ? formatWhen(removal.doneAt) : removal.cancelledAt ? formatWhen(removal.cancelledAt) : '—'),
    },
  ];
  return (
    <div className="bo-stack" data-testid={playerId ? 'bo-player-register' : 'bo-register'}>
      {playerId ? null : (
        <Field label={t('bo.register.filter')}>
          {(control) => (
            <select
              {...control}
              className="input"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as StatusFilter);
                setPage(0);
              }}
            >
              <option value="ALL">{t('bo.register.all')}</option>
              {removalStatusSchema.options.map((option) => (
                <option key={option} value={option}>
                  {t(`bo.register.status.${option}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {removals.isPending ? <p className="bo-muted">{t('bo.loading')}</p> : null}
      {removals.isError ? <p role="alert">{t('bo.failed')}</p> : null}
      {removals.data && removals.data.removals.length === 0 ? <p className="bo-muted">{t('bo.register.empty')}</p> : null}
      {removals.data && removals.data.removals.length > 0 ? (
        <BackOfficeTable
          columns={columns}
          rows={removals.data.removals}
          rowKey={(removal) => removal.id}
          rowAttributes={() => ({ 'data-testid': 'bo-register-row' })}
          className="bo-records"
          labelCells
        />
      ) : null}
      {removals.data && removals.data.total > (page + 1) * 50 ? (
        <button type="button" className="button button--ghost" onClick={() => setPage(page + 1)}>
          {t('bo.register.more')}
        </button>
      ) : null}
    </div>
  );
}

/** Staff removing a player who asked them (by telephone, by letter): how they asked, then a second press; it cannot be undone. */
export function RemovePlayerForm({ playerId, removedAt }: { playerId: string; removedAt: string | null }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const remove = useRemovePlayer(playerId);
  const error = remove.error instanceof BackOfficeError ? remove.error : null;
  const blocked = error?.fieldErrors.find((entry) => entry.field === 'balance' || entry.field === 'withdrawal');
  // Removed just now: the section stays to say it was done (the page's facts change with it); removed before: nothing to remove.
  if (remove.data) {
    return (
      <section className="bo-card" data-testid="bo-register-remove">
        <h3 className="bo-card__title">{t('bo.register.removeTitle')}</h3>
        <p role="status">{t('bo.register.removed')}</p>
      </section>
    );
  }
  if (removedAt) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    remove.mutate({ note });
  };
  return (
    <section className="bo-card" data-testid="bo-register-remove">
      <h3 className="bo-card__title">{t('bo.register.removeTitle')}</h3>
      <p className="bo-muted">{t('bo.register.removeLead')}</p>
      <form className="bo-inline-form" onSubmit={submit} noValidate>
        <Field label={t('bo.register.note')} error={error?.fieldErrors.find((entry) => entry.field === 'note')?.error}>
          {(control) => (
            <input {...control} className="input" name="removalNote" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
          )}
        </Field>
        <button type="submit" className="button button--primary" disabled={remove.isPending || !note.trim()}>
          {t(confirming ? 'bo.register.confirm' : 'bo.register.remove')}
        </button>
        {confirming ? (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
            {t('bo.lock.cancel')}
          </button>
        ) : null}
      </form>
      {blocked ? <p role="alert">{t(blocked.field === 'balance' ? 'bo.register.blocked.BALANCE' : 'bo.register.blocked.PENDING_WITHDRAWAL')}</p> : null}
      {error && !blocked && error.fieldErrors.length === 0 ? <p role="alert">{t('bo.failed')}</p> : null}
    </section>
  );
}
