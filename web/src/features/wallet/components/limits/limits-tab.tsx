import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useWallet } from '../../../../shared/wallet/wallet-state';
import { useDisplayDepositLimits } from '../../api/get-display-deposit-limits';
import { PanelLoadFailed, PanelLoading } from '../cashier/panel-states';
import { DepositLimitList } from './deposit-limit-list';

/**
 * The Limits tab: the player's personal deposit limits as the cashier applies them. Changing
 * limits comes with the responsible-gaming area (WALLET-16), so nothing here pretends to change them.
 */
export function LimitsTab() {
  const { t } = useTranslation();
  const { close } = useWallet();
  const limits = useDisplayDepositLimits();
  return (
    <section className="cashier-step" aria-labelledby="wallet-limits-title" data-testid="wallet-limits">
      <h3 id="wallet-limits-title" className="cashier-step__title">
        {t('wallet.limits.title')}
      </h3>
      <p className="cashier-step__lead">{t('wallet.limits.lead')}</p>
      {limits.isPending ? <PanelLoading /> : null}
      {limits.isError ? <PanelLoadFailed onRetry={() => void limits.refetch()} /> : null}
      {limits.isSuccess ? <DepositLimitList limits={limits.data.depositLimits} currency={limits.data.currency} /> : null}
      <p className="cashier-note">
        {t('wallet.limits.changesLater')}{' '}
        <Link to={paths.responsibleGaming.getHref()} onClick={close}>
          {t('wallet.limits.readMore')}
        </Link>
      </p>
    </section>
  );
}
