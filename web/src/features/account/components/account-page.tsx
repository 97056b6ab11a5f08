import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { mayPlayForReal } from '../../../../../contracts/platform/accounts/identity-gate';
import { accountTabs } from '../../../config/paths';
import { Tabs, type TabItem } from '../../../shared/components/tabs';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { registerAccountStrings } from '../../../shared/i18n/account/register';
import { usePlayerInfo } from '../../../shared/session/api/get-player-info';
import { useInducements } from '../../../shared/session/use-inducements';
import { IdentificationPage } from '../../identification';
import { ReferAFriend } from '../../referrals';
import { ResponsibleGamingLimits } from '../../responsible-gaming';
import { LoyaltyShop } from '../../loyalty';
import { AccountDetails } from './account-details';
import { AccountSummary } from './account-summary';
import { EmailChangeConfirmation } from './email-change-confirmation';
import './account.css';

registerAccountStrings();

type AccountTab = (typeof accountTabs)[keyof typeof accountTabs];
const tabValues = Object.values(accountTabs) as AccountTab[];

/** DIS-17: the tab from `?tab=`; anything else (a tab not offered to the player too) is Account Information (ACC-02). */
function tabFrom(value: string | null, offered: readonly AccountTab[]): AccountTab {
  return tabValues.find((tab) => tab === value && offered.includes(tab)) ?? accountTabs.accountInformation;
}

/**
 * /account (spec 000 §2 Account page, ACC-01…06): 'My Account' with its tabs for a verified player,
 * 'Identification' for one who is not; a summary column beside the tabs on wider screens, the tab
 * content alone on a phone.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const viewport = useViewport();
  const { data: player, isError } = usePlayerInfo();
  const inducements = useInducements();
  const verified = player ? mayPlayForReal(player) : true;
  const title = t('account.title');
  useDocumentTitle(verified ? title : t('account.identificationTitle'));

  if (isError) return <p className="account__state">{t('account.loadFailed')}</p>;
  if (!player) return <p className="account__state">{t('account.loading')}</p>;
  // ACC-04: for a player who is not verified the identification flows replace the tabs, under its title.
  if (!verified) {
    return (
      <>
        <EmailChangeConfirmation />
        <IdentificationPage />
      </>
    );
  }

  // Issue 29 item 7: where the jurisdiction closes them (IE), no Refer a Friend or Loyalty Shop tab.
  const items: TabItem<AccountTab>[] = [
    { value: accountTabs.accountInformation, label: t('account.tab.accountInformation'), content: <AccountDetails player={player} /> },
    { value: accountTabs.responsibleGaming, label: t('account.tab.responsibleGaming'), content: <ResponsibleGamingLimits variant="page" /> },
    ...(inducements.referAFriend ? [{ value: accountTabs.referAFriend, label: t('account.tab.referAFriend'), content: <ReferAFriend /> }] : []),
    ...(inducements.loyaltyShop ? [{ value: accountTabs.loyaltyShop, label: t('account.tab.loyaltyShop'), content: <LoyaltyShop /> }] : []),
  ];
  const tab = tabFrom(
    search.get('tab'),
    items.map((item) => item.value),
  );
  const select = (next: AccountTab) =>
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        query.set('tab', next);
        return query;
      },
      { replace: true },
    );

  return (
    <section className="account" data-testid="account-page" aria-labelledby="account-title">
      <EmailChangeConfirmation />
      <h1 id="account-title" className="account__title">
        {title}
      </h1>
      <div className="account__layout">
        {/* ACC-05, ACC-06: the summary column on wider screens only. */}
        {viewport === 'mobile' ? null : <AccountSummary player={player} />}
        <div className="account__content">
          <Tabs label={t('account.tabs')} items={items} value={tab} onValueChange={select} testId="account-tabs" />
        </div>
      </div>
    </section>
  );
}
