import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { Warning } from './warning-modal-state';
import './warning-modal.css';

/** NAV-47: a blocking notice the player acknowledges. */
export function WarningDialog({ warning, onClose }: { warning: Warning; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="warning-modal__overlay" />
        <Dialog.Content className="warning-modal" data-testid="warning-modal">
          <div className="warning-modal__badge" aria-hidden="true">
            !
          </div>
          <Dialog.Title className="warning-modal__title">{warning.title ?? t('warning.title')}</Dialog.Title>
          <Dialog.Description className="warning-modal__message">{warning.message}</Dialog.Description>
          <Dialog.Close className="button button--primary warning-modal__ok">{t('warning.ok')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
