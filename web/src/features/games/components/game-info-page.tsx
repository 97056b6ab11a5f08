import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useGames } from '../api/games';
import { decodeTitle, gameHref } from '../game-catalogue';
import '../../../shared/content/rich-text.css';
import './game-info-page.css';

/** NAV-24, NAV-25: the information of the game named by `?game_id=` (its game_id, or the post id). */
export function GameInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const wanted = params.get('game_id') ?? '';
  const games = useGames();
  const game = wanted ? games.data?.find((candidate) => candidate.game_id === wanted || String(candidate.id) === wanted) : undefined;
  const title = game ? decodeTitle(game.title.rendered) : t('pages.gameInfo');
  useDocumentTitle(title);

  if (games.isPending && wanted) return <div className="game-info game-info--loading" aria-busy="true" />;
  if (!game) {
    return (
      <section className="game-info game-info--missing" data-testid="game-info-missing">
        <h1 className="game-info__missing">{t('gameInfo.notFound')}</h1>
        <Link className="button button--secondary" to={paths.play.getHref()}>
          {t('gameInfo.browse')}
        </Link>
      </section>
    );
  }
  return (
    <article className="game-info" data-testid="game-info">
      <div className="game-info__hero">
        <img className="game-info__background" src={game.game_background.url} alt="" />
        <div className="game-info__hero-copy">
          <p className="game-info__provider">{game.game_provider.name}</p>
          <h1 className="game-info__title">{title}</h1>
          <ul className="game-info__categories" aria-label={t('gameInfo.categories')}>
            {game.game_category.map((category) => (
              <li key={category.slug}>
                <Link to={paths.play.getHref({ category: category.slug })}>{decodeTitle(category.name)}</Link>
              </li>
            ))}
          </ul>
          <div className="game-info__actions">
            <Link className="button button--primary button--large" to={gameHref(game, true)} data-testid="game-info-play">
              {t('gameInfo.play')}
            </Link>
            {game.acf.play_for_free ? (
              <Link className="button button--secondary button--large" to={gameHref(game, false)} data-testid="game-info-play-free">
                {t('gameInfo.playFree')}
              </Link>
            ) : null}
          </div>
        </div>
      </div>
      <div className="game-info__body">
        <img className="game-info__thumbnail" src={game.game_thumbnail.url} alt={title} width={400} height={300} />
        {/* game_information is HTML the content service sanitised on write and again on output (DEF-19). */}
        <div className="rich-text game-info__text" dangerouslySetInnerHTML={{ __html: game.game_information }} />
      </div>
    </article>
  );
}
