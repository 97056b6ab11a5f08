import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountTabs, paths } from '../../../config/paths';
import { useOpenWallet } from '../../../shared/wallet/use-open-wallet';

/** What a player on a time-out may do: withdraw, the responsible gaming tools, support. */
export function RestrictedActions() {
  const { t } = useTranslation();
  const openWallet = useOpenWallet();
  return (
    <div className="restricted__actions">
      <button type="button" className="button button--primary" onClick={() => void openWallet('withdrawal')} data-testid="restricted-withdraw">
        {t('restricted.withdraw')}
      </button>
      <Link className="button button--secondary" to={paths.account.getHref({ tab: accountTabs.responsibleGaming })} data-testid="restricted-responsible-gaming">
        {t('restricted.responsibleGaming')}
      </Link>
      {/* The contact page with its live chat open (issue 16). */}
      <Link className="button button--ghost" to={`${paths.contactUs.getHref()}?chat=open`} data-testid="restricted-contact">
        {t('restricted.contactSupport')}
      </Link>
    </div>
  );
}
