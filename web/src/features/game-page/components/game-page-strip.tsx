import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GamePost } from '../../../../../contracts/content/games';
import type { z } from 'zod/mini';
import type { gameEntrySchema } from '../../../../../contracts/platform/games/game-lists';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useGames } from '../../games/api/games';
import { GameCard } from '../../games/components/game-card';
import { fitsDevice, HOME_STRIP_GAMES } from '../../games/game-catalogue';
import { usePopularGames } from '../api/favourites';

type GameEntry = z.infer<typeof gameEntrySchema>;

/** The catalogue's cards for the listed game ids, in the list's order. */
function cardsFor(catalogue: readonly GamePost[], gameIds: readonly string[]): GamePost[] {
  const cards: GamePost[] = [];
  for (const gameId of gameIds) {
    const card = catalogue.find((game) => game.game_id === gameId);
    if (card && !cards.includes(card)) cards.push(card);
  }
  return cards;
}

interface GamePageStripProps {
  /** The game being played: 'Players Love' suggests other games. */
  gameId: string;
  /** The player's favourites; undefined while they load or for a visitor. */
  favourites: readonly GameEntry[] | undefined;
  favouritesPending: boolean;
}

/**
 * PLAY-15, PLAY-16: four games under the game. A player with favourites sees 'Your Favourite Games';
 * everyone else sees 'Players Love', the most popular games topped up from the catalogue's order.
 */
export function GamePageStrip({ gameId, favourites, favouritesPending }: GamePageStripProps) {
  const { t } = useTranslation();
  const viewport = useViewport();
  const games = useGames();
  const catalogue = (games.data ?? []).filter((game) => fitsDevice(game, viewport));
  const favouriteCards = cardsFor(catalogue, (favourites ?? []).map((game) => game.gameId)).slice(0, HOME_STRIP_GAMES);
  const showFavourites = favouriteCards.length > 0;
  const popular = usePopularGames(!showFavourites && !favouritesPending);

  const others = catalogue.filter((game) => game.game_id !== gameId);
  const popularCards = cardsFor(others, (popular.data ?? []).map((game) => game.gameId));
  const shown = showFavourites ? favouriteCards : [...popularCards, ...others.filter((game) => !popularCards.includes(game))].slice(0, HOME_STRIP_GAMES);
  const pending = games.isPending || favouritesPending || (!showFavourites && popular.isFetching && !popular.data);

  if (!pending && shown.length === 0) return null;
  return (
    <section className="game-page-strip" aria-labelledby="game-page-strip-title" data-testid="game-page-strip" data-kind={showFavourites ? 'favourites' : 'popular'}>
      <header className="game-page-strip__header">
        <h2 id="game-page-strip-title" className="game-page-strip__title">
          {showFavourites ? t('gamePage.favouriteGames') : t('gamePage.playersLove')}
        </h2>
        <Link className="game-page-strip__all" to={paths.play.getHref()}>
          {t('gamePage.allGames')}
          <ArrowRightIcon width={16} height={16} aria-hidden="true" />
        </Link>
      </header>
      <ul className="game-page-strip__list" aria-busy={pending}>
        {pending
          ? Array.from({ length: HOME_STRIP_GAMES }, (_, index) => <li key={index} className="game-page-strip__placeholder" />)
          : shown.map((game) => (
              <li key={game.id}>
                <GameCard game={game} />
              </li>
            ))}
      </ul>
    </section>
  );
}
