import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { bingoLaunch, paths } from '../../../config/paths';
import { CloseIcon } from '../../../shared/components/icons';
import { registerGamePageStrings } from '../../../shared/i18n/game-page/register';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { RedirectToLogin, type LoginRedirectState } from '../../../shared/session/private-route';
import { notify } from '../../../shared/notifications/notifications';
import { useSession } from '../../../shared/session/use-session';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useGames } from '../../games';
import { decodeTitle } from '../../games/game-catalogue';
import { favouriteFailureMessage, useChangeFavourite, usePlayerFavourites } from '../api/favourites';
import { launchRefusal, useLaunchGame, type Launch } from '../api/launch-game';
import { secondGameChoices } from '../second-game';
import { useGameClientMessages } from '../use-game-client-messages';
import { GamePageStrip } from './game-page-strip';
import { SecondGameBar } from './second-game-bar';
import './game-page.css';

registerGamePageStrings();

const arrow = (
  <svg
    viewBox="0 0 24 24"
    width="22"
    height="22"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d="M19 12H5M12 19l-7-7 7-7" />
  </svg>
);

function ZoomIcon({ zoomIn }: { zoomIn: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {zoomIn ? <path d="M15 3h6v6M9 21H3v-6M21 3l-7 7M3 21l7-7" /> : <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />}
    </svg>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}

interface WindowProps {
  launch: { isError: boolean; error: unknown; data: Launch | undefined };
  name: string;
  testId: string;
  loadingLabel: string;
  failed: (refusal: string | null) => ReactNode;
}

/** One game window: the launch container in a frame, its loading pulse or the launch's refusal. */
function GameWindowFrame({ launch, name, testId, loadingLabel, failed }: WindowProps) {
  if (launch.isError) {
    const refusal = launchRefusal(launch.error);
    return (
      <p className="game-page__message" role="alert" data-testid={`${testId}-error`} data-status={refusal ?? undefined}>
        {failed(refusal)}
      </p>
    );
  }
  if (!launch.data) return <div className="game-page__frame game-page__frame--loading" aria-busy="true" aria-label={loadingLabel} />;
  return (
    <iframe className="game-page__frame" data-testid={testId} src={launch.data.url} title={name} allow="fullscreen; autoplay" referrerPolicy="no-referrer" />
  );
}

/**
 * /game and /game-page (PLAY-01…19, PLAY-24, PLAY-25): the game's launch container in a frame, and
 * optionally a second game's beside it (PLAY-04…06). Real play when a player is signed in and
 * playForReal is not 'false'; a visitor asking for real play goes to /login and comes back here
 * afterwards. Under rules allowing one slot at a time (GB) no second slot is offered beside a slot.
 */
export function GamePage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const session = useSession();
  const [zoomed, setZoomed] = useState(false);
  // Issue 12: the game's reality check asks the portal for the history and a log-out.
  useGameClientMessages();

  const gameId = params.get('gameId') ?? '';
  const askedForReal = params.get('playForReal') !== 'false';
  const playForReal = session.authenticated && askedForReal;
  const games = useGames();
  // The catalogue's title for the gameId, in the page's language (issue 27); else query gameName
  // (spec 000 §2 Game page), which a link writes in one language only.
  const fromContent = games.data?.find((game) => game.game_id === gameId);
  const gameName = (fromContent ? decodeTitle(fromContent.title.rendered) : null) ?? params.get('gameName') ?? gameId;

  // PLAY-04…06: the second game belongs to the first game it was chosen beside.
  const [second, setSecond] = useState({ beside: '', gameId: '' });
  const secondGameId = second.beside === gameId ? second.gameId : '';
  const chooseSecond = (id: string) => setSecond({ beside: gameId, gameId: id });
  const singleWindow = () => setSecond({ beside: '', gameId: '' });

  const title = secondGameId ? t('gamePage.playingWithSecond', { name: gameName }) : t('gamePage.playing', { name: gameName });
  useDocumentTitle(title);

  // PLAY-07: zoomed in, the shell's header (navigation and login) and footer step aside. A layout
  // effect, so the page never paints zoomed with the header still showing (Preact runs plain effects
  // after the next paint).
  useLayoutEffect(() => {
    document.documentElement.toggleAttribute('data-game-zoomed', zoomed);
    return () => document.documentElement.removeAttribute('data-game-zoomed');
  }, [zoomed]);

  // PLAY-09…13: the heart for signed-in players; a refusal is a toast with the server's message (DEF-15).
  const favourites = usePlayerFavourites(session.authenticated);
  const changeFavourite = useChangeFavourite();
  const isFavourite = (favourites.data ?? []).some((game) => game.gameId === gameId);
  const toggleFavourite = () => {
    changeFavourite.mutate(
      { gameId, favourite: !isFavourite },
      {
        onError: (error) => {
          const message = favouriteFailureMessage(error);
          notify({ tone: 'error', title: t('gamePage.favouriteFailed'), description: message ?? t('toast.connectionTimedOut') });
        },
      },
    );
  };

  // PLAY-18: a visitor plays free games too (the server refuses a game only played for real, and
  // visitors under UK rules); PLAY-19: a visitor asking for real play is sent to log in below.
  const mayLaunch = session.checked && (session.authenticated || params.get('playForReal') !== 'true');
  const launch = useLaunchGame({ gameId, playForReal }, mayLaunch && gameId !== '');
  const secondLaunch = useLaunchGame({ gameId: secondGameId, playForReal }, mayLaunch && secondGameId !== '', 'second');
  const viewport = useViewport();
  const oneSlotAtATime = launch.data?.rules?.oneSlotAtATime ?? false;
  const choices = useMemo(
    () => secondGameChoices(games.data ?? [], { firstGameId: gameId, playForReal, viewport, oneSlotAtATime }),
    [games.data, gameId, playForReal, viewport, oneSlotAtATime],
  );
  const secondName = choices.groups.flatMap((group) => group.games).find((game) => game.gameId === secondGameId)?.name ?? secondGameId;

  if (!session.checked) return <div className="game-page game-page--loading" aria-busy="true" />;
  if (!session.authenticated && params.get('playForReal') === 'true') return <RedirectToLogin />;

  const closeTo = gameId === bingoLaunch.gameId ? paths.home.getHref() : paths.play.getHref();
  const failed = (refusal: string | null) => (refusal === 'KYCFAILED' ? t('gamePage.kycIncomplete') : t('gamePage.failed'));

  let stage;
  if (!gameId) {
    stage = (
      <p className="game-page__message" data-testid="game-page-error">
        {t('gamePage.failed')}
      </p>
    );
  } else if (!session.authenticated && launch.isError) {
    // A visitor refused: a game only played for real, or UK rules (age verification before free play).
    const refusal = launchRefusal(launch.error);
    stage = (
      <div className="game-page__message" role="alert" data-testid="game-page-visitor" data-status={refusal ?? undefined}>
        <p>{refusal === 'AGE_VERIFICATION_REQUIRED' ? t('gamePage.visitorAgeVerification') : t('gamePage.visitorLogin')}</p>
        <div className="game-page__message-actions">
          <Link
            className="button button--primary"
            to={paths.login.getHref()}
            state={{ from: { pathname: location.pathname, search: location.search } } satisfies LoginRedirectState}
          >
            {t('header.login')}
          </Link>
          <Link className="button button--secondary" to={paths.join.getHref()}>
            {t('header.join')}
          </Link>
        </div>
      </div>
    );
  } else if (launch.isError) {
    const refusal = launchRefusal(launch.error);
    stage = (
      <p className="game-page__message" role="alert" data-testid="game-page-error" data-status={refusal ?? undefined}>
        {failed(refusal)}
      </p>
    );
  } else {
    stage = <GameWindowFrame launch={launch} name={gameName} testId="game-frame" loadingLabel={t('gamePage.loading')} failed={failed} />;
  }
  const split = Boolean(launch.data) && secondGameId !== '';

  return (
    <section className="game-page" data-testid="game-page" data-zoomed={zoomed} data-mode={playForReal ? 'real' : 'free'} data-windows={split ? 2 : 1}>
      {/* Issue 27: the title bar and the game's window fill the screen below the site's header, so the
          whole game is in view without scrolling the page; the strip of other games follows below. */}
      <div className="game-page__main">
        <header className="game-page__header">
          <Link className="icon-button game-page__icon" to={paths.play.getHref()} aria-label={t('gamePage.back')} data-testid="game-page-back">
            {arrow}
          </Link>
          <h1 className="game-page__title" data-testid="game-page-title">
            {title}
          </h1>
          {playForReal ? null : <span className="game-page__badge">{t('games.freePlay')}</span>}
          <div className="game-page__tools">
            {session.authenticated && gameId ? (
              <button
                type="button"
                className="icon-button game-page__icon game-page__favourite"
                onClick={toggleFavourite}
                disabled={favourites.isPending || changeFavourite.isPending}
                aria-pressed={isFavourite}
                aria-label={t('gamePage.favourite')}
                title={isFavourite ? t('gamePage.favouriteRemove') : t('gamePage.favouriteAdd')}
                data-testid="game-page-favourite"
              >
                <HeartIcon filled={isFavourite} />
              </button>
            ) : null}
            <button
              type="button"
              className="icon-button game-page__icon"
              onClick={() => setZoomed((value) => !value)}
              aria-pressed={zoomed}
              aria-label={zoomed ? t('gamePage.zoomOut') : t('gamePage.zoomIn')}
              title={zoomed ? t('gamePage.zoomOut') : t('gamePage.zoomIn')}
              data-testid={zoomed ? 'game-page-zoom-out' : 'game-page-zoom-in'}
            >
              <ZoomIcon zoomIn={!zoomed} />
            </button>
            <Link
              className="icon-button game-page__icon"
              to={closeTo}
              aria-label={t('gamePage.close')}
              title={t('gamePage.close')}
              data-testid="game-page-close"
            >
              <CloseIcon width={20} height={20} aria-hidden="true" />
            </Link>
          </div>
        </header>
        <div className="game-page__play">
          {launch.data ? (
            <SecondGameBar choices={choices} value={secondGameId} onChoose={chooseSecond} onSingleWindow={singleWindow} />
          ) : launch.isPending && gameId ? (
            // The bar's place while the game launches: the bar arriving above the game's frame would push it down.
            <div className="game-page__bar game-page__bar--pending" aria-hidden="true" />
          ) : null}
          <div className={split ? 'game-page__stage game-page__stage--split' : 'game-page__stage'} data-testid="game-page-stage">
            {stage}
            {split ? (
              <GameWindowFrame
                key={secondGameId}
                launch={secondLaunch}
                name={t('gamePage.secondGameTitle', { name: secondName })}
                testId="second-game-frame"
                loadingLabel={t('gamePage.loading')}
                failed={failed}
              />
            ) : null}
          </div>
        </div>
      </div>
      <GamePageStrip
        gameId={gameId}
        favourites={session.authenticated ? favourites.data : undefined}
        favouritesPending={session.authenticated && favourites.isPending}
      />
    </section>
  );
}
