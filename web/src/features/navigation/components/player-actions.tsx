import { useTranslation } from 'react-i18next';
import { useActiveBalance } from '../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../shared/wallet/money-format';
import { useBalanceUpdates } from '../../../shared/wallet/use-balance-updates';
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
  useBalanceUpdates();
  return (
    <div className="player-actions" data-testid="player-actions">
      {balance ? (
        <button
          type="button"
          className="header-balance"
          onClick={() => void openWallet('deposit')}
          aria-label={t('header.balanceOpensWallet', { amount: formatMoney(balance.totalBalance, balance.currency) })}
          data-testid="header-balance"
        >
          <span className="header-balance__label">{t('header.balance')}</span>
          <span className="header-balance__amount" data-testid="header-balance-amount">
            {formatMoney(balance.totalBalance, balance.currency)}
          </span>
        </button>
      ) : null}
      <button type="button" className="button button--primary header-deposit" onClick={() => void openWallet('deposit')} data-testid="header-deposit">
        {t('header.deposit')}
      </button>
      <AccountMenu />
    </div>
  );
}
