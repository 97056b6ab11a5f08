import { useQueryClient } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerBonus } from '../../../../../../contracts/platform/bonuses/bonuses';
import { describeApiFailure } from '../../../../shared/api/api-failure';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { cancelBonus, refreshAfterBonusChange, useCancelPreview } from './bonuses-api';

type CancelState = { step: 'confirm' } | { step: 'progress' } | { step: 'success' } | { step: 'failure'; message: string };

/** The server's sentence for a failed call: its field error, else its message, else a general one. */
export function serverMessage(error: unknown, fallback: string): string {
  const failure = describeApiFailure(error);
  return failure.errors[0]?.error ?? failure.message ?? fallback;
}

/**
 * BON-08…10: confirm → in progress → success ('Success: Cancelled (bonus name)') or failure
 * ('Failure: (message)'). The confirm step previews, from the ledger, the cash kept and the bonus
 * money forfeited (issue 14).
 */
export function CancelBonusDialog({ bonus, onClose }: { bonus: PlayerBonus; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<CancelState>({ step: 'confirm' });
  const preview = useCancelPreview(state.step === 'confirm' ? bonus.id : null);

  const confirm = () => {
    setState({ step: 'progress' });
    cancelBonus(bonus.id)
      .then(() => setState({ step: 'success' }))
      .catch((error: unknown) => setState({ step: 'failure', message: serverMessage(error, t('wallet.bonuses.cancelFailed')) }))
      .finally(() => refreshAfterBonusChange(queryClient));
  };

  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && state.step !== 'progress' && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="wallet-confirm__overlay" />
        <AlertDialog.Content className="wallet-confirm bonus-cancel" data-testid="bonus-cancel-dialog" data-state-step={state.step}>
          <AlertDialog.Title className="wallet-confirm__title">{t('wallet.bonuses.cancelTitle')}</AlertDialog.Title>
          {state.step === 'confirm' ? (
            <>
              <AlertDialog.Description className="wallet-confirm__text">
                {t('wallet.bonuses.cancelConfirm', { name: bonus.bonusPlanName })}
              </AlertDialog.Description>
              <p className="bonus-cancel__preview" data-testid="bonus-cancel-preview" aria-live="polite">
                {preview.isPending
                  ? t('wallet.bonuses.previewLoading')
                  : preview.isSuccess
                    ? t('wallet.bonuses.preview', {
                        cash: formatMoney(preview.data.keepCash, preview.data.currency),
                        bonus: formatMoney(preview.data.forfeitBonus, preview.data.currency),
                      })
                    : serverMessage(preview.error, t('wallet.bonuses.previewFailed'))}
              </p>
              <div className="wallet-confirm__actions">
                <AlertDialog.Cancel className="button button--secondary" data-testid="bonus-cancel-back">
                  {t('wallet.bonuses.keep')}
                </AlertDialog.Cancel>
                <button type="button" className="button button--primary" onClick={confirm} data-testid="bonus-cancel-confirm">
                  {t('wallet.bonuses.cancelConfirmButton')}
                </button>
              </div>
            </>
          ) : null}
          {state.step === 'progress' ? (
            <AlertDialog.Description className="wallet-confirm__text" aria-live="polite" data-testid="bonus-cancel-progress">
              {t('wallet.bonuses.cancelling')}
            </AlertDialog.Description>
          ) : null}
          {state.step === 'success' || state.step === 'failure' ? (
            <>
              <AlertDialog.Description
                className={`wallet-confirm__text bonus-cancel__result bonus-cancel__result--${state.step}`}
                role="status"
                data-testid="bonus-cancel-result"
              >
                {state.step === 'success'
                  ? t('wallet.bonuses.cancelSuccess', { name: bonus.bonusPlanName })
                  : t('wallet.bonuses.cancelFailure', { message: state.message })}
              </AlertDialog.Description>
              <div className="wallet-confirm__actions">
                <AlertDialog.Cancel className="button button--primary" data-testid="bonus-cancel-close">
                  {t('wallet.bonuses.close')}
                </AlertDialog.Cancel>
              </div>
            </>
          ) : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
