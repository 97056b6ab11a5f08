import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountTabs, paths } from '../../../config/paths';
import { ChevronDownIcon, UserIcon } from '../../../shared/components/icons';
import { usePlayerInfo } from '../../../shared/session/api/get-player-info';
import { useLogout } from '../../../shared/session/api/logout';
import { useInducements } from '../../../shared/session/use-inducements';
import { useSession } from '../../../shared/session/use-session';
import './account-menu.css';

/** NAV-70: the signed-in header dropdown, named after the player. */
export function AccountMenu() {
  const { t } = useTranslation();
  const logout = useLogout();
  const { data: player } = usePlayerInfo();
  // Issue 26 defect 4: on a time-out only the responsible gaming tools stay in the menu.
  const restricted = useSession().restrictedUntil !== null;
  const inducements = useInducements();
  const name = player ? player.firstName?.trim() || player.username : t('header.myAccount');

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="account-menu__trigger" aria-label={t('header.accountMenuFor', { name })} data-testid="account-menu">
        <span className="account-menu__avatar">
          <UserIcon width={18} height={18} />
        </span>
        <span className="account-menu__label" data-testid="account-name">
          {name}
        </span>
        <ChevronDownIcon className="account-menu__chevron" width={16} height={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="account-menu__content" align="end" sideOffset={8}>
          {player ? (
            <DropdownMenu.Label className="account-menu__heading">
              <span className="account-menu__heading-name">{player.username}</span>
              <span className="account-menu__heading-meta">{player.currency}</span>
            </DropdownMenu.Label>
          ) : null}
          {restricted ? null : (
            <DropdownMenu.Item asChild className="account-menu__item">
              <Link to={paths.account.getHref()}>{t('header.myAccount')}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className="account-menu__item">
            <Link to={paths.account.getHref({ tab: accountTabs.responsibleGaming })}>{t('header.responsibleGaming')}</Link>
          </DropdownMenu.Item>
          {restricted ? (
            <DropdownMenu.Item asChild className="account-menu__item">
              <Link to={`${paths.contactUs.getHref()}?chat=open`}>{t('restricted.contactSupport')}</Link>
            </DropdownMenu.Item>
          ) : (
            <>
              {/* Issue 29 item 7: no promise of an inducement the player's jurisdiction closes. */}
              {inducements.bonusOffers ? (
                <DropdownMenu.Item asChild className="account-menu__item">
                  <Link to={paths.promotions.getHref()}>{t('header.promotions')}</Link>
                </DropdownMenu.Item>
              ) : null}
              {inducements.referAFriend ? (
                <DropdownMenu.Item asChild className="account-menu__item">
                  <Link to={paths.account.getHref({ tab: accountTabs.referAFriend })}>{t('header.referAFriend')}</Link>
                </DropdownMenu.Item>
              ) : null}
            </>
          )}
          <DropdownMenu.Separator className="account-menu__separator" />
          <DropdownMenu.Item className="account-menu__item account-menu__item--logout" disabled={logout.isPending} onSelect={() => logout.mutate()}>
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
