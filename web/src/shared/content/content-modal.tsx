import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../components/icons';
import './content-modal.css';
import './rich-text.css';

interface ContentModalProps {
  title: string;
  image?: { url: string; alt: string } | undefined;
  children: ReactNode;
  onClose(): void;
  testId: string;
}

/** The promotion and blog modals (spec 000 §2 Navigation: Modals): title, image and the post's HTML. */
export function ContentModal({ title, image, children, onClose, testId }: ContentModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="content-modal__overlay" />
        <Dialog.Content className="content-modal" data-testid={testId} aria-describedby={undefined}>
          {image?.url ? <img className="content-modal__image" src={image.url} alt={image.alt} /> : null}
          <div className="content-modal__body">
            <Dialog.Title className="content-modal__title">{title}</Dialog.Title>
            {children}
          </div>
          <Dialog.Close className="icon-button content-modal__close" aria-label={t('content.close')}>
            <CloseIcon width={20} height={20} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
