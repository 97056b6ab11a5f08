import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { sessionQueryKey, signedOut } from '../../../shared/session/api/check-session-alive';
import { formatDateTime } from '../format';
import { useRgTranslation } from '../i18n';
import { clearLockNotice, type LockNotice } from '../lock-notice';

/** Spec 001 §9: the timeout and self-exclusion dialog closes by itself after 5000 ms. */
export const LOCK_NOTICE_MS = 5000;

/**
 * RG-57…59, DEF-11: the lock has started and the server has already ended every session of the
 * player. The portal goes home at once and forgets the session (so no screen of the closed account
 * stays up, and no request of it meets a dead session), and this dialog with the lock's end date
 * stays over the home page for five seconds.
 */
export function LockNoticeDialog({ notice }: { notice: LockNotice }) {
  const { t, language } = useRgTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      await queryClient.cancelQueries();
      await navigate(paths.home.getHref(), { replace: true });
      if (cancelled) return;
      queryClient.setQueryData(sessionQueryKey, signedOut);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    })();
    const timer = window.setTimeout(clearLockNotice, LOCK_NOTICE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [notice, navigate, queryClient]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && clearLockNotice()}>
      <Dialog.Portal>
        <Dialog.Overlay className="rg-dialog__overlay" />
        <Dialog.Content className="rg-dialog" data-testid="rg-lock-notice">
          <div className="rg-dialog__badge" aria-hidden="true">
            ✓
          </div>
          <Dialog.Title className="rg-dialog__title">{t(`rgShell.lock.title.${notice.lockType}`)}</Dialog.Title>
          <Dialog.Description className="rg-dialog__text" data-testid="rg-lock-notice-until">
            {t('rgShell.lock.until', { date: formatDateTime(notice.lockEndDate, language) })}
          </Dialog.Description>
          <p className="rg-dialog__text rg-muted">{t('rgShell.lock.loggedOut')}</p>
          <Dialog.Close className="button button--primary rg-dialog__ok">{t('rgShell.lock.ok')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
