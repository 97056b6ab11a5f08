import { z } from 'zod/mini';

/**
 * GET /cms/wp-json/wp/v2/translations?slug={language} — content-managed overrides of the bundled
 * interface strings (BOOT-11, I18N-01). `acf.strings` holds one `key::value` entry per line.
 */
export const supportedLanguages = ['en', 'mk'] as const;
export type Language = (typeof supportedLanguages)[number];
export const languageSchema = z.enum(supportedLanguages);

export const translationsQuerySchema = z.object({
  slug: z.optional(languageSchema),
});

export const translationPostSchema = z.object({
  id: z.number().check(z.int()),
  slug: languageSchema,
  title: z.object({ rendered: z.string() }),
  modified_gmt: z.string(),
  acf: z.object({ strings: z.string() }),
});
export type TranslationPost = z.infer<typeof translationPostSchema>;

export const translationsResponseSchema = z.array(translationPostSchema);
export const translationsPath = '/wp-json/wp/v2/translations';

/** Parses `key::value` lines; blank lines, lines without `::` and empty keys are skipped. */
export function parseTranslationLines(strings: string): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const line of strings.split(/\r?\n/)) {
    const at = line.indexOf('::');
    if (at <= 0) continue;
    const key = line.slice(0, at).trim();
    if (key) entries[key] = line.slice(at + 2).trim();
  }
  return entries;
}

export function formatTranslationLines(entries: Record<string, string>): string {
  return Object.entries(entries)
    .map(([key, value]) => `${key}::${value.replace(/\r?\n/g, ' ')}`)
    .join('\n');
}

/**
 * PUT /cms/wp-json/wp/v2/translations — both languages' overrides at once, side by side (staff,
 * content.edit; issue 15 Content). Every key has an English and a Macedonian text: a key is added
 * or removed in both languages in one write, never left in one language only.
 */
export const translationKeySchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.-]{1,200}$/, { message: 'key must be 1 to 200 letters, digits, dots, hyphens or underscores' }));
export const translationEntrySchema = z.object({
  key: translationKeySchema,
  en: z.string().check(z.maxLength(2_000, { message: 'en must be at most 2000 characters' })),
  mk: z.string().check(z.maxLength(2_000, { message: 'mk must be at most 2000 characters' })),
});
export type TranslationEntry = z.infer<typeof translationEntrySchema>;
export const translationsSideBySideSchema = z.object({
  entries: z.array(translationEntrySchema).check(z.maxLength(5_000, { message: 'entries must be at most 5000' })),
});
export type TranslationsSideBySide = z.infer<typeof translationsSideBySideSchema>;

/** The two languages' overrides as one list of keys, each with both texts ('' where one is missing). */
export function sideBySide(en: Record<string, string>, mk: Record<string, string>): TranslationEntry[] {
  const keys = [...new Set([...Object.keys(en), ...Object.keys(mk)])].sort();
  return keys.map((key) => ({ key, en: en[key] ?? '', mk: mk[key] ?? '' }));
}
