import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useGames } from '../../games/api/games';
import { GameCard } from '../../games/components/game-card';
import { fitsDevice, HOME_STRIP_GAMES } from '../../games/game-catalogue';

/**
 * HOME-01…03: four games under the banner. The favourites operation does not exist yet, so signed-in
 * players see the same popular games as visitors: the first games by game_priority (GAMES-12).
 */
export function GamesStrip() {
  const { t } = useTranslation();
  const viewport = useViewport();
  const games = useGames();
  const shown = (games.data ?? []).filter((game) => fitsDevice(game, viewport)).slice(0, HOME_STRIP_GAMES);
  if (!games.isPending && shown.length === 0) return null;
  return (
    <section className="games-strip" aria-labelledby="games-strip-title" data-testid="games-strip" data-kind="popular">
      <header className="games-strip__header">
        <h2 id="games-strip-title" className="games-strip__title">
          {t('home.popularGames')}
        </h2>
        <Link className="games-strip__all" to={paths.play.getHref()}>
          {t('home.allGames')}
          <ArrowRightIcon width={16} height={16} aria-hidden="true" />
        </Link>
      </header>
      <ul className="games-strip__list" aria-busy={games.isPending}>
        {games.isPending
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
