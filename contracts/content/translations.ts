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
