import { Dialog } from 'radix-ui';
import { useCallback, useState } from 'react';
import type { LimitChangeResponse } from '../../../../../contracts/platform/limits/limits';
import { CloseIcon } from '../../../shared/components/icons';
import { registerResponsibleGamingStrings } from '../../../shared/i18n/responsible-gaming/register';
import { useDisplayPeriodLimits } from '../api/display-period-limits';
import { useRgTranslation } from '../i18n';
import { DepositLimitSection } from './deposit-limit-section';
import { GameTimeSection } from './game-time-section';
import { LockSection } from './lock-section';
import { LossWagerSection } from './loss-wager-section';
import { RealityCheckSection, SessionLimitSection } from './minutes-sections';
import { SubmittedContext, SubmittedDialog, summarise, type Submitted } from './submitted';
import './responsible-gaming-shell.css';
import './responsible-gaming.css';

// The page's strings arrive with the page's code.
registerResponsibleGamingStrings();

export type LimitsVariant = 'page' | 'wallet' | 'modal';

/** Every section, the same in each variant (RG-01, RG-02, RG-03): see docs/spec-deviations.md for the order and the dynamic period type. */
function Sections({ variant }: { variant: LimitsVariant }) {
  const { t } = useRgTranslation();
  const message = useDisplayPeriodLimits();
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const show = useCallback((answers: readonly LimitChangeResponse[]) => setSubmitted(summarise(answers)), []);
  return (
    <SubmittedContext.Provider value={show}>
      <div className="rg" data-variant={variant} data-testid="rg-limits">
        {variant === 'page' ? (
          <header className="rg__header">
            <h2 className="rg__title">{t('rg.title')}</h2>
            <p className="rg-muted">{t('rg.lead')}</p>
          </header>
        ) : null}
        {message.data?.message ? (
          <p className="rg__message" role="note" data-testid="rg-display-period-limits">
            {message.data.message}
          </p>
        ) : null}
        <div className="rg__sections">
          <LossWagerSection />
          <DepositLimitSection />
          <SessionLimitSection />
          <GameTimeSection />
          <RealityCheckSection />
          <LockSection />
        </div>
      </div>
      {submitted ? <SubmittedDialog submitted={submitted} onClose={() => setSubmitted(null)} /> : null}
    </SubmittedContext.Provider>
  );
}

/**
 * The limits page (RG-01): every section, in the account's Responsible Gaming tab ('page'), the
 * wallet's Limits tab ('wallet', WALLET-16) and a dialog of its own ('modal', open while mounted;
 * `onClose` when the player closes it).
 */
export function ResponsibleGamingLimits({ variant = 'page', onClose }: { variant?: LimitsVariant; onClose?: () => void }) {
  const { t } = useRgTranslation();
  if (variant !== 'modal') return <Sections variant={variant} />;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className="rg-modal__overlay" />
        <Dialog.Content className="rg-modal" data-testid="rg-modal" aria-describedby={undefined}>
          <header className="rg-modal__header">
            <Dialog.Title className="rg-modal__title">{t('rg.modal.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('rg.modal.close')} data-testid="rg-modal-close">
              <CloseIcon width={20} height={20} />
            </Dialog.Close>
          </header>
          <div className="rg-modal__body">
            <Sections variant="modal" />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** DEP-02 at first deposit: the deposit limits alone, already in edit mode, for the wallet's deposit-limit screen. */
export function DepositLimitEditor() {
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const show = useCallback((answers: readonly LimitChangeResponse[]) => setSubmitted(summarise(answers)), []);
  return (
    <SubmittedContext.Provider value={show}>
      <div className="rg" data-variant="wallet">
        <DepositLimitSection embedded />
      </div>
      {submitted ? <SubmittedDialog submitted={submitted} onClose={() => setSubmitted(null)} /> : null}
    </SubmittedContext.Provider>
  );
}
