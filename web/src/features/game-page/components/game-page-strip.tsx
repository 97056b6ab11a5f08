import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import type { gameEntrySchema } from '../../../../../contracts/platform/games/game-lists';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useGames } from '../../games/api/games';
import { cardsFor, GamesStripSection, stripGames } from '../../games/components/games-strip-section';
import { fitsDevice } from '../../games/game-catalogue';
import { usePopularGames } from '../api/favourites';

type GameEntry = z.infer<typeof gameEntrySchema>;

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
  const favouriteCards = cardsFor(catalogue, (favourites ?? []).map((game) => game.gameId));
  const showFavourites = favouriteCards.length > 0;
  const popular = usePopularGames(!showFavourites && !favouritesPending);
  const strip = stripGames({
    favourites: favouriteCards,
    popularIds: (popular.data ?? []).map((game) => game.gameId),
    catalogue: catalogue.filter((game) => game.game_id !== gameId),
  });
  const pending = games.isPending || favouritesPending || (!showFavourites && popular.isFetching && !popular.data);

  if (!pending && strip.games.length === 0) return null;
  return (
    <GamesStripSection
      block="game-page-strip"
      testId="game-page-strip"
      kind={strip.kind}
      title={strip.kind === 'favourites' ? t('gamePage.favouriteGames') : t('gamePage.playersLove')}
      allGamesLabel={t('gamePage.allGames')}
      pending={pending}
      games={strip.games}
    />
  );
}
