import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewport } from '../../../shared/hooks/use-viewport';
import { CAROUSEL_GAMES, GAMES_PER_GROUP, type GameGroup as Group } from '../game-catalogue';
import { GameCard } from './game-card';

/**
 * One category or provider: 8 games with 'SEE ALL >' / 'SEE LESS <' (GAMES-08…10); on a phone a
 * carousel of at most 6 cards of 140 px until 'SEE ALL >' opens the full grid (GAMES-11).
 */
export function GameGroup({ group, viewport }: { group: Group; viewport: Viewport }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [expanded, setExpanded] = useState(false);
  const carousel = viewport === 'mobile' && !expanded;
  const limit = carousel ? CAROUSEL_GAMES : GAMES_PER_GROUP;
  const shown = expanded ? group.games : group.games.slice(0, limit);
  const canToggle = group.games.length > limit || expanded;
  return (
    <section className="game-group" aria-labelledby={titleId} data-testid="game-group" data-group={group.key}>
      <header className="game-group__header">
        <h2 id={titleId} className="game-group__title">
          {group.name}
          <span className="game-group__count">{group.games.length}</span>
        </h2>
        {canToggle ? (
          <button type="button" className="game-group__toggle" aria-expanded={expanded} onClick={() => setExpanded(!expanded)} data-testid="game-group-toggle">
            {expanded ? t('games.seeLess') : t('games.seeAll')}
          </button>
        ) : null}
      </header>
      <ul className={carousel ? 'game-group__list game-group__list--carousel' : 'game-group__list'} data-layout={carousel ? 'carousel' : 'grid'}>
        {shown.map((game) => (
          <li key={game.id}>
            <GameCard game={game} />
          </li>
        ))}
      </ul>
    </section>
  );
}
