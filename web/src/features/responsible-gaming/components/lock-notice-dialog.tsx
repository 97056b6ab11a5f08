import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { formatDateTime } from '../format';
import { useRgTranslation } from '../i18n';
import { clearLockNotice, type LockNotice } from '../lock-notice';
import { LockIcon } from '../../../shared/components/icons';

/** Spec 001 §9: the timeout and self-exclusion dialog closes by itself after 5000 ms. */
export const LOCK_NOTICE_MS = 5000;

/**
 * RG-57…59, DEF-11: over the home page, signed out (the server ended every session when the lock
 * started), the lock's end date; the dialog closes by itself after five seconds.
 */
export function LockNoticeDialog({ notice }: { notice: LockNotice }) {
  const { t, language } = useRgTranslation();
  useEffect(() => {
    const timer = window.setTimeout(clearLockNotice, LOCK_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);

  return (
    <Dialog.Root open onOpenChange={(open) => !open && clearLockNotice()}>
      <Dialog.Portal>
        <Dialog.Overlay className="rg-dialog__overlay" />
        <Dialog.Content className="rg-dialog" data-testid="rg-lock-notice">
          <div className="rg-dialog__badge" aria-hidden="true">
            <LockIcon width={24} height={24} />
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
