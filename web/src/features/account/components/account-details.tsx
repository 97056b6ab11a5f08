import type { PlayerInfo } from '../../../../../contracts/platform/accounts/get-player-info';
import { useTranslation } from 'react-i18next';
import { DocumentsSection } from '../../documents';
import { AccountRemoval } from './account-removal';
import { ContactConsents } from './contact-consents';
import { ContactDetails } from './contact-details';
import { LifetimeData } from './lifetime-data';
import { MarketingPreferences } from './marketing-preferences';
import { PersonalDetails } from './personal-details';

/** ACC-07, DIS-17: the Account Information tab's sections, Documents, then closing the account (issue 29 item 9). */
export function AccountDetails({ player }: { player: PlayerInfo }) {
  const { t } = useTranslation();
  return (
    <div className="account-details" data-testid="account-details">
      <PersonalDetails player={player} />
      <ContactDetails player={player} />
      <ContactConsents />
      <MarketingPreferences />
      <LifetimeData />
      <section className="account-section" aria-labelledby="account-documents">
        <h2 id="account-documents" className="account-section__title">
          {t('account.documents.title')}
        </h2>
        <DocumentsSection />
      </section>
      <AccountRemoval />
    </div>
  );
}
