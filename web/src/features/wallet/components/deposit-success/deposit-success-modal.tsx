import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { registerWalletStrings } from '../../../../shared/i18n/wallet/register';
import { CheckIcon } from '../../../../shared/components/icons';
import { balanceQueryKey, useActiveBalance } from '../../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../../shared/wallet/money-format';
import '../wallet-modal.css';

// The wallet's strings arrive with the wallet's code.
registerWalletStrings();

/**
 * DIS-19: /deposit-success, where a provider returns the player after paying outside the wallet —
 * the 'Deposit Successful' modal, with the balance read again.
 */
export function DepositSuccessModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: balance } = useActiveBalance();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
  }, [queryClient]);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="wallet-confirm__overlay" />
        <Dialog.Content className="wallet-confirm deposit-success" data-testid="deposit-success-modal">
          <span className="cashier-result__badge" aria-hidden="true">
            <CheckIcon width={28} height={28} />
          </span>
          <Dialog.Title className="wallet-confirm__title">{t('wallet.depositSuccess.title')}</Dialog.Title>
          <Dialog.Description className="wallet-confirm__text">{t('wallet.deposit.success')}</Dialog.Description>
          {balance ? (
            <p className="deposit-success__balance" data-testid="deposit-success-balance">
              {t('wallet.depositSuccess.balance', { amount: formatMoney(balance.totalBalance, balance.currency) })}
            </p>
          ) : null}
          <div className="wallet-confirm__actions">
            <Dialog.Close className="button button--primary">{t('wallet.depositSuccess.ok')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
