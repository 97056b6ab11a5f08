import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { sessionQueryOptions } from '../../../shared/session/api/check-session-alive';
import { GamesStripSection, useFavoriteGames, useFavouritesElsePopular } from '../../games';

/**
 * HOME-01…04: four games under the banner. A signed-in player with favourites sees them (HOME-02,
 * DIS-07); everyone else sees the most popular games of the last 30 days from real rounds
 * (HOME-03), topped up from the catalogue's own order (GAMES-12) while few games have been played.
 */
export function GamesStrip() {
  const { t } = useTranslation();
  // Reads the shell's session check without asking again: a failed check has told the player already.
  const { data: sessionCheck, isPending: sessionPending } = useQuery({ ...sessionQueryOptions, refetchOnMount: false, retryOnMount: false });
  const session = { checked: !sessionPending, authenticated: sessionCheck?.alive === true && sessionCheck.registrationStatus !== 'QUICK_REG' };
  const favourites = useFavoriteGames(session.authenticated);
  const strip = useFavouritesElsePopular({
    favourites: favourites.data,
    favouritesPending: session.authenticated && favourites.isPending,
    ready: session.checked,
  });

  if (!strip.pending && strip.games.length === 0) return null;
  return (
    <GamesStripSection
      testId="games-strip"
      kind={strip.kind}
      title={strip.kind === 'favourites' ? t('home.favouriteGames') : t('home.popularGames')}
      allGamesLabel={t('home.allGames')}
      pending={strip.pending}
      games={strip.games}
    />
  );
}
