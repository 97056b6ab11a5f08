import { Dialog } from 'radix-ui';
import './documents.css';

interface ResultDialogProps {
  tone: 'success' | 'failure';
  title: string;
  message: string;
  actionLabel: string;
  onAction(): void;
  /** Closing without the action (Escape, the overlay); defaults to the action. */
  onClose?(): void;
  testId: string;
}

/**
 * The result dialogs of uploads and identification (spec 001 §8): a title, the spec's text and one
 * action. Radix Dialog: focus moves in and back, Escape closes, the page behind is inert.
 */
export function ResultDialog({ tone, title, message, actionLabel, onAction, onClose, testId }: ResultDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && (onClose ?? onAction)()}>
      <Dialog.Portal>
        <Dialog.Overlay className="result-dialog__overlay" />
        <Dialog.Content className="result-dialog" data-testid={testId}>
          <div className={`result-dialog__badge result-dialog__badge--${tone}`} aria-hidden="true">
            {tone === 'success' ? '✓' : '!'}
          </div>
          <Dialog.Title className="result-dialog__title">{title}</Dialog.Title>
          <Dialog.Description className="result-dialog__message">{message}</Dialog.Description>
          <button type="button" className="button button--primary result-dialog__action" onClick={onAction} data-testid={`${testId}-action`}>
            {actionLabel}
          </button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
