import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { LobbyLaunch } from '../../../../../contracts/content/configuration';
import { paths } from '../../../config/paths';
import { useConfiguration } from '../../../shared/configuration/configuration';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useSession } from '../../../shared/session/use-session';
import { useSidebars } from '../../../shared/sidebars/sidebar-state';
import { ActionCards } from '../../home';
import './landing-page.css';

export type Landing = 'casino' | 'live-casino' | 'bingo';

const lobbyHref = (lobby: LobbyLaunch) => paths.game.getHref({ gameId: lobby.gameId, platform: lobby.platform, gameName: lobby.gameName });

/**
 * HOME-21…24: a signed-in player goes straight to the games (/play for the casino, the configured
 * live lobby or bingo lobby through /game, NS-14); a visitor sees that page's promotional cards.
 */
export function LandingPage({ landing }: { landing: Landing }) {
  const { t } = useTranslation();
  const session = useSession();
  const configuration = useConfiguration();
  const { show } = useSidebars();
  useDocumentTitle(t(`landing.${landing}.title`));

  if (!session.checked) return <div className="landing landing--pending" aria-busy="true" />;
  if (session.authenticated) {
    const target = landing === 'casino' ? paths.play.getHref() : lobbyHref(landing === 'bingo' ? configuration.bingo : configuration.live_lobby);
    return <Navigate to={target} replace />;
  }
  return (
    <div className={`landing landing--${landing}`} data-testid="landing-page" data-landing={landing}>
      <header className="landing__hero">
        <h1 className="landing__title">{t(`landing.${landing}.title`)}</h1>
        <p className="landing__text">{t(`landing.${landing}.text`)}</p>
        <div className="landing__actions">
          <button type="button" className="button button--primary button--large" onClick={() => show({ name: 'signup' })}>
            {t('landing.join')}
          </button>
          <button type="button" className="button button--secondary button--large" onClick={() => show({ name: 'login', mode: 'sign-in' })}>
            {t('landing.login')}
          </button>
        </div>
      </header>
      <ActionCards page={landing} />
    </div>
  );
}
