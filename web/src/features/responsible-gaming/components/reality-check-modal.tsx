import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { useLogout } from '../../../shared/session/api/logout';
import { useOpenWallet } from '../../../shared/wallet/use-open-wallet';
import { useWallet } from '../../../shared/wallet/wallet-state';
import { useAnswerRealityCheck, usePlayStatus } from '../api/play-status';
import { formatMoney } from '../format';
import { useRgTranslation, type RgT } from '../i18n';
import { ClockIcon } from '../../../shared/components/icons';

/** The longest timer a browser keeps (about 24.8 days); a later due time is caught by the poll. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function playedTime(t: RgT, minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  return hours > 0 ? t('rgShell.reality.hours', { hours, minutes: String(whole % 60).padStart(2, '0') }) : t('rgShell.reality.minutes', { minutes: whole });
}

/**
 * The portal's reality check (RG-62, NS-23): while a player is signed in the portal reads the play
 * status every 30 s and also at the check's due time; a due check is a modal with the time played
 * and the net position, and Continue, Log out or View history. The server refuses rounds until it
 * is answered, so closing it any other way only hides it while the history is open.
 */
export function RealityCheckWatcher() {
  const { t } = useRgTranslation();
  const status = usePlayStatus(true);
  const answer = useAnswerRealityCheck();
  const logout = useLogout();
  const openWallet = useOpenWallet();
  const wallet = useWallet();
  const [viewingHistoryFor, setViewingHistoryFor] = useState<string | null>(null);
  const check = status.data?.realityCheck;
  const dueAt = check?.dueAt ?? null;
  const due = check?.due ?? false;
  const { refetch } = status;

  useEffect(() => {
    if (!dueAt || due) return;
    const wait = Date.parse(dueAt) - Date.now();
    if (!(wait >= 0) || wait > MAX_TIMER_MS) return;
    // A little after the due time, so the server already counts the check as due.
    const timer = window.setTimeout(() => void refetch(), wait + 500);
    return () => window.clearTimeout(timer);
  }, [dueAt, due, refetch]);

  // Back from the history with the check still unanswered: it shows again. The wallet opens a
  // moment after the click (it checks the player first), so only its closing counts.
  const walletSeen = useRef(false);
  useEffect(() => {
    if (viewingHistoryFor === null) {
      walletSeen.current = false;
      return;
    }
    if (wallet.open) walletSeen.current = true;
    else if (walletSeen.current) setViewingHistoryFor(null);
  }, [viewingHistoryFor, wallet.open]);

  const data = status.data;
  if (!data || !due || (viewingHistoryFor !== null && viewingHistoryFor === dueAt)) return null;
  const busy = answer.isPending || logout.isPending;
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="rg-dialog__overlay" />
        <Dialog.Content
          className="rg-dialog rg-reality"
          data-testid="reality-check"
          // Answering is the way out: Escape and a click outside do not dismiss it.
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <div className="rg-dialog__badge" aria-hidden="true">
            <ClockIcon width={24} height={24} />
          </div>
          <Dialog.Title className="rg-dialog__title">{t('rgShell.reality.title')}</Dialog.Title>
          <Dialog.Description className="rg-dialog__text" data-testid="reality-check-played">
            {t('rgShell.reality.played', { time: playedTime(t, data.sessionMinutes) })} {t('rgShell.reality.today', { time: playedTime(t, data.todayMinutes) })}
          </Dialog.Description>
          <div className="rg-reality__net" data-testid="reality-check-net">
            <p className="rg-reality__net-title">{t('rgShell.reality.net')}</p>
            {data.netPosition.length === 0 ? (
              <p className="rg-muted">{t('rgShell.reality.noPlay')}</p>
            ) : (
              <ul>
                {data.netPosition.map((net) => (
                  <li key={net.currency} data-tone={net.amount < 0 ? 'down' : 'up'}>
                    {net.amount > 0 ? '+' : ''}
                    {formatMoney(net.amount, net.currency)}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {answer.isError ? (
            <p className="field__error" role="alert">
              {t('rgShell.reality.failed')}
            </p>
          ) : null}
          <div className="rg-dialog__actions rg-reality__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => answer.mutate('CONTINUE')}
              data-testid="reality-check-continue"
            >
              {t('rgShell.reality.continue')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => answer.mutate('LOGOUT', { onSettled: () => logout.mutate() })}
              data-testid="reality-check-logout"
            >
              {t('rgShell.reality.logout')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setViewingHistoryFor(dueAt);
                void openWallet('history').then((opened) => {
                  if (!opened) setViewingHistoryFor(null);
                });
              }}
              data-testid="reality-check-history"
            >
              {t('rgShell.reality.history')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
