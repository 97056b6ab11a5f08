import type { FastifyRequest } from 'fastify';
import type { Language } from '../../../contracts/content/translations';
import { currentLanguage, languageOfRequest } from '../../logging/request-context';

/**
 * The language a text the server writes for a player is in (issue 27 item 1). A request answered
 * at once speaks the portal's language, the LANG cookie (I18N-02); a message or mail written later
 * speaks the language the player last used the portal in, kept on the player (`player.language`).
 */
export const requestLanguage = (request: FastifyRequest): Language => languageOfRequest(request.raw);

export { currentLanguage };

/** A stored language (player.language) as one we write in, English for anything else. */
export const languageOf = (value: string | null | undefined): Language => (value === 'mk' ? 'mk' : 'en');

/** A name kept in both languages (a bonus plan's, a channel's) in `language`: the Macedonian one where there is one, else English. */
export const nameIn = (row: { name: string; nameMk?: string | null }, language: Language = currentLanguage()): string =>
  language === 'mk' && row.nameMk ? row.nameMk : row.name;
