import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gameListSchema, taxonomyListSchema } from '../../contracts/content/games';
import {
  aboutListSchema,
  actionListSchema,
  blogCategoryListSchema,
  blogListSchema,
  bonusListSchema,
  contactListSchema,
  glossaryListSchema,
  homeListSchema,
  legalListSchema,
} from '../../contracts/content/pages';
import { paymentMethodListSchema } from '../../contracts/content/payment-method';
import { and, eq } from 'drizzle-orm';
import { deletePost, upsertPost } from '../../server/content/content-posts.repository';
import { bumpContentVersion } from '../../server/content/content-version';
import { contentPost } from '../../server/db/schema';
import { demoGames } from '../../server/seed/demo/games';
import { startTestServer, type TestServer } from '../support/test-server';

const base = '/cms/wp-json/wp/v2';

const shapes: [string, z.core.$ZodType, number][] = [
  ['home', homeListSchema, 2],
  ['action', actionListSchema, 10],
  ['bonus', bonusListSchema, 4],
  ['blog', blogListSchema, 5],
  ['blog_category', blogCategoryListSchema, 4],
  ['responsible_gaming', legalListSchema, 4],
  ['terms_and_conditions', legalListSchema, 2],
  ['privacy_policy', legalListSchema, 1],
  ['funds_protection', legalListSchema, 1],
  ['about_us', aboutListSchema, 1],
  ['contact_us', contactListSchema, 4],
  ['casino_glossary', glossaryListSchema, 10],
  ['game', gameListSchema, 20],
  ['game_category', taxonomyListSchema, 6],
  ['game_provider', taxonomyListSchema, 4],
  ['payment_method', paymentMethodListSchema, 3],
];

describe('content service WordPress REST (BOOT-21, BOOT-22, GAMES-12…25, HOME-09…19, CONTENT-01…22)', () => {
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${base}${path}`, { headers });
  const list = async <T = Record<string, unknown>>(path: string) => {
    const response = await get(path);
    expect(response.status, path).toBe(200);
    return { response, posts: (await response.json()) as T[] };
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(shapes)('%s answers WordPress posts in its contract shape', async (type, schema, atLeast) => {
    const { response, posts } = await list(`/${type}`);
    const parsed = z.parse(schema, posts) as { id: number; slug: string; title: { rendered: string } }[];
    expect(parsed.length).toBeGreaterThanOrEqual(atLeast);
    expect(Number(response.headers.get('x-wp-total'))).toBe(parsed.length);
    expect(response.headers.get('x-wp-totalpages')).toBe('1');
    for (const post of parsed) expect(post.title.rendered).not.toBe('');
  });

  it('answers the spec 000 §3 game fields, ordered by game_priority ascending (GAMES-12, GAMES-17)', async () => {
    const { posts } = await list('/game?_embed');
    const games = gameListSchema.parse(posts);
    const priorities = games.map((game) => game.game_priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    const first = games[0]!;
    expect(first.game_thumbnail.url).toMatch(/^\/cms\/media\/games\/.+\/thumbnail\.svg$/);
    expect(first.game_provider).toMatchObject({ slug: expect.any(String), name: expect.any(String) });
    expect(first.game_category[0]).toMatchObject({ name: expect.any(String), priority: expect.any(Number) });
    expect(first._embedded?.['wp:featuredmedia'][0]?.source_url).toBe(first.game_thumbnail.url);
    expect(games.some((game) => game.game_platform.slug === 'html5-desktop')).toBe(true);
    expect(games.some((game) => game.game_platform.slug === 'html5-mobile')).toBe(true);
    expect(games.some((game) => game.acf.play_for_free)).toBe(true);
    const providers = new Set(games.map((game) => game.game_provider.slug));
    expect(providers.size).toBeGreaterThanOrEqual(4);
    const { posts: withoutEmbed } = await list('/game?per_page=1');
    expect(withoutEmbed[0]).not.toHaveProperty('_embedded');
  });

  it('pages with per_page and page and says so in X-WP-Total / X-WP-TotalPages (BOOT-22, GAMES-13)', async () => {
    const all = gameListSchema.parse((await list('/game')).posts);
    const first = await list('/game?per_page=5');
    expect(first.posts).toHaveLength(5);
    expect(first.response.headers.get('x-wp-total')).toBe(String(all.length));
    expect(first.response.headers.get('x-wp-totalpages')).toBe(String(Math.ceil(all.length / 5)));
    const second = gameListSchema.parse((await list('/game?per_page=5&page=2')).posts);
    expect(second.map((game) => game.id)).toEqual(all.slice(5, 10).map((game) => game.id));
  });

  it('answers a page past the end like WordPress: 400 rest_post_invalid_page_number', async () => {
    const response = await get('/game?per_page=100&page=2');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { field: string; error: string }[] };
    expect(body.errors[0]?.field).toBe('page');
    expect(body.errors[0]?.error).toContain('rest_post_invalid_page_number');
    expect((await get('/game?search=no-such-game-anywhere&page=1')).status).toBe(200);
  });

  it.each([
    ['/game?per_page=0', 'per_page'],
    ['/game?per_page=101', 'per_page'],
    ['/game?per_page=ten', 'per_page'],
    ['/bonus?page=0', 'page'],
    ['/game?page=1.5', 'page'],
    ['/blog?lang=fr', 'lang'],
    ['/game?orderby=random', 'orderby'],
    ['/game?order=sideways', 'order'],
    ['/game?slug=%3Cscript%3E', 'slug'],
    ['/bonus?isFeatured=yes', 'isFeatured'],
    ['/responsible_gaming?isInformation=2', 'isInformation'],
    ['/action?display_page=lobby', 'display_page'],
    [`/game?search=${'x'.repeat(101)}`, 'search'],
    ['/game?game_category=Bad%20Slug!', 'game_category'],
    ['/game?per_page=1&per_page=2', 'per_page'],
  ])('%s is a 400 naming %s', async (path, field) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { status: string; errors: { field: string }[] };
    expect(body.status).toBe('VALIDATION_ERROR');
    expect(body.errors.map((error) => error.field)).toContain(field);
  });

  it('filters games by category and provider slug and searches title, provider name and keywords without case (GAMES-04, GAMES-05, GAMES-23…25)', async () => {
    const byCategory = gameListSchema.parse((await list('/game?game_category=table-games')).posts);
    expect(byCategory.length).toBeGreaterThan(0);
    for (const game of byCategory) expect(game.game_category.map((category) => category.slug)).toContain('table-games');
    const byProvider = gameListSchema.parse((await list('/game?game_provider=pocket-arcade')).posts);
    expect(byProvider.length).toBeGreaterThanOrEqual(2);
    for (const game of byProvider) expect(game.game_provider.slug).toBe('pocket-arcade');

    const byTitle = gameListSchema.parse((await list('/game?search=ROULETTE')).posts);
    expect(byTitle.map((game) => game.slug)).toContain('european-roulette');
    const byProviderName = gameListSchema.parse((await list('/game?search=harbour%20LIGHTS')).posts);
    expect(byProviderName.length).toBeGreaterThan(3);
    for (const game of byProviderName) expect(game.game_provider.name.toLowerCase()).toContain('harbour lights');
    const byKeyword = gameListSchema.parse((await list('/game?search=Samhain')).posts);
    expect(byKeyword.map((game) => game.slug)).toEqual(['banshee-moon']);
  });

  it('filters featured promotions, ordered by priority (CONTENT-01), and information posts (CONTENT-15)', async () => {
    const featured = bonusListSchema.parse((await list('/bonus?isFeatured=1')).posts);
    expect(featured.every((bonus) => bonus.acf.isFeatured)).toBe(true);
    expect(featured.map((bonus) => bonus.priority)).toEqual([...featured.map((bonus) => bonus.priority)].sort((a, b) => a - b));
    const all = bonusListSchema.parse((await list('/bonus')).posts);
    expect(all.length).toBeGreaterThan(featured.length);
    const information = legalListSchema.parse((await list('/responsible_gaming?isInformation=1')).posts);
    expect(information.length).toBeGreaterThan(0);
    expect(information.every((post) => post.acf.isInformation)).toBe(true);
    expect(Math.max(...information.map((post) => post.acf.column))).toBeGreaterThan(1);
  });

  it('has home entries with visitor and signed-in actions and an affiliate variant titled with the affiliate id (HOME-09, HOME-13, NS-12)', async () => {
    const homes = homeListSchema.parse((await list('/home')).posts);
    const main = homes.find((home) => home.title.rendered === 'Home');
    expect(main?.acf.welcome_action.map((action) => action.type).sort()).toEqual(['authenticated', 'unAuthenticated', 'unAuthenticated']);
    expect(main?.acf.mobile_background_image?.guid).toBeTruthy();
    expect(homes.some((home) => /^[A-Z0-9]+$/.test(home.title.rendered) && home.title.rendered !== 'Home')).toBe(true);
    const cards = actionListSchema.parse((await list('/action')).posts);
    expect(new Set(cards.map((card) => card.acf.display_page))).toEqual(new Set(['home', 'home-auth', 'casino', 'live-casino', 'bingo']));
    expect(new Set(cards.map((card) => card.acf.size))).toEqual(expect.objectContaining({ size: expect.any(Number) }));
    expect(cards.some((card) => card.acf.size === 3) && cards.some((card) => card.acf.size === 6) && cards.some((card) => card.acf.size === 12)).toBe(true);
    const bingoCards = actionListSchema.parse((await list('/action?display_page=bingo')).posts);
    expect(bingoCards.length).toBeGreaterThan(0);
    expect(bingoCards.every((card) => card.acf.display_page === 'bingo')).toBe(true);
  });

  it('answers the language asked for and falls back to English per post (GAMES-14)', async () => {
    // A game written in English only (as an operator might add one) is answered in English among the Macedonian ones.
    const [celticRow] = await server.db
      .select()
      .from(contentPost)
      .where(and(eq(contentPost.type, 'game'), eq(contentPost.slug, 'celtic-crown'), eq(contentPost.lang, 'en')));
    await upsertPost(server.db, {
      type: 'game',
      slug: 'celtic-crown-english-only',
      title: 'Celtic Crown (English only)',
      priority: celticRow!.priority,
      acf: celticRow!.acf,
    });
    const english = gameListSchema.parse((await list('/game')).posts);
    const macedonian = gameListSchema.parse((await list('/game?lang=mk')).posts);
    expect(macedonian.map((game) => game.slug)).toEqual(english.map((game) => game.slug));
    const roulette = macedonian.find((game) => game.slug === 'european-roulette');
    expect(roulette?.title.rendered).toBe('Европски рулет');
    expect(roulette?.lang).toBe('mk');
    // A brand-name title stays as written, the information is Macedonian.
    const celtic = macedonian.find((game) => game.slug === 'celtic-crown');
    expect(celtic?.title.rendered).toBe('Celtic Crown');
    expect(celtic?.lang).toBe('mk');
    const englishOnly = macedonian.find((game) => game.slug === 'celtic-crown-english-only');
    expect(englishOnly?.title.rendered).toBe('Celtic Crown (English only)');
    expect(englishOnly?.lang).toBe('en');
    await deletePost(server.db, 'game', 'celtic-crown-english-only');
    expect(roulette?.game_category.map((category) => category.name)).toContain('Игри на маса');
    const categories = taxonomyListSchema.parse((await list('/game_category?lang=mk')).posts);
    expect(categories.map((category) => category.priority)).toEqual([...categories.map((category) => category.priority)].sort((a, b) => a - b));
  });

  it('answers an ETag and 304 when unchanged, with a short public max-age on public lists', async () => {
    const first = await get('/bonus');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const again = await get('/bonus', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await get('/bonus', { 'if-none-match': `W/${etag ?? ''}, "other"` })).status).toBe(304);
  });

  it('drops the cached lists when content is written through the repository', async () => {
    const before = await get('/game?game_provider=pocket-arcade');
    const etag = before.headers.get('etag') ?? '';
    const count = Number(before.headers.get('x-wp-total'));
    await upsertPost(server.db, {
      type: 'game',
      slug: 'coin-flip-dash',
      title: 'Coin Flip Dash',
      acf: { game_id: 'PA-5003', game_provider: 'pocket-arcade', game_category: ['mini-games'], game_priority: 5, play_for_free: true, keywords: 'coin, flip' },
    });
    const after = await get('/game?game_provider=pocket-arcade', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-wp-total')).toBe(String(count + 1));
    const games = gameListSchema.parse(await after.json());
    expect(games[0]?.slug).toBe('coin-flip-dash');
  });

  it('sanitises hostile HTML when it is written (DEF-19)', async () => {
    const hostile =
      '<p onclick="steal()">Great odds<script>alert(1)</script><style>body{display:none}</style></p><a href="javascript:alert(1)">click</a><img src="javascript:alert(2)" onerror="alert(3)"><img src="data:image/png;base64,AAAA"><a href="https://example.org" target="_blank">ok</a><iframe src="https://evil.example"></iframe>';
    const row = await upsertPost(server.db, {
      type: 'blog',
      slug: 'hostile-post',
      title: 'Hostile <script>alert(1)</script>post',
      content: hostile,
      acf: { short_description: 'x', description: hostile, image: { url: 'javascript:alert(1)', alt: 'x' }, blog_category: ['news'] },
    });
    for (const html of [row.content, String(row.acf.description)]) {
      expect(html).toContain('Great odds');
      expect(html).not.toMatch(/<script|<style|<iframe|onclick|onerror|javascript:|data:/i);
      expect(html).toContain('rel="noopener noreferrer"');
    }
    expect(row.title).toBe('Hostile post');
    expect((row.acf.image as { url: string }).url).toBe('');
  });

  it('rejects a post whose fields do not fit its type', async () => {
    await expect(upsertPost(server.db, { type: 'game', slug: 'broken', title: 'Broken', acf: { game_provider: 'x' } })).rejects.toThrow(/acf\.game_id/);
    await expect(upsertPost(server.db, { type: 'bonus', slug: 'Bad Slug', title: 'x', acf: {} })).rejects.toThrow(/slug/);
  });

  it('sanitises HTML again when answering, also for posts written around the repository (DEF-19)', async () => {
    await server.db.insert(contentPost).values({
      type: 'casino_glossary',
      slug: 'zz-raw',
      title: 'Zz <b onmouseover="x()">raw</b>',
      content: '<div onload="x()">body<script>alert(1)</script></div>',
      acf: { glossary: '<p>Term <a href="javascript:alert(1)" onclick="x()">link</a><img src="https://cdn.example/ok.png" onerror="x()"></p>', priority: 99 },
    });
    await bumpContentVersion(server.db);
    const terms = glossaryListSchema.parse((await list('/casino_glossary?slug=zz-raw')).posts);
    const [term] = terms;
    expect(term?.title.rendered).toBe('Zz raw');
    expect(term?.content.rendered).toBe('<div>body</div>');
    expect(term?.acf.glossary).toBe('<p>Term <a>link</a><img src="https://cdn.example/ok.png" /></p>');
  });

  it('serves generated game artwork as SVG with cache headers and revalidation', async () => {
    const games = gameListSchema.parse((await list('/game')).posts);
    const [a, b] = games;
    const thumbnail = await fetch(`${server.url}${a!.game_thumbnail.url}`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toContain('image/svg+xml');
    expect(thumbnail.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const svg = await thumbnail.text();
    expect(svg).toMatch(/^<svg [^>]*width="400" height="300"/);
    expect(svg).toContain(a!.title.rendered.toUpperCase().split(' ')[0]!);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    const other = await (await fetch(`${server.url}${b!.game_thumbnail.url}`)).text();
    expect(other).not.toBe(svg);
    const background = await fetch(`${server.url}${a!.game_background.url}`);
    expect(await background.text()).toMatch(/width="1600" height="900"/);
    const revalidated = await fetch(`${server.url}${a!.game_thumbnail.url}`, { headers: { 'if-none-match': thumbnail.headers.get('etag') ?? '' } });
    expect(revalidated.status).toBe(304);
    expect((await fetch(`${server.url}/cms/media/games/no-such-game/thumbnail.svg`)).status).toBe(404);
    expect((await fetch(`${server.url}/cms/media/games/${a!.slug}/other.svg`)).status).toBe(400);
    const banner = await fetch(`${server.url}/cms/media/art/home-welcome.svg`);
    expect(banner.status).toBe(200);
    expect(banner.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('GAMES-27 every title of the demo catalogue is drawn as its own scene: two titles differ in their picture, not only in their lettering', async () => {
    const demo = new Set(demoGames.map((game) => game.slug));
    const games = gameListSchema.parse((await list('/game?per_page=100')).posts).filter((game) => demo.has(game.slug));
    const titles = new Map<string, string>();
    for (const game of games) titles.set(game.title.rendered, game.game_thumbnail.url);
    expect(titles.size).toBeGreaterThanOrEqual(20);
    const scenes = new Map<string, string>();
    const pictures = new Set<string>();
    for (const [title, url] of titles) {
      const svg = await (await fetch(`${server.url}${url}`)).text();
      const scene = /data-scene="([a-z-]+)"/.exec(svg)?.[1];
      expect(scene, title).toBeDefined();
      expect(scenes.has(scene!), `${title} draws ${scene}, as ${scenes.get(scene!)} does`).toBe(false);
      scenes.set(scene!, title);
      // The picture without its lettering and names is still a picture of its own.
      pictures.add(svg.replace(/<text[^>]*>[^<]*<\/text>|<title>[^<]*<\/title>|aria-label="[^"]*"|id="[^"]*"|url\(#[^)]*\)/g, ''));
    }
    expect(pictures.size).toBe(titles.size);
    const [first, second] = [...titles.values()];
    expect(await (await fetch(`${server.url}${first}`)).text()).not.toBe(await (await fetch(`${server.url}${second}`)).text());
  });

  it("GAMES-27 I18N a Macedonian game's artwork is lettered with its Macedonian title over the same picture", async () => {
    const [english] = gameListSchema.parse((await list('/game?slug=emerald-isle-riches')).posts);
    const [macedonian] = gameListSchema.parse((await list('/game?slug=emerald-isle-riches&lang=mk')).posts);
    expect(english!.game_thumbnail.url).toBe('/cms/media/games/emerald-isle-riches/thumbnail.svg');
    expect(macedonian!.game_thumbnail.url).toBe('/cms/media/games/emerald-isle-riches/thumbnail.mk.svg');
    expect(macedonian!.game_background.url).toBe('/cms/media/games/emerald-isle-riches/background.mk.svg');
    const en = await (await fetch(`${server.url}${english!.game_thumbnail.url}`)).text();
    const mk = await (await fetch(`${server.url}${macedonian!.game_thumbnail.url}`)).text();
    expect(mk).toContain('СМАРАГДНИОТ');
    expect(mk).not.toContain('EMERALD');
    const picture = (svg: string) => svg.replace(/<text[^>]*>[^<]*<\/text>|<title>[^<]*<\/title>|aria-label="[^"]*"/g, '');
    expect(picture(mk)).toBe(picture(en));
    expect((await fetch(`${server.url}${macedonian!.game_background.url}`)).status).toBe(200);
  });

  it('serves every image the demo content points at', async () => {
    const urls = new Set<string>();
    const collect = (value: unknown, key = ''): void => {
      if (typeof value === 'string' && value.startsWith('/cms/media/') && /(url|guid|logo|source_url)$/.test(key)) urls.add(value);
      else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
      else if (value && typeof value === 'object') for (const [child, inner] of Object.entries(value)) collect(inner, child);
    };
    for (const [type] of shapes) collect((await list(`/${type}?_embed`)).posts);
    expect(urls.size).toBeGreaterThan(40);
    for (const url of urls) expect((await fetch(`${server.url}${url}`)).status, url).toBe(200);
  });

  it('offers the minigames provider and the lobbies in the configuration (NS-14)', async () => {
    const [configuration] = (await (await fetch(`${server.url}${base}/configuration`)).json()) as { acf: Record<string, unknown> }[];
    expect(configuration?.acf.minigames_provider).toBe('pocket-arcade');
    expect(configuration?.acf.live_lobby).toMatchObject({ gameId: '101', gameName: 'Live - Lobby' });
    expect(configuration?.acf.bingo).toMatchObject({ gameId: 'bingo', gameName: 'Bingo' });
  });
});

describe('compressed catalogue answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sends the game list gzipped to clients that accept it, as its own representation', async () => {
    const { request } = await import('node:http');
    const get = (encoding: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
        const call = request(`${server.url}/cms/wp-json/wp/v2/game?per_page=100`, { headers: { 'accept-encoding': encoding } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ headers: response.headers, bytes }));
        });
        call.on('error', reject);
        call.end();
      });
    const plain = await get('identity');
    const gzipped = await get('gzip, deflate');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.bytes).toBeLessThan(plain.bytes / 3);
    expect(String(gzipped.headers.vary)).toContain('Accept-Encoding');
    expect(gzipped.headers.etag).not.toBe(plain.headers.etag);
  });
});
