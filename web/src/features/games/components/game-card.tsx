import type { GamePost } from '../../../../../contracts/content/games';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LockIcon } from '../../../shared/components/icons';
import { decodeTitle, gameHref } from '../game-catalogue';
import './game-card.css';

/** GAMES-17, GAMES-27, GAMES-28: thumbnail, title and provider, a free-play badge and a lock for signed-in-only games. */
export function GameCard({ game }: { game: GamePost }) {
  const { t } = useTranslation();
  const title = decodeTitle(game.title.rendered);
  return (
    <Link
      className="game-card"
      to={gameHref(game)}
      data-testid="game-card"
      data-game-id={game.game_id}
      data-platform={game.game_platform.slug}
      data-signed-in-only={game.acf.isAuthenticated}
    >
      <span className="game-card__art">
        <img src={game.game_thumbnail.url} alt="" width={400} height={300} loading="lazy" decoding="async" />
        <span className="game-card__badges">
          {game.acf.play_for_free ? <span className="game-card__badge game-card__badge--free">{t('games.freePlay')}</span> : null}
          {game.acf.isAuthenticated ? (
            <span className="game-card__badge game-card__badge--lock" title={t('games.signedInOnly')} data-testid="game-card-lock">
              <LockIcon width={12} height={12} aria-hidden="true" />
              <span className="visually-hidden">{t('games.signedInOnly')}</span>
            </span>
          ) : null}
        </span>
      </span>
      <span className="game-card__title">{title}</span>
      <span className="game-card__provider">{game.game_provider.name}</span>
    </Link>
  );
}
