import { Link } from 'react-router';
import type { GamePost } from '../../../../../contracts/content/games';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../shared/components/icons';
import { HOME_STRIP_GAMES } from '../game-catalogue';
import { GameCard } from './game-card';

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
export function stripGames(options: { favourites: readonly GamePost[]; popularIds: readonly string[]; catalogue: readonly GamePost[] }): { kind: 'favourites' | 'popular'; games: GamePost[] } {
  const favourites = options.favourites.slice(0, HOME_STRIP_GAMES);
  if (favourites.length > 0) return { kind: 'favourites', games: favourites };
  const popular = cardsFor(options.catalogue, options.popularIds);
  return { kind: 'popular', games: [...popular, ...options.catalogue.filter((game) => !popular.includes(game))].slice(0, HOME_STRIP_GAMES) };
}

interface GamesStripSectionProps {
  /** The block's class name (BEM): `<block>__header`, `__title`, `__all`, `__list`, `__placeholder`. */
  block: string;
  testId: string;
  kind: 'favourites' | 'popular';
  title: string;
  allGamesLabel: string;
  pending: boolean;
  games: readonly GamePost[];
}

/** A titled row of up to four game cards with a link to all games, with placeholders while loading. */
export function GamesStripSection({ block, testId, kind, title, allGamesLabel, pending, games }: GamesStripSectionProps) {
  const titleId = `${testId}-title`;
  return (
    <section className={block} aria-labelledby={titleId} data-testid={testId} data-kind={kind}>
      <header className={`${block}__header`}>
        <h2 id={titleId} className={`${block}__title`}>
          {title}
        </h2>
        <Link className={`${block}__all`} to={paths.play.getHref()}>
          {allGamesLabel}
          <ArrowRightIcon width={16} height={16} aria-hidden="true" />
        </Link>
      </header>
      <ul className={`${block}__list`} aria-busy={pending}>
        {pending
          ? Array.from({ length: HOME_STRIP_GAMES }, (_, index) => <li key={index} className={`${block}__placeholder`} />)
          : games.map((game) => (
              <li key={game.id}>
                <GameCard game={game} />
              </li>
            ))}
      </ul>
    </section>
  );
}
