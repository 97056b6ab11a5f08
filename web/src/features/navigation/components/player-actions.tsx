import { useTranslation } from 'react-i18next';
import { useActiveBalance } from '../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../shared/wallet/money-format';
import { useBalanceUpdates } from '../../../shared/wallet/use-balance-updates';
import { useSession } from '../../../shared/session/use-session';
import { useOpenWallet } from '../../../shared/wallet/use-open-wallet';
import { AccountMenu } from './account-menu';
import './player-actions.css';

/**
 * The signed-in header: the active currency's balance (WALLET-15), which opens the wallet, a
 * DEPOSIT button (NAV-66) and the account menu. Loaded only for signed-in players.
 */
export function PlayerActions() {
  const { t } = useTranslation();
  const { data: balance } = useActiveBalance();
  const openWallet = useOpenWallet();
  // Issue 26 defect 4: on a time-out the wallet opens on Withdrawal, and WITHDRAW takes DEPOSIT's place.
  const restricted = useSession().restrictedUntil !== null;
  const walletTab = restricted ? 'withdrawal' : 'deposit';
  useBalanceUpdates();
  return (
    <div className="player-actions" data-testid="player-actions">
      {balance ? (
        <button type="button" className="header-balance" onClick={() => void openWallet(walletTab)} data-testid="header-balance">
          {/* The name is what the button shows, then what it does: a screen reader and a voice
              command ("click balance") meet the same words (WCAG 2.5.3). */}
          <span className="header-balance__label">{t('header.balance')}</span>{' '}
          <span className="header-balance__amount" data-testid="header-balance-amount">
            {formatMoney(balance.totalBalance, balance.currency)}
          </span>
          <span className="visually-hidden">{t('header.opensWallet')}</span>
        </button>
      ) : null}
      {restricted ? (
        <button type="button" className="button button--primary header-deposit" onClick={() => void openWallet('withdrawal')} data-testid="header-withdraw">
          {t('restricted.withdraw')}
        </button>
      ) : (
        <button type="button" className="button button--primary header-deposit" onClick={() => void openWallet('deposit')} data-testid="header-deposit">
          {t('header.deposit')}
        </button>
      )}
      <AccountMenu />
    </div>
  );
}
