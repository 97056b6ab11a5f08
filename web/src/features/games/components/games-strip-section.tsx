import { Link } from 'react-router';
import type { GamePost } from '../../../../../contracts/content/games';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useMostPopularGames } from '../api/game-lists';
import { useGames } from '../api/games';
import { fitsDevice, HOME_STRIP_GAMES } from '../game-catalogue';
import { GameCard } from './game-card';
import './games-strip-section.css';

/** The catalogue's cards for the listed game ids, in the list's order, each once. */
export function cardsFor(catalogue: readonly GamePost[], gameIds: readonly string[]): GamePost[] {
  const cards: GamePost[] = [];
  for (const gameId of gameIds) {
    const card = catalogue.find((game) => game.game_id === gameId);
    if (card && !cards.includes(card)) cards.push(card);
  }
  return cards;
}

/**
 * HOME-02…04, PLAY-15, PLAY-16: a player's favourites when there are any, else the popular games
 * topped up from the catalogue's own order; at most four.
 */
export function stripGames(options: { favourites: readonly GamePost[]; popularIds: readonly string[]; catalogue: readonly GamePost[] }): {
  kind: 'favourites' | 'popular';
  games: GamePost[];
} {
  const favourites = options.favourites.slice(0, HOME_STRIP_GAMES);
  if (favourites.length > 0) return { kind: 'favourites', games: favourites };
  const popular = cardsFor(options.catalogue, options.popularIds);
  return { kind: 'popular', games: [...popular, ...options.catalogue.filter((game) => !popular.includes(game))].slice(0, HOME_STRIP_GAMES) };
}

interface GamesStripSectionProps {
  /** A class for the page's own placement of the strip (the shared look is `games-strip`). */
  className?: string;
  testId: string;
  kind: 'favourites' | 'popular';
  title: string;
  allGamesLabel: string;
  pending: boolean;
  games: readonly GamePost[];
}

/**
 * HOME-02…04, PLAY-15/16: the games of a strip: the player's favourites when there are any, else
 * the most popular games from real rounds topped up from the catalogue (without `excludeGameId`).
 * The popular list is asked for only once the session is known (`ready`) and no favourites are
 * coming.
 */
export function useFavouritesElsePopular(options: {
  favourites: readonly { gameId: string }[] | undefined;
  favouritesPending: boolean;
  ready: boolean;
  excludeGameId?: string;
}) {
  const { favourites, favouritesPending, ready, excludeGameId } = options;
  const viewport = useViewport();
  const games = useGames();
  const catalogue = (games.data ?? []).filter((game) => fitsDevice(game, viewport));
  const favouriteCards = cardsFor(
    catalogue,
    (favourites ?? []).map((game) => game.gameId),
  );
  const showFavourites = favouriteCards.length > 0;
  const popular = useMostPopularGames(ready && !showFavourites && !favouritesPending);
  const strip = stripGames({
    favourites: favouriteCards,
    popularIds: (popular.data ?? []).map((game) => game.gameId),
    catalogue: excludeGameId === undefined ? catalogue : catalogue.filter((game) => game.game_id !== excludeGameId),
  });
  const pending = games.isPending || favouritesPending || (!showFavourites && popular.isFetching && !popular.data);
  return { ...strip, pending };
}

/** A titled row of up to four game cards with a link to all games, with placeholders while loading. */
export function GamesStripSection({ className, testId, kind, title, allGamesLabel, pending, games }: GamesStripSectionProps) {
  const titleId = `${testId}-title`;
  return (
    <section className={className ? `games-strip ${className}` : 'games-strip'} aria-labelledby={titleId} data-testid={testId} data-kind={kind}>
      <header className="games-strip__header">
        <h2 id={titleId} className="games-strip__title">
          {title}
        </h2>
        <Link className="games-strip__all" to={paths.play.getHref()}>
          {allGamesLabel}
          <ArrowRightIcon width={16} height={16} aria-hidden="true" />
        </Link>
      </header>
      <ul className="games-strip__list" aria-busy={pending}>
        {pending
          ? Array.from({ length: HOME_STRIP_GAMES }, (_, index) => <li key={index} className="games-strip__placeholder" />)
          : games.map((game) => (
              <li key={game.id}>
                <GameCard game={game} />
              </li>
            ))}
      </ul>
    </section>
  );
}
