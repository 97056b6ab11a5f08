import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { BrandLink } from '../../../shared/components/brand-link';
import { MenuIcon } from '../../../shared/components/icons';
import { useInducements } from '../../../shared/session/use-inducements';
import { useSession } from '../../../shared/session/use-session';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { LanguageSwitch } from '../../../shared/components/language-switch';
import './header.css';

// Only signed-in players need the balance, the DEPOSIT button and the dropdown, so visitors never download them.
const PlayerActions = lazy(() => import('./player-actions').then((module) => ({ default: module.PlayerActions })));

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const inducements = useInducements();
  const { show } = useSidebars();

  return (
    <header className="site-header" data-testid="site-header">
      <div className="site-header__inner">
        <button
          type="button"
          className="icon-button site-header__toggle"
          aria-label={t('header.openMenu')}
          data-testid="nav-toggle"
          onClick={() => show({ name: 'navigation' })}
        >
          <MenuIcon width={22} height={22} />
        </button>
        <BrandLink />

        <nav className="site-header__nav" aria-label={t('header.primaryNav')}>
          {/* Issue 26 defect 4: no games or promotions are offered to a player on a time-out. */}
          {session.restrictedUntil ? null : (
            <>
              <NavLink className="site-header__link" to={paths.play.getHref()}>
                {t('header.nav.games')}
              </NavLink>
              {/* Issue 29 item 7: no promotions where the player's jurisdiction closes bonus offers (IE). */}
              {inducements.bonusOffers ? (
                <NavLink className="site-header__link" to={paths.promotions.getHref()}>
                  {t('header.nav.promotions')}
                </NavLink>
              ) : null}
            </>
          )}
          <NavLink className="site-header__link" to={paths.blog.getHref()}>
            {t('header.nav.news')}
          </NavLink>
          <NavLink className="site-header__link" to={paths.aboutUs.getHref()}>
            {t('header.nav.about')}
          </NavLink>
        </nav>

        <div className="site-header__actions">
          <LanguageSwitch testId="header-language" />
          {session.authenticated ? (
            <Suspense fallback={null}>
              <PlayerActions />
            </Suspense>
          ) : session.checked ? (
            <div className="site-header__visitor" data-testid="visitor-actions">
              <button type="button" className="button button--secondary site-header__login" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
                {t('header.login')}
              </button>
              <button type="button" className="button button--primary" onClick={() => show({ name: 'signup' })}>
                {t('header.join')}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </header>
  );
}
