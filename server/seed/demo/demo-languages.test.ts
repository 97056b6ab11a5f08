import { describe, expect, it } from 'vitest';
import type { NewContentPost } from '../../content';
import { postTypes, isPostType } from '../../content/post-types';
import { demoConfiguration, demoConfigurationMk } from './configuration';
import { demoGamePosts } from './games';
import { demoPagePosts } from './pages';
import { demoTranslations } from './translations';

/**
 * The demo content's half of the language check (I18N-03, issue 17): every demo entry exists in
 * English and in Macedonian, and the Macedonian one is written in Macedonian. The content service
 * falls back to English per entry (GAMES-14), so an entry in one language only would quietly show
 * English to a Macedonian reader.
 */
const cyrillic = /[\u0400-\u04FF]/;
const key = (post: NewContentPost) => `${post.type}/${post.slug}`;

/** The entries that are in one language only, as `type/slug: only en|mk`. */
export function oneLanguageEntries(posts: readonly NewContentPost[]): string[] {
  const languages = new Map<string, Set<string>>();
  for (const post of posts) languages.set(key(post), (languages.get(key(post)) ?? new Set()).add(post.lang ?? 'en'));
  return [...languages].filter(([, found]) => !(found.has('en') && found.has('mk'))).map(([entry, found]) => `${entry}: only ${[...found].join()}`);
}

/** Every string inside a value, with its path. */
function strings(value: unknown, at: string): [string, string][] {
  if (typeof value === 'string') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => strings(item, `${at}[${index}]`));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([name, item]) => strings(item, at ? `${at}.${name}` : name));
  return [];
}

/** Words a reader sees that stayed English in a Macedonian post: HTML fields, alts, labels and descriptions. */
export function untranslatedFields(english: NewContentPost, macedonian: NewContentPost): string[] {
  const readable = new Set<string>(isPostType(english.type) ? postTypes[english.type].html : []);
  const englishStrings = new Map(strings(english.acf ?? {}, ''));
  return strings(macedonian.acf ?? {}, '')
    .filter(([at]) => readable.has(at) || /(^|\.)(alt|label|description|short_description|processing_time|author)$/.test(at.replace(/\[\d+\]/g, '')))
    .filter(([at, text]) => text.trim() !== '' && /[A-Za-z]{3}/.test(text) && (!cyrillic.test(text) || englishStrings.get(at) === text))
    .map(([at]) => `${key(macedonian)}: ${at}`);
}

describe('demo content in English and Macedonian (I18N-03, issue 17)', () => {
  const posts = [...demoPagePosts(), ...demoGamePosts()];

  it('every demo entry exists in both languages', () => {
    expect(posts.length).toBeGreaterThan(100);
    expect(oneLanguageEntries(posts)).toEqual([]);
  });

  it('the Macedonian entries are written in Macedonian (brand names aside)', () => {
    const english = new Map(posts.filter((post) => (post.lang ?? 'en') === 'en').map((post) => [key(post), post]));
    const problems = posts.filter((post) => post.lang === 'mk').flatMap((post) => untranslatedFields(english.get(key(post))!, post));
    expect(problems).toEqual([]);
    // Titles may be brand names (game and studio titles, NETELLER) or, for home entries, the name the
    // portal picks them by ('Home' or an affiliate id, NS-12); every other title is Macedonian.
    const brandTypes = new Set(['game', 'game_provider', 'payment_method', 'home']);
    const englishTitles = posts
      .filter((post) => post.lang === 'mk' && !brandTypes.has(post.type) && !/^[A-Z0-9]+$/.test(post.title) && !cyrillic.test(post.title))
      .map((post) => key(post));
    expect(englishTitles).toEqual([]);
  });

  it('the Macedonian home banner keeps the name the portal picks it by (NS-12)', () => {
    const homes = posts.filter((post) => post.type === 'home' && post.lang === 'mk');
    expect(homes.map((post) => post.title).sort()).toEqual(['Home', 'RIT2041']);
  });

  it('category links of the Macedonian entries name a category the Macedonian catalogue has (by slug or Macedonian name)', () => {
    const categories = posts.filter((post) => post.type === 'game_category' && post.lang === 'mk');
    const known = new Set(categories.flatMap((category) => [category.slug.toLowerCase(), category.title.toLowerCase()]));
    const links = posts
      .filter((post) => post.lang === 'mk')
      .flatMap((post) => strings(post.acf ?? {}, '').map(([, text]) => text))
      .flatMap((text) => [...text.matchAll(/\/play\?category=([^"&\s]+)/g)].map((match) => decodeURIComponent(match[1]!)));
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((category) => !known.has(category.toLowerCase()))).toEqual([]);
  });

  it('the configuration texts and the content translations exist in both languages', () => {
    expect(Object.keys(demoConfigurationMk).sort()).toEqual(['banner_links', 'cookie_message', 'footer_images', 'footer_text']);
    // The same badges, lettered in Macedonian where they carry words (<name>.mk.svg).
    expect(demoConfigurationMk.footer_images.map((image) => image.image.replace(/\.mk\.svg$/, '.svg'))).toEqual(
      demoConfiguration.footer_images.map((image) => image.image),
    );
    expect(demoConfigurationMk.banner_links.map((link) => link.linkTo)).toEqual(demoConfiguration.banner_links.map((link) => link.linkTo));
    for (const text of [
      demoConfigurationMk.footer_text,
      demoConfigurationMk.cookie_message,
      ...demoConfigurationMk.footer_images.map((image) => image.alt),
      ...demoConfigurationMk.banner_links.map((link) => link.label),
    ]) {
      expect(text).toMatch(cyrillic);
    }
    expect(Object.keys(demoTranslations.mk).sort()).toEqual(Object.keys(demoTranslations.en).sort());
  });

  it('the check names an entry in one language only and English words left in a Macedonian entry', () => {
    const english: NewContentPost = {
      type: 'blog',
      slug: 'a',
      title: 'A',
      acf: { description: '<p>Hello there</p>', image: { url: '/x.svg', alt: 'A picture' } },
    };
    const copied: NewContentPost = { ...english, lang: 'mk', acf: { description: '<p>Здраво</p>', image: { url: '/x.svg', alt: 'A picture' } } };
    expect(oneLanguageEntries([english])).toEqual(['blog/a: only en']);
    expect(oneLanguageEntries([english, copied])).toEqual([]);
    expect(untranslatedFields(english, copied)).toEqual(['blog/a: image.alt']);
    expect(untranslatedFields(english, { ...copied, acf: { description: '<p>Здраво</p>', image: { url: '/x.svg', alt: 'Слика' } } })).toEqual([]);
  });
});
