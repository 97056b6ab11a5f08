import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { sessionQueryOptions } from '../../../shared/session/api/check-session-alive';
import { useGames } from '../../games/api/games';
import { cardsFor, GamesStripSection, stripGames } from '../../games/components/games-strip-section';
import { fitsDevice } from '../../games/game-catalogue';
import { useFavoriteGames, useMostPopularGames } from '../api/game-lists';

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
  const catalogue = (games.data ?? []).filter((game) => fitsDevice(game, viewport));
  const favouriteCards = cardsFor(catalogue, (favourites.data ?? []).map((game) => game.gameId));
  const showFavourites = favouriteCards.length > 0;
  const popular = useMostPopularGames(session.checked && !showFavourites && (!session.authenticated || !favourites.isPending));
  const strip = stripGames({ favourites: favouriteCards, popularIds: (popular.data ?? []).map((game) => game.gameId), catalogue });
  const pending = games.isPending || (session.authenticated && favourites.isPending) || (!showFavourites && popular.isFetching && !popular.data);

  if (!pending && strip.games.length === 0) return null;
  return (
    <GamesStripSection
      block="games-strip"
      testId="games-strip"
      kind={strip.kind}
      title={strip.kind === 'favourites' ? t('home.favouriteGames') : t('home.popularGames')}
      allGamesLabel={t('home.allGames')}
      pending={pending}
      games={strip.games}
    />
  );
}
