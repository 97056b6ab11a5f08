import { useQueryClient } from '@tanstack/react-query';
import { Dialog, Tabs } from 'radix-ui';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerWalletStrings } from '../../../shared/i18n/wallet/register';
import { CloseIcon } from '../../../shared/components/icons';
import { useSession } from '../../../shared/session/use-session';
import { balanceQueryKey } from '../../../shared/wallet/api/get-balance';
import { useWallet, walletTabs, type WalletTab } from '../../../shared/wallet/wallet-state';
import { ActiveBonusProgress } from './bonuses/active-bonus-progress';
import { BonusesTab } from './bonuses/bonuses-tab';
import { CloseConfirmDialog } from './close-confirm-dialog';
import { DepositTab } from './deposit/deposit-tab';
import { HistoryTab } from './history/history-tab';
import { LimitsTab } from './limits/limits-tab';
import { WalletBalances } from './wallet-balances';
import { WithdrawalTab } from './withdrawal/withdrawal-tab';
import '../../../shared/components/tabs.css';
import './wallet-modal.css';

// The wallet's strings arrive with the wallet's code.
registerWalletStrings();

/** Issue 26 defect 4: the tabs of a player on a time-out — take money out, see history and limits; no deposit or bonuses. */
const restrictedTabs: readonly WalletTab[] = ['withdrawal', 'history', 'limits'];

/** Tabs whose close asks first, unless their process has just finished (WALLET-04, WALLET-08, WALLET-09). */
const guardedTabs: readonly WalletTab[] = ['deposit', 'withdrawal'];

/**
 * The wallet (WALLET-01…09): the active currency's balances over five tabs. The Deposit and
 * Withdrawal wizards stay mounted while another tab is shown, so a player who looks at History
 * mid-deposit comes back to the same step.
 */
export function WalletModal() {
  const { t } = useTranslation();
  const { open, selectTab, close } = useWallet();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [finished, setFinished] = useState<Record<'deposit' | 'withdrawal', boolean>>({ deposit: false, withdrawal: false });
  const restricted = useSession().restrictedUntil !== null;
  const tabs = restricted ? restrictedTabs : walletTabs;
  const tab = open?.tab && tabs.includes(open.tab) ? open.tab : (tabs[0] ?? 'deposit');
  const content = useRef<HTMLDivElement>(null);

  const quit = useCallback(() => {
    setConfirming(false);
    // DEP-39: closing refreshes what the wallet changed.
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    close();
  }, [close, queryClient]);

  const requestClose = () => {
    const finishedHere = (tab === 'deposit' && finished.deposit) || (tab === 'withdrawal' && finished.withdrawal);
    if (guardedTabs.includes(tab) && !finishedHere) setConfirming(true);
    else quit();
  };

  const onDepositFinished = useCallback((done: boolean) => setFinished((current) => (current.deposit === done ? current : { ...current, deposit: done })), []);
  const onWithdrawalFinished = useCallback(
    (done: boolean) => setFinished((current) => (current.withdrawal === done ? current : { ...current, withdrawal: done })),
    [],
  );

  return (
    <Dialog.Root open onOpenChange={(next) => !next && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="wallet__overlay" />
        <Dialog.Content
          ref={content}
          className="wallet"
          data-testid="wallet"
          data-tab={tab}
          aria-describedby={undefined}
          // The wallet itself takes focus, so it is announced by its title and no button opens highlighted.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
        >
          <header className="wallet__header">
            <Dialog.Title className="wallet__title">{t('wallet.title')}</Dialog.Title>
            <WalletBalances />
            {restricted ? null : <ActiveBonusProgress />}
            <button type="button" className="icon-button wallet__close" aria-label={t('wallet.close')} data-testid="wallet-close" onClick={requestClose}>
              <CloseIcon width={20} height={20} />
            </button>
          </header>
          <Tabs.Root className="wallet__tabs" value={tab} onValueChange={(next) => selectTab(tabs.find((candidate) => candidate === next) ?? tab)}>
            <Tabs.List className="tabs__list wallet__tab-list" aria-label={t('wallet.tabs')}>
              {tabs.map((value) => (
                <Tabs.Trigger key={value} value={value} className="tabs__trigger wallet__tab" data-testid={`wallet-tab-${value}`}>
                  {t(`wallet.tab.${value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="wallet__body">
              {restricted ? null : (
                <Tabs.Content value="deposit" className="wallet__panel" forceMount hidden={tab !== 'deposit'}>
                  <DepositTab onFinishedChange={onDepositFinished} onClose={quit} />
                </Tabs.Content>
              )}
              <Tabs.Content value="withdrawal" className="wallet__panel" forceMount hidden={tab !== 'withdrawal'}>
                <WithdrawalTab onFinishedChange={onWithdrawalFinished} />
              </Tabs.Content>
              <Tabs.Content value="history" className="wallet__panel">
                <HistoryTab />
              </Tabs.Content>
              {restricted ? null : (
                <Tabs.Content value="bonuses" className="wallet__panel">
                  <BonusesTab />
                </Tabs.Content>
              )}
              <Tabs.Content value="limits" className="wallet__panel">
                <LimitsTab />
              </Tabs.Content>
            </div>
          </Tabs.Root>
          <CloseConfirmDialog open={confirming} tab={tab === 'withdrawal' ? 'withdrawal' : 'deposit'} onGoBack={() => setConfirming(false)} onQuit={quit} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
