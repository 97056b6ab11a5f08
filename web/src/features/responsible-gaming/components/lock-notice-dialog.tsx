import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { formatMoney } from '../../../../../contracts/format';
import { formatDateTime } from '../format';
import { useRgTranslation } from '../i18n';
import type { LockCashPayback } from '../../../../../contracts/platform/limits/limits';
import { clearLockNotice, type LockNotice } from '../lock-notice';
import { LockIcon } from '../../../shared/components/icons';

/** Spec 001 §9: the timeout and self-exclusion dialog closes by itself after 5000 ms. */
export const LOCK_NOTICE_MS = 5000;

const money = (amount: number, currency: string, language: string) => formatMoney(amount, currency, language);

/** A self-exclusion's cash (issue 26): what was paid back where, and what the payments team returns. */
function PaybackLines({ payback, language, t }: { payback: LockCashPayback; language: string; t: ReturnType<typeof useRgTranslation>['t'] }) {
  const lines = [
    ...payback.payouts.map((payout) =>
      t(payout.paymentStatus === 'SUCCESS' ? 'rgShell.lock.payback.paid' : 'rgShell.lock.payback.pending', {
        amount: money(payout.amount, payout.currency, language),
        destination: payout.destination ?? payout.paymentMethod,
      }),
    ),
    ...payback.staffReturns.map((entry) => t('rgShell.lock.payback.staff', { amount: money(entry.amount, entry.currency, language) })),
    ...(payback.processing ? [t('rgShell.lock.payback.processing')] : []),
  ];
  if (lines.length === 0) return null;
  return (
    <div className="rg-dialog__text" data-testid="rg-lock-notice-payback">
      <p>
        <strong>{t('rgShell.lock.payback.title')}</strong>
      </p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p className="rg-muted">{t('rgShell.lock.payback.message')}</p>
    </div>
  );
}

/**
 * RG-57…59, DEF-11: over the home page, signed out (the server ended every session when the lock
 * started), the lock's end date; the dialog closes by itself after five seconds — unless it tells
 * a self-excluded player what happens to their cash (issue 26): that stays until they close it.
 */
export function LockNoticeDialog({ notice }: { notice: LockNotice }) {
  const { t, language } = useRgTranslation();
  const payback = notice.cashPayback;
  const tellsOfMoney = Boolean(payback && (payback.payouts.length > 0 || payback.staffReturns.length > 0 || payback.processing));
  useEffect(() => {
    if (tellsOfMoney) return undefined;
    const timer = window.setTimeout(clearLockNotice, LOCK_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notice, tellsOfMoney]);

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
          {payback && tellsOfMoney ? <PaybackLines payback={payback} language={language} t={t} /> : null}
          <p className="rg-dialog__text rg-muted">{tellsOfMoney ? t('rgShell.lock.loggedOutStays') : t('rgShell.lock.loggedOut')}</p>
          <Dialog.Close className="button button--primary rg-dialog__ok">{t('rgShell.lock.ok')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
