import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameListSchema, type GamePost } from '../../../../../contracts/content/games';
import type { Language } from '../../../../../contracts/content/translations';
import { contentStaleTime, fetchAllPages, useContentLanguage } from '../../../shared/content/content-list';
import { sessionQueryOptions } from '../../../shared/session/api/check-session-alive';

/**
 * GET /cms/wp-json/wp/v2/game (GAMES-12…17): the whole catalogue by game_priority ascending, 100 per
 * page following X-WP-TotalPages, with embedded media, in the interface language. Games for signed-in
 * players come back only with a live session cookie (DEF-06, DEF-13), so the session is part of the key.
 */
export function gamesQueryOptions(language: Language, signedIn: boolean) {
  return queryOptions({
    queryKey: ['content', 'game', language, signedIn ? 'session' : 'visitor'],
    queryFn: ({ signal }): Promise<GamePost[]> =>
      fetchAllPages('game', gameListSchema, language, { orderby: 'game_priority', order: 'asc', _embed: '1' }, signal),
    staleTime: contentStaleTime,
  });
}

export function useGames() {
  const language = useContentLanguage();
  // Reads the shell's session check without asking again: a failed check has told the player already.
  const { data: session, isPending } = useQuery({ ...sessionQueryOptions, refetchOnMount: false, retryOnMount: false });
  return useQuery({ ...gamesQueryOptions(language, session?.alive === true), enabled: !isPending });
}
