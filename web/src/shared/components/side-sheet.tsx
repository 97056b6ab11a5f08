import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, EmeraldMark } from './icons';
import './side-sheet.css';

interface SideSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  side: 'left' | 'right';
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
  testId: string;
}

/** A sidebar is an accessible dialog that slides in from one edge (focus trap, Escape, title). */
export function SideSheet({ open, onOpenChange, side, title, description, children, testId }: SideSheetProps) {
  const { t } = useTranslation();
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="side-sheet__overlay" />
        <Dialog.Content
          ref={content}
          className={`side-sheet side-sheet--${side}`}
          data-testid={testId}
          // The sheet itself takes focus, so a screen reader announces it and no button opens highlighted.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
        >
          <div className="side-sheet__top">
            <span className="brand" aria-hidden="true">
              <EmeraldMark className="brand__mark" />
              <span className="brand__word">Emerald</span>
            </span>
            <Dialog.Close className="icon-button side-sheet__close" aria-label={t('sidebar.close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Dialog.Title className="side-sheet__title">{title}</Dialog.Title>
          <Dialog.Description className="side-sheet__description">{description}</Dialog.Description>
          <div className="side-sheet__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
