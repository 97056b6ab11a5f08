import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationResponseSchema } from '../../contracts/content/configuration';
import { parseTranslationLines, translationsResponseSchema } from '../../contracts/content/translations';
import { upsertPost } from '../../server/content/content-posts.repository';
import { startTestServer, type TestServer } from '../support/test-server';

describe('GET /cms/wp-json/wp/v2/translations (BOOT-11, I18N-01, I18N-03)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(['en', 'mk'] as const)('serves the %s overrides as key::value lines', async (language) => {
    const response = await fetch(`${server.url}/cms/wp-json/wp/v2/translations?slug=${language}`);
    expect(response.status).toBe(200);
    const posts = translationsResponseSchema.parse(await response.json());
    expect(posts).toHaveLength(1);
    expect(posts[0]?.slug).toBe(language);
    const strings = parseTranslationLines(posts[0]?.acf.strings ?? '');
    expect(Object.keys(strings).length).toBeGreaterThan(0);
    expect(strings['home.tagline']).toBeTruthy();
  });

  it('serves every language without a slug', async () => {
    const posts = translationsResponseSchema.parse(await (await fetch(`${server.url}/cms/wp-json/wp/v2/translations`)).json());
    expect(posts.map((post) => post.slug).sort()).toEqual(['en', 'mk']);
  });

  it('rejects an unsupported language with a 400 naming the slug field and changes nothing', async () => {
    const response = await fetch(`${server.url}/cms/wp-json/wp/v2/translations?slug=xx`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { status: string; errors: { field: string }[] };
    expect(body.status).toBe('VALIDATION_ERROR');
    expect(body.errors[0]?.field).toBe('slug');
    expect(response.headers.get('app-error')).toContain('slug');
  });
});

describe("Macedonian demo content through the content service's lang (I18N-03, GAMES-14, issue 17)", () => {
  let server: TestServer;
  const cms = (path: string) => fetch(`${server.url}/cms/wp-json/wp/v2${path}`);
  const cyrillic = /[\u0400-\u04FF]/;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  // Every editorial type of the demo content; game, studio and payment titles may be brand names.
  const types: [string, { brandTitles?: boolean }][] = [
    // A home entry's title is the name the portal picks it by ('Home' or an affiliate id, NS-12).
    ['home', { brandTitles: true }],
    ['action', {}],
    ['bonus', {}],
    ['blog', {}],
    ['blog_category', {}],
    ['responsible_gaming', {}],
    ['terms_and_conditions', {}],
    ['privacy_policy', {}],
    ['funds_protection', {}],
    ['about_us', {}],
    ['contact_us', {}],
    ['casino_glossary', {}],
    ['payment_method', { brandTitles: true }],
    ['game', { brandTitles: true }],
    ['game_category', {}],
    ['game_provider', { brandTitles: true }],
  ];

  it.each(types)('%s answers every entry in Macedonian with lang=mk, the same entries as in English', async (type, { brandTitles }) => {
    const english = (await (await cms(`/${type}?per_page=100`)).json()) as { slug: string; lang: string }[];
    const response = await cms(`/${type}?lang=mk&per_page=100`);
    expect(response.status).toBe(200);
    const macedonian = (await response.json()) as { slug: string; lang: string; title: { rendered: string }; acf: Record<string, unknown> }[];
    expect(macedonian.length).toBeGreaterThan(0);
    // The same entries (the glossary is in alphabetical order, which differs between the languages).
    expect(macedonian.map((post) => post.slug).sort()).toEqual(english.map((post) => post.slug).sort());
    expect(macedonian.filter((post) => post.lang !== 'mk').map((post) => post.slug)).toEqual([]);
    if (!brandTitles)
      expect(macedonian.filter((post) => !cyrillic.test(post.title.rendered) && !/^[A-Z0-9]+$/.test(post.title.rendered)).map((post) => post.slug)).toEqual([]);
    // Whatever the reader sees in the body is Macedonian too.
    for (const post of macedonian) {
      const body = ['description', 'glossary', 'welcome_message', 'game_information', 'short_description']
        .map((field) => post.acf[field])
        .find((value) => typeof value === 'string' && value !== '');
      if (typeof body === 'string') expect(body, `${type}/${post.slug}`).toMatch(cyrillic);
    }
  });

  it('a legal page and a blog post read in Macedonian, links and images kept', async () => {
    const [terms] = (await (await cms('/terms_and_conditions?lang=mk&slug=general-terms')).json()) as {
      title: { rendered: string };
      acf: { description: string };
    }[];
    expect(terms?.title.rendered).toBe('Општи услови');
    expect(terms?.acf.description).toContain('Една сметка по лице, домаќинство и начин на плаќање.');
    const [post] = (await (await cms('/blog?lang=mk&slug=safer-gambling-week')).json()) as {
      acf: { description: string; image: { url: string; alt: string } };
    }[];
    expect(post?.acf.description).toContain('href="https://www.gamblingcare.ie"');
    // Its picture is the same drawing, lettered in Macedonian.
    expect(post?.acf.image.url).toMatch(/\/cms\/media\/art\/blog-safer-gambling\.mk\.svg$/);
    const picture = await fetch(`${server.url}${post!.acf.image.url}`);
    expect(picture.status).toBe(200);
    expect(await picture.text()).toContain('>ОДГОВОРНО ИГРАЊЕ<');
    expect(post?.acf.image.alt).toMatch(cyrillic);
  });

  it('the configuration answers its texts in Macedonian with lang=mk and keeps everything else', async () => {
    const read = async (query: string) => {
      const response = await fetch(`${server.url}/cms/wp-json/wp/v2/configuration${query}`);
      expect(response.status).toBe(200);
      return configurationResponseSchema.parse(await response.json())[0]!.acf;
    };
    const english = await read('');
    const macedonian = await read('?lang=mk');
    expect(english.footer_text).toMatch(/^Emerald is operated/);
    expect(macedonian.footer_text).toMatch(/^Emerald работи за играчи/);
    expect(macedonian.cookie_message).toMatch(cyrillic);
    expect(macedonian.footer_images.map((image) => image.alt).every((alt) => cyrillic.test(alt))).toBe(true);
    expect(macedonian.footer_images.map((image) => image.image.replace(/\.mk\.svg$/, '.svg'))).toEqual(english.footer_images.map((image) => image.image));
    for (const image of macedonian.footer_images) expect((await fetch(`${server.url}${image.image}`)).status, image.image).toBe(200);
    expect(macedonian.banner_links.map((link) => link.linkTo)).toEqual(english.banner_links.map((link) => link.linkTo));
    const { footer_text: _footer, cookie_message: _cookie, footer_images: _images, banner_links: _links, ...macedonianRest } = macedonian;
    const { footer_text: _f, cookie_message: _c, footer_images: _i, banner_links: _l, ...englishRest } = english;
    expect(macedonianRest).toEqual(englishRest);
    expect(await read('?lang=en')).toEqual(english);
  });

  it('a Macedonian configuration cannot switch maintenance on: only the English post decides', async () => {
    await upsertPost(server.db, {
      type: 'configuration',
      slug: 'configuration',
      lang: 'mk',
      title: 'Конфигурација',
      acf: { maintenance: true, footer_text: 'Одржување' },
    });
    const answer = configurationResponseSchema.parse(await (await fetch(`${server.url}/cms/wp-json/wp/v2/configuration?lang=mk`)).json())[0]!.acf;
    expect(answer.footer_text).toBe('Одржување');
    expect(answer.maintenance).toBe(false);
  });

  it('refuses an unsupported lang on the configuration with a 400 naming the field', async () => {
    const response = await fetch(`${server.url}/cms/wp-json/wp/v2/configuration?lang=xx`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { status: string; errors: { field: string }[] };
    expect(body.status).toBe('VALIDATION_ERROR');
    expect(body.errors.map((error) => error.field)).toEqual(['lang']);
  });
});
