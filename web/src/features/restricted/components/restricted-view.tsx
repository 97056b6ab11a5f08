import { useTranslation } from 'react-i18next';
import { useActiveBalance } from '../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../shared/wallet/money-format';
import { RestrictedActions } from './restricted-actions';
import '../restricted.css';

/**
 * What a restricted session sees instead of a closed page (games, deposits, promotions, the shop…;
 * issue 26 defect 4): the balance and the three ways that stay open.
 */
export function RestrictedView() {
  const { t } = useTranslation();
  const { data: balance } = useActiveBalance();
  const show = (amount: number | undefined) => (balance && amount !== undefined ? formatMoney(amount, balance.currency) : '—');
  return (
    <section className="restricted" data-testid="restricted-view" aria-labelledby="restricted-title">
      <h1 id="restricted-title" className="restricted__title">
        {t('restricted.title')}
      </h1>
      <p className="restricted__text">{t('restricted.closed')}</p>
      <dl className="restricted__balance" aria-label={t('restricted.balance')} data-testid="restricted-balance">
        <div>
          <dt>{t('restricted.withdrawable')}</dt>
          <dd data-testid="restricted-withdrawable">{show(balance?.withdrawableBalance)}</dd>
        </div>
        <div>
          <dt>{t('restricted.total')}</dt>
          <dd data-testid="restricted-total">{show(balance?.totalBalance)}</dd>
        </div>
      </dl>
      <RestrictedActions />
    </section>
  );
}
