import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import type { gameEntrySchema } from '../../../../../contracts/platform/games/game-lists';
import { GamesStripSection, useFavouritesElsePopular } from '../../games';

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
  const strip = useFavouritesElsePopular({ favourites, favouritesPending, ready: true, excludeGameId: gameId });

  if (!strip.pending && strip.games.length === 0) return null;
  return (
    <GamesStripSection
      className="game-page-strip"
      testId="game-page-strip"
      kind={strip.kind}
      title={strip.kind === 'favourites' ? t('gamePage.favouriteGames') : t('gamePage.playersLove')}
      allGamesLabel={t('gamePage.allGames')}
      pending={strip.pending}
      games={strip.games}
    />
  );
}
