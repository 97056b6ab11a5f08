import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import type { LoginRedirectState } from '../../../shared/session/private-route';
import { useSession } from '../../../shared/session/use-session';
import { SearchIcon } from '../../../shared/components/icons';
import { Select } from '../../../shared/components/select';
import { useViewport } from '../../../shared/hooks/use-viewport';
import { useGameCategories } from '../api/game-categories';
import { useGameProviders } from '../api/game-providers';
import { useGames } from '../api/games';
import { fitsDevice, groupGames, matchesGroup, matchesSearch, type Grouping } from '../game-catalogue';
import { GameGroup } from './game-group';
import './games-explorer.css';

/** GAMES-02, spec 000 §9: typed text is applied after this pause. */
export const SEARCH_DEBOUNCE_MS = 500;

interface GamesExplorerProps {
  /** /minigames and `?asEmbedded`: no back arrow, the page sits in someone else's frame (NAV-39). */
  embedded: boolean;
  /** /minigames: the one provider listed (configuration minigames_provider, NAV-22). */
  provider?: string;
}

/** NAV-21, GAMES-01…28: the games explorer. */
export function GamesExplorer({ embedded, provider: fixedProvider }: GamesExplorerProps) {
  const { t } = useTranslation();
  const viewport = useViewport();
  const [params, setParams] = useSearchParams();
  const searchId = useId();
  const applied = params.get('search') ?? '';
  const category = params.get('category');
  const provider = fixedProvider ?? params.get('provider');
  const [text, setText] = useState(applied);
  const [grouping, setGrouping] = useState<Grouping>(params.get('provider') && !params.get('category') ? 'provider' : 'category');

  // A search from elsewhere (the header's search box) replaces what was typed here.
  const [lastApplied, setLastApplied] = useState(applied);
  if (applied !== lastApplied) {
    setLastApplied(applied);
    setText(applied);
  }

  // GAMES-02: the text goes into ?search= once typing has paused for 500 ms.
  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set('search', text.trim());
          else next.delete('search');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, applied, setParams]);

  const games = useGames();
  const categories = useGameCategories();
  const providers = useGameProviders();

  const groups = useMemo(() => {
    const visible = (games.data ?? []).filter(
      (game) =>
        fitsDevice(game, viewport) &&
        matchesSearch(game, applied) &&
        matchesGroup(game.game_provider, provider) &&
        (!category || game.game_category.some((entry) => matchesGroup(entry, category))),
    );
    const all = groupGames(visible, grouping, grouping === 'category' ? categories.data : providers.data);
    return grouping === 'category' && category ? all.filter((group) => matchesGroup({ slug: group.key, name: group.name }, category)) : all;
  }, [games.data, categories.data, providers.data, viewport, applied, provider, category, grouping]);
  const categoryName = category ? (categories.data?.find((entry) => matchesGroup({ slug: entry.slug, name: entry.name }, category))?.name ?? null) : null;

  return (
    <div className={embedded ? 'explorer explorer--embedded' : 'explorer'} data-testid="games-explorer" data-grouping={grouping}>
      <header className="explorer__header">
        <div className="explorer__heading">
          {embedded ? null : (
            <Link className="icon-button explorer__back" to={paths.home.getHref()} aria-label={t('games.backHome')} data-testid="explorer-back">
              <svg
                viewBox="0 0 24 24"
                width="22"
                height="22"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d="M19 12H5M12 19l-7-7 7-7" />
              </svg>
            </Link>
          )}
          <h1 className="explorer__title">{t('games.title')}</h1>
        </div>
        <div className="explorer__tools">
          <div className="explorer__search" role="search">
            <label className="visually-hidden" htmlFor={searchId}>
              {t('games.searchLabel')}
            </label>
            <SearchIcon className="explorer__search-icon" width={18} height={18} aria-hidden="true" />
            <input
              id={searchId}
              className="explorer__search-input"
              type="search"
              value={text}
              placeholder={t('games.searchPlaceholder')}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
              data-testid="explorer-search"
            />
          </div>
          <Select<Grouping>
            className="explorer__grouping"
            label={t('games.groupBy')}
            value={grouping}
            onValueChange={setGrouping}
            options={[
              { value: 'category', label: t('games.groupByCategory') },
              { value: 'provider', label: t('games.groupByProvider') },
            ]}
            testId="explorer-grouping"
          />
        </div>
      </header>

      {games.isPending ? (
        <div className="explorer__loading" aria-busy="true" aria-label={t('games.loading')}>
          {Array.from({ length: 8 }, (_, index) => (
            <span key={index} className="explorer__skeleton" />
          ))}
        </div>
      ) : games.isError ? (
        <p className="explorer__empty" role="alert">
          {t('games.loadFailed')}
        </p>
      ) : groups.length === 0 ? (
        <EmptyExplorer search={applied} category={category} categoryName={categoryName} />
      ) : (
        <div className="explorer__groups" aria-live="polite">
          {groups.map((group) => (
            <GameGroup key={`${grouping}-${group.key}`} group={group} viewport={viewport} />
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * Defect 8: nothing to show. A visitor who follows a category link (`/play?category=Live`) finds
 * only the games open to visitors; a category of the catalogue with none of those holds games for
 * signed-in players only (the content service hides them, DEF-13), so the visitor is told so and
 * offered to log in — coming back here — or join. Anyone else sees that there are no games.
 */
function EmptyExplorer({ search, category, categoryName }: { search: string; category: string | null; categoryName: string | null }) {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const forMembers = !search && category !== null && categoryName !== null && session.checked && !session.authenticated;
  if (!forMembers) {
    return (
      <p className="explorer__empty" data-testid="explorer-empty">
        {search ? t('games.noMatch', { search }) : t('games.none')}
      </p>
    );
  }
  const state: LoginRedirectState = { from: { pathname: location.pathname, search: location.search } };
  return (
    <div className="explorer__empty explorer__empty--members" data-testid="explorer-members-only">
      <p className="explorer__empty-title">{t('games.membersOnly', { category: categoryName })}</p>
      <p>{t('games.membersOnlyHint')}</p>
      <div className="explorer__empty-actions">
        <Link className="button button--primary" to={paths.login.getHref()} state={state} data-testid="explorer-login">
          {t('nav.login')}
        </Link>
        <Link className="button button--secondary" to={paths.join.getHref()} data-testid="explorer-join">
          {t('nav.join')}
        </Link>
      </div>
    </div>
  );
}
