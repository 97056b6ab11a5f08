import { useTranslation } from 'react-i18next';
import { PanelEmpty } from '../cashier/panel-states';

/** The Bonuses tab: the player's bonuses arrive with the bonus engine; until then there are none to show. */
export function BonusesTab() {
  const { t } = useTranslation();
  return (
    <PanelEmpty title={t('wallet.bonuses.none')} testId="bonuses-empty">
      <p>{t('wallet.bonuses.text')}</p>
    </PanelEmpty>
  );
}
