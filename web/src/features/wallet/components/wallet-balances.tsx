import { useTranslation } from 'react-i18next';
import { useActiveBalance } from '../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../shared/wallet/money-format';

/** WALLET-02, WALLET-03, WALLET-15: Cash (withdrawable), Bonus and Total in the active currency. */
export function WalletBalances() {
  const { t } = useTranslation();
  const { data: balance } = useActiveBalance();
  const show = (amount: number | undefined) => (balance && amount !== undefined ? formatMoney(amount, balance.currency) : '—');
  return (
    <dl className="wallet-balances" aria-label={t('wallet.balances')} data-testid="wallet-balances">
      <div className="wallet-balances__item">
        <dt>{t('wallet.cash')}</dt>
        <dd data-testid="wallet-cash">{show(balance?.withdrawableBalance)}</dd>
      </div>
      <div className="wallet-balances__item">
        <dt>{t('wallet.bonus')}</dt>
        <dd data-testid="wallet-bonus">{show(balance?.bonusBalance)}</dd>
      </div>
      <div className="wallet-balances__item wallet-balances__item--total">
        <dt>{t('wallet.total')}</dt>
        <dd data-testid="wallet-total">{show(balance?.totalBalance)}</dd>
      </div>
    </dl>
  );
}
