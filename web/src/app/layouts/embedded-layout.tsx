import { useTranslation } from 'react-i18next';
import { Outlet, useHref, useLocation } from 'react-router';
import { EmeraldMark } from '../../shared/components/icons';
import { useConfiguration } from '../../shared/configuration/configuration';
import { useViewport } from '../../shared/hooks/use-viewport';
import { isGamePlayPath } from './layout-mode';
import './layouts.css';

/** NAV-39…41: no header or footer; only the game-play pages render, anything else a fallback. */
export function EmbeddedLayout() {
  const { pathname, search } = useLocation();
  const viewport = useViewport();
  const { small_icons } = useConfiguration();
  const gamePlay = isGamePlayPath(pathname);
  return (
    <div
      className="shell shell--embedded"
      data-testid="layout-embedded"
      data-layout="embedded"
      data-view={gamePlay ? 'game-play' : 'fallback'}
      data-viewport={viewport}
      data-small-icons={small_icons === '1'}
    >
      <main className="shell__main">{gamePlay ? <Outlet /> : <EmbeddedFallback pathname={pathname} search={search} />}</main>
    </div>
  );
}

function EmbeddedFallback({ pathname, search }: { pathname: string; search: string }) {
  const { t } = useTranslation();
  const query = new URLSearchParams(search);
  query.delete('asEmbedded');
  const rest = query.toString();
  const fullSite = useHref({ pathname, search: rest ? `?${rest}` : '' });
  return (
    <section className="embedded-fallback" data-testid="embedded-fallback">
      <EmeraldMark width={44} height={44} />
      <h1 className="embedded-fallback__title">{t('embedded.unavailableTitle')}</h1>
      <p className="embedded-fallback__text">{t('embedded.unavailable')}</p>
      <a className="button button--primary" href={fullSite} target="_top">
        {t('embedded.openFullSite')}
      </a>
    </section>
  );
}
