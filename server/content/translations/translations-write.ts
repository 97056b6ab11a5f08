import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  formatTranslationLines,
  parseTranslationLines,
  sideBySide,
  supportedLanguages,
  translationsPath,
  translationsSideBySideSchema,
  type Language,
  type TranslationEntry,
} from '../../../contracts/content/translations';
import { wpPostIdParamsSchema, wpWrittenPostSchema } from '../../../contracts/content/wp-write';
import { errorResponseSchema } from '../../../contracts/errors';
import { requireStaff, staffAction } from '../../back-office';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../http/app-error';
import type { ServiceContext } from '../../service-context';
import { findPostById, findPublishedPosts, insertPost, updatePostById } from '../content-posts.repository';
import { sanitizePlainText } from '../html-sanitizer';
import { writtenPost } from '../wp-rest/post-write';
import { TRANSLATIONS_TYPE } from './translations.handler';

/**
 * Staff writes of the interface-string overrides (issue 15 Content). The portal falls back to its
 * bundled text for a key the content service does not override, so a key overridden in English
 * only would show the new English beside an old Macedonian text: every write keeps the two
 * languages' keys the same. Texts are cleaned to plain text, as the portal shows them as text.
 */
const titles: Record<Language, string> = { en: 'English', mk: 'Македонски' };

async function stored(tx: Db) {
  const posts = await findPublishedPosts(tx, TRANSLATIONS_TYPE);
  const of = (lang: Language) => posts.find((post) => post.slug === lang);
  const strings = (lang: Language) => {
    const value = of(lang)?.acf.strings;
    return parseTranslationLines(typeof value === 'string' ? value : '');
  };
  return { of, strings };
}

/** Cleans the entries; a text empty (after cleaning) or a key given twice is refused naming it. */
export function cleanEntries(entries: readonly TranslationEntry[]): TranslationEntry[] {
  const seen = new Set<string>();
  return entries.map((entry, at) => {
    if (seen.has(entry.key)) throw fieldError(`entries.${at}.key`, `${entry.key} appears twice`);
    seen.add(entry.key);
    const clean = {
      key: entry.key,
      en: sanitizePlainText(entry.en).replace(/\s*\r?\n\s*/g, ' '),
      mk: sanitizePlainText(entry.mk).replace(/\s*\r?\n\s*/g, ' '),
    };
    for (const lang of supportedLanguages) {
      if (clean[lang] === '') throw fieldError(`entries.${at}.${lang}`, `${entry.key} has no ${titles[lang]} text: a key is never left in one language only`);
    }
    return clean;
  });
}

async function writeLanguage(tx: Db, existing: Awaited<ReturnType<typeof stored>>, lang: Language, entries: Record<string, string>) {
  const strings = formatTranslationLines(entries);
  const post = existing.of(lang);
  if (post) return updatePostById(tx, post, { acf: { ...post.acf, strings } });
  return insertPost(tx, { type: TRANSLATIONS_TYPE, slug: lang, title: titles[lang], acf: { strings } });
}

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const perPostBodySchema = z.object({ acf: z.object({ strings: z.string().max(500_000, { message: 'acf.strings must be at most 500000 characters' }) }) });

export const translationsWriteRoutes =
  (context: ServiceContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = context.database;
    const tags = ['content'];

    app.put(
      translationsPath,
      {
        config: { permission: 'content.edit' },
        schema: {
          tags,
          summary: 'Replaces the interface-string overrides of both languages side by side (staff, content.edit); every key in both',
          body: translationsSideBySideSchema,
          response: { 200: translationsSideBySideSchema, ...errors },
        },
      },
      async (request, reply) => {
        const actor = await requireStaff(db, request, reply, 'content.edit', { type: `content.${TRANSLATIONS_TYPE}`, id: 'en+mk' });
        const entries = cleanEntries(request.body.entries);
        return staffAction(db, actor, 'content.translations', async (tx) => {
          const existing = await stored(tx);
          const before = sideBySide(existing.strings('en'), existing.strings('mk'));
          for (const lang of supportedLanguages) await writeLanguage(tx, existing, lang, Object.fromEntries(entries.map((entry) => [entry.key, entry[lang]])));
          const keys = new Set(entries.map((entry) => entry.key));
          const old = new Map(before.map((entry) => [entry.key, entry]));
          return {
            result: { entries },
            detail: {
              added: entries.filter((entry) => !old.has(entry.key)).map((entry) => entry.key),
              removed: before.filter((entry) => !keys.has(entry.key)).map((entry) => entry.key),
              changed: entries
                .filter((entry) => old.has(entry.key) && (old.get(entry.key)!.en !== entry.en || old.get(entry.key)!.mk !== entry.mk))
                .map((entry) => entry.key),
            },
          };
        });
      },
    );

    // One language's post in WordPress' shape (what a WordPress client such as wpapi sends): its
    // values may change, its keys must stay those of the other language.
    const perPostSchema = {
      tags,
      summary: "Updates one language's overrides (staff, content.edit); its keys must be the other language's",
      params: wpPostIdParamsSchema,
      body: perPostBodySchema,
      response: { 200: wpWrittenPostSchema, ...errors },
    };
    const update = async (id: number, strings: string, actor: Awaited<ReturnType<typeof requireStaff>>) =>
      staffAction(db, actor, 'content.update', async (tx) => {
        const post = await findPostById(tx, TRANSLATIONS_TYPE, id);
        if (!post || post.status !== 'publish') throw new AppError('NOT_FOUND', 'Invalid post ID.');
        const lang = post.slug as Language;
        const other: Language = lang === 'en' ? 'mk' : 'en';
        const existing = await stored(tx);
        const wanted = parseTranslationLines(strings);
        const otherKeys = Object.keys(existing.strings(other));
        const onlyHere = Object.keys(wanted).filter((key) => !otherKeys.includes(key));
        const missing = otherKeys.filter((key) => !(key in wanted));
        if (onlyHere.length > 0)
          throw fieldError(
            'acf.strings',
            `${onlyHere.join(', ')} would be in ${titles[lang]} only: add a key to both languages at once (PUT ${translationsPath})`,
          );
        if (missing.length > 0)
          throw fieldError(
            'acf.strings',
            `${missing.join(', ')} would be in ${titles[other]} only: remove a key from both languages at once (PUT ${translationsPath})`,
          );
        const clean: Record<string, string> = {};
        for (const [key, value] of Object.entries(wanted)) {
          clean[key] = sanitizePlainText(value);
          if (clean[key] === '') throw fieldError('acf.strings', `${key} has no ${titles[lang]} text`);
        }
        const updated = await writeLanguage(tx, existing, lang, clean);
        if (!updated) throw new AppError('NOT_FOUND', 'Invalid post ID.');
        return { result: writtenPost(updated), detail: { type: TRANSLATIONS_TYPE, id, lang, fields: ['acf'] } };
      });
    app.post(`${translationsPath}/:id`, { config: { permission: 'content.edit' }, schema: perPostSchema }, async (request, reply) =>
      update(
        request.params.id,
        request.body.acf.strings,
        await requireStaff(db, request, reply, 'content.edit', { type: `content.${TRANSLATIONS_TYPE}`, id: String(request.params.id) }),
      ),
    );
    app.put(`${translationsPath}/:id`, { config: { permission: 'content.edit' }, schema: perPostSchema }, async (request, reply) =>
      update(
        request.params.id,
        request.body.acf.strings,
        await requireStaff(db, request, reply, 'content.edit', { type: `content.${TRANSLATIONS_TYPE}`, id: String(request.params.id) }),
      ),
    );
  };
