import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveBalance } from '../../../../shared/wallet/api/get-balance';
import { formatMoney } from '../../../../shared/wallet/money-format';
import { useBonusProgress } from './bonuses-api';
import { WageringProgress } from './wagering-progress';
import './bonuses.css';

/**
 * The active bonus's live wagering in the wallet's balances area (issue 14): wagered against
 * required and the bonus money it releases as cash. Read again whenever the balance changes (a
 * bet, a win, a release), so it follows play. Nothing without an active bonus.
 */
export function ActiveBonusProgress() {
  const { t } = useTranslation();
  const progress = useBonusProgress();
  const { data: balance } = useActiveBalance();
  const { refetch } = progress;
  const moved = balance ? `${balance.withdrawableBalance}:${balance.bonusBalance}` : '';
  useEffect(() => {
    if (moved) void refetch();
  }, [moved, refetch]);

  const active = progress.data;
  if (!active) return null;
  return (
    <section className="active-bonus" aria-label={t('wallet.bonuses.activeTitle')} data-testid="active-bonus-progress">
      <p className="active-bonus__name">
        <span className="active-bonus__label">{t('wallet.bonuses.activeTitle')}</span> {active.bonusPlanName}
      </p>
      <WageringProgress wagered={active.amountWagered} required={active.wagerRequirement} currency={active.currency} />
      <p className="active-bonus__releases" data-testid="active-bonus-releases">
        {t('wallet.bonuses.releases', { amount: formatMoney(active.releases, active.currency), remaining: formatMoney(active.remaining, active.currency) })}
      </p>
    </section>
  );
}
