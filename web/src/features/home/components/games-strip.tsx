import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GamePost } from '../../../../../contracts/content/games';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { useViewport, type Viewport } from '../../../shared/hooks/use-viewport';
import { sessionQueryOptions } from '../../../shared/session/api/check-session-alive';
import { useGames } from '../../games/api/games';
import { GameCard } from '../../games/components/game-card';
import { fitsDevice, HOME_STRIP_GAMES } from '../../games/game-catalogue';
import { useFavoriteGames, useMostPopularGames } from '../api/game-lists';

/** The catalogue's cards for the listed game ids, in the list's order, for this device. */
function cardsFor(games: readonly GamePost[], gameIds: readonly string[], viewport: Viewport): GamePost[] {
  const fitting = games.filter((game) => fitsDevice(game, viewport));
  const cards: GamePost[] = [];
  for (const gameId of gameIds) {
    const card = fitting.find((game) => game.game_id === gameId);
    if (card && !cards.includes(card)) cards.push(card);
  }
  return cards;
}

/**
 * HOME-01…04: four games under the banner. A signed-in player with favourites sees them (HOME-02,
 * DIS-07); everyone else sees the most popular games of the last 30 days from real rounds
 * (HOME-03), topped up from the catalogue's own order (GAMES-12) while few games have been played.
 */
export function GamesStrip() {
  const { t } = useTranslation();
  const viewport = useViewport();
  // Reads the shell's session check without asking again: a failed check has told the player already.
  const { data: sessionCheck, isPending: sessionPending } = useQuery({ ...sessionQueryOptions, refetchOnMount: false, retryOnMount: false });
  const session = { checked: !sessionPending, authenticated: sessionCheck?.alive === true && sessionCheck.registrationStatus !== 'QUICK_REG' };
  const games = useGames();
  const favourites = useFavoriteGames(session.authenticated);
  const favouriteCards = cardsFor(games.data ?? [], (favourites.data ?? []).map((game) => game.gameId), viewport).slice(0, HOME_STRIP_GAMES);
  const showFavourites = favouriteCards.length > 0;
  const popular = useMostPopularGames(session.checked && !showFavourites && (!session.authenticated || !favourites.isPending));

  const catalogue = (games.data ?? []).filter((game) => fitsDevice(game, viewport));
  const popularCards = cardsFor(catalogue, (popular.data ?? []).map((game) => game.gameId), viewport);
  const shown = showFavourites ? favouriteCards : [...popularCards, ...catalogue.filter((game) => !popularCards.includes(game))].slice(0, HOME_STRIP_GAMES);
  const pending = games.isPending || (session.authenticated && favourites.isPending) || (!showFavourites && popular.isFetching && !popular.data);

  if (!pending && shown.length === 0) return null;
  return (
    <section className="games-strip" aria-labelledby="games-strip-title" data-testid="games-strip" data-kind={showFavourites ? 'favourites' : 'popular'}>
      <header className="games-strip__header">
        <h2 id="games-strip-title" className="games-strip__title">
          {showFavourites ? t('home.favouriteGames') : t('home.popularGames')}
        </h2>
        <Link className="games-strip__all" to={paths.play.getHref()}>
          {t('home.allGames')}
          <ArrowRightIcon width={16} height={16} aria-hidden="true" />
        </Link>
      </header>
      <ul className="games-strip__list" aria-busy={pending}>
        {pending
          ? Array.from({ length: HOME_STRIP_GAMES }, (_, index) => <li key={index} className="games-strip__placeholder" />)
          : shown.map((game) => (
              <li key={game.id}>
                <GameCard game={game} />
              </li>
            ))}
      </ul>
    </section>
  );
}
