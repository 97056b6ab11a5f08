import { Dialog } from 'radix-ui';
import { createContext, useContext } from 'react';
import type { LimitChangeResponse } from '../../../../../contracts/platform/limits/limits';
import { useRgTranslation } from '../i18n';
import { CheckIcon } from '../../../shared/components/icons';

/** What the last successful change said: in force now, or pending for requiresDays (RG-08, RG-15, RG-18). */
export interface Submitted {
  pending: boolean;
  requiresDays: number;
}

export const SubmittedContext = createContext<(answers: readonly LimitChangeResponse[]) => void>(() => {});

/** The page's one way to say a change went through: the spec's dialog. */
export function useShowSubmitted() {
  return useContext(SubmittedContext);
}

/** Several changes saved together read as one: pending if any is, for the longest cooling-off. */
export function summarise(answers: readonly LimitChangeResponse[]): Submitted {
  const pending = answers.filter((answer) => answer.pending);
  return { pending: pending.length > 0, requiresDays: Math.max(0, ...pending.map((answer) => answer.requiresDays)) };
}

/** RG-08: 'Your limit change request has been submitted successfully.', and what happens next. */
export function SubmittedDialog({ submitted, onClose }: { submitted: Submitted; onClose(): void }) {
  const { t } = useRgTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="rg-dialog__overlay" />
        <Dialog.Content className="rg-dialog" data-testid="rg-submitted">
          <div className="rg-dialog__badge" aria-hidden="true">
            <CheckIcon width={24} height={24} />
          </div>
          <Dialog.Title className="rg-dialog__title">{t('rg.submitted.title')}</Dialog.Title>
          <Dialog.Description className="rg-dialog__text" data-testid="rg-submitted-text">
            {t('rg.submitted.text')}
          </Dialog.Description>
          <p className="rg-dialog__text rg-muted" data-testid="rg-submitted-next">
            {submitted.pending ? t('rg.submitted.pending', { count: submitted.requiresDays }) : t('rg.submitted.now')}
          </p>
          <Dialog.Close className="button button--primary rg-dialog__ok" data-testid="rg-submitted-ok">
            {t('rg.ok')}
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
