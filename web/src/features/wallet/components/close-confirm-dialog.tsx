import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { useCompactWallet } from '../use-compact-wallet';

interface CloseConfirmDialogProps {
  open: boolean;
  tab: 'deposit' | 'withdrawal';
  onGoBack(): void;
  onQuit(): void;
}

/** WALLET-04…07: 'Are you sure?' before leaving a deposit or withdrawal; Go Back (Back on mobile) keeps the wizard as it was. */
export function CloseConfirmDialog({ open, tab, onGoBack, onQuit }: CloseConfirmDialogProps) {
  const { t } = useTranslation();
  const compact = useCompactWallet();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onGoBack()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="wallet-confirm__overlay" />
        <AlertDialog.Content className="wallet-confirm" data-testid="wallet-close-confirm">
          <AlertDialog.Title className="wallet-confirm__title">{t('wallet.confirmClose.title')}</AlertDialog.Title>
          <AlertDialog.Description className="wallet-confirm__text">{t('wallet.confirmClose.text', { tab: t(`wallet.tab.${tab}`) })}</AlertDialog.Description>
          <div className="wallet-confirm__actions">
            <AlertDialog.Cancel className="button button--secondary">
              {compact ? t('wallet.confirmClose.back') : t('wallet.confirmClose.goBack')}
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button--primary" onClick={onQuit}>
              {t('wallet.confirmClose.quit')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
