import { useTranslation } from 'react-i18next';
import { ResponsibleGamingLimits } from '../../../responsible-gaming';

/**
 * The Limits tab (WALLET-16): the responsible-gaming limits page itself, every section, in its
 * wallet variant (RG-01). Closing the wallet from here closes at once (WALLET-09, NS-18).
 */
export function LimitsTab() {
  const { t } = useTranslation();
  return (
    <section className="cashier-step" aria-label={t('wallet.tab.limits')} data-testid="wallet-limits">
      <ResponsibleGamingLimits variant="wallet" />
    </section>
  );
}
