import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { accountTabs, paths } from '../../../config/paths';
import { ChevronDownIcon, UserIcon } from '../../../shared/components/icons';
import { useLogout } from '../../../shared/session/api/logout';
import './account-menu.css';

/** NAV-70: the signed-in header dropdown. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout(() => void navigate(paths.home.getHref()));

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="account-menu__trigger" aria-label={t('header.accountMenu')} data-testid="account-menu">
        <span className="account-menu__avatar">
          <UserIcon width={18} height={18} />
        </span>
        <span className="account-menu__label">{t('header.myAccount')}</span>
        <ChevronDownIcon className="account-menu__chevron" width={16} height={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="account-menu__content" align="end" sideOffset={8}>
          <DropdownMenu.Item asChild className="account-menu__item">
            <Link to={paths.account.getHref()}>{t('header.myAccount')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="account-menu__item">
            <Link to={paths.account.getHref({ tab: accountTabs.responsibleGaming })}>{t('header.responsibleGaming')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="account-menu__item">
            <Link to={paths.promotions.getHref()}>{t('header.promotions')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="account-menu__item">
            <Link to={paths.account.getHref({ tab: accountTabs.referAFriend })}>{t('header.referAFriend')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="account-menu__separator" />
          <DropdownMenu.Item className="account-menu__item account-menu__item--logout" onSelect={() => logout.mutate()}>
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
