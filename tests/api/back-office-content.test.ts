import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WPAPI from 'wpapi';
import { contentPost, loyaltyItem, staffAudit } from '../../server/db/schema';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The back office's content beyond posts (issue 15 Content; OPS-14, NS-28, CONTENT-06, CONTENT-10,
 * LOY-02, I18N-01, DEF-19), held to WordPress compatibility with the `wpapi` client: excerpts, the
 * bonus plans' player-facing side (promotions) with their link to the platform's plan checked, the
 * loyalty shop's items (presentation only; their rules refused), and the interface strings in
 * English and Macedonian written side by side so no key is left in one language only.
 */
let server: TestServer;
const api = () => `${server.url}/cms/wp-json/wp/v2`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const send = (method: string, path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
const { passwordOnly, signIn: staffCookie } = staffApi(() => server);

interface WpPost {
  id: number;
  slug: string;
  status: string;
  lang: string;
  title: { rendered: string; raw?: string };
  excerpt?: { rendered: string; raw?: string; protected: boolean };
  acf: Record<string, unknown>;
}
interface Site extends WPAPI {
  bonus(): WPAPI.WPRequest;
  blog(): WPAPI.WPRequest;
  game(): WPAPI.WPRequest;
  loyalty_item(): WPAPI.WPRequest;
  translations(): WPAPI.WPRequest;
}
interface Entry {
  key: string;
  en: string;
  mk: string;
}

let editor: string;
const site = async (cookie?: string) => {
  const discovered = (await WPAPI.discover(`${server.url}/cms`)) as Site;
  return (cookie ? discovered.setHeaders({ cookie }) : discovered) as Site;
};
const auditCount = async (action: string) => (await server.db.select().from(staffAudit).where(eq(staffAudit.action, action))).length;
const errorText = async (response: Response) => JSON.stringify(await response.json());
const translationPosts = async () => {
  const posts = (await (await fetch(`${api()}/translations`)).json()) as { id: number; slug: 'en' | 'mk'; acf: { strings: string } }[];
  const lines = (slug: string) =>
    Object.fromEntries(
      posts
        .find((post) => post.slug === slug)!
        .acf.strings.split('\n')
        .map((line) => line.split('::') as [string, string]),
    );
  return { posts, en: lines('en'), mk: lines('mk') };
};

beforeAll(async () => {
  editor = await staffCookie('bo.content');
});

describe('excerpts in WordPress shape (issue 15 Content, CONTENT-10, DEF-19)', () => {
  it("a blog post answers its short description as excerpt; wpapi writes it back, as text, and a type without one refuses it with 400 naming 'excerpt'", async () => {
    const wp = await site(editor);
    const [post] = (await wp.blog().perPage(1).get()) as WpPost[];
    expect(post!.excerpt).toEqual({ rendered: `<p>${String(post!.acf.short_description).replace(/&/g, '&amp;')}</p>`, protected: false });

    const updated = (await wp
      .blog()
      .id(post!.id)
      .update({ excerpt: { raw: 'Spring <b>news</b> & dates<script>alert(1)</script>' } })) as WpPost;
    expect(updated.excerpt).toEqual({ rendered: '<p>Spring news &amp; dates</p>', raw: 'Spring news & dates', protected: false });
    expect(updated.acf.short_description).toBe('Spring news & dates');
    const [read] = (await wp.blog().slug(post!.slug).get()) as WpPost[];
    expect(read!.excerpt!.rendered).toBe('<p>Spring news &amp; dates</p>');

    const [promotion] = (await wp.bonus().perPage(1).get()) as WpPost[];
    const refused = await send('POST', `/cms/wp-json/wp/v2/bonus/${promotion!.id}`, { excerpt: 'A summary' }, editor);
    expect(refused.status).toBe(400);
    expect(await errorText(refused)).toContain('excerpt');
    expect(((await wp.bonus().id(promotion!.id).get()) as WpPost).excerpt).toBeUndefined();
  });
});

describe("bonus plans' player-facing side (issue 15 Content, CONTENT-01…06)", () => {
  it('terms, image, featured flag and order are edited with wpapi and sanitised; the plan link must name a platform plan, else 400 and nothing changes', async () => {
    const wp = await site(editor);
    const [welcome] = (await wp.bonus().slug('welcome-bonus').get()) as WpPost[];
    expect(welcome!.acf.bonus_plan_id).toBe(1001);
    const before = await auditCount('content.update');
    const updated = (await wp
      .bonus()
      .id(welcome!.id)
      .update({
        acf: {
          terms_and_conditions: '<ul><li onmouseover="x()">Wager 10 times.</li></ul><iframe src="https://evil.example"></iframe>',
          image: { url: 'javascript:alert(1)', alt: 'Welcome' },
          isFeatured: false,
          priority: 9,
        },
      })) as WpPost;
    expect(updated.acf.terms_and_conditions).toBe('<ul><li>Wager 10 times.</li></ul>');
    expect(updated.acf.image).toEqual({ url: '', alt: 'Welcome' });
    expect(updated.acf).toMatchObject({ isFeatured: false, priority: 9, bonus_plan_id: 1001 });
    expect(await auditCount('content.update')).toBe(before + 1);
    const featured = (await (await fetch(`${api()}/bonus?isFeatured=1`)).json()) as WpPost[];
    expect(featured.map((post) => post.slug)).not.toContain('welcome-bonus');

    const cases: [Record<string, unknown>, string][] = [
      [{ acf: { bonus_plan_id: 987_654 } }, 'acf.bonus_plan_id'],
      [{ acf: { bonus_plan_id: 'x' } }, 'acf.bonus_plan_id'],
      [{ acf: { priority: 1.5 } }, 'acf.priority'],
      [{ acf: { isFeatured: 'yes' } }, 'acf.isFeatured'],
      [{ acf: { terms_and_conditions: 'x'.repeat(20_001) } }, 'acf.terms_and_conditions'],
    ];
    for (const [body, field] of cases) {
      const response = await send('POST', `/cms/wp-json/wp/v2/bonus/${welcome!.id}`, body, editor);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await errorText(response)).toContain(field);
    }
    const [row] = await server.db.select().from(contentPost).where(eq(contentPost.id, welcome!.id));
    expect(row!.acf).toMatchObject({ bonus_plan_id: 1001, priority: 9, isFeatured: false });

    // Linking to another plan of the platform (the no-deposit code plan) is accepted, and back.
    expect((await send('POST', `/cms/wp-json/wp/v2/bonus/${welcome!.id}`, { acf: { bonus_plan_id: 1006 } }, editor)).status).toBe(200);
    expect(
      (await send('POST', `/cms/wp-json/wp/v2/bonus/${welcome!.id}`, { acf: { bonus_plan_id: 1001, isFeatured: true, priority: 1 } }, editor)).status,
    ).toBe(200);
  });
});

describe("loyalty shop items: presentation through the content service, rules stay the programme's (issue 15 Content, LOY-02)", () => {
  it('wpapi lists offered items publicly; context=edit needs content.edit and shows every item with its rules read-only', async () => {
    const wp = await site();
    const offered = (await wp.loyalty_item().get()) as WpPost[];
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((item) => item.status === 'publish')).toBe(true);
    expect(offered[0]!.acf.rules).toMatchObject({ kind: expect.any(String), price: expect.any(Number) });
    const mk = (await wp.loyalty_item().param('lang', 'mk').get()) as WpPost[];
    const euro5 = mk.find((item) => item.slug === 'bonus-eur-5')!;
    expect(euro5.title.rendered).toBe('€5 бонус пари, 1× обрт во рок од 30 дена');

    expect((await fetch(`${api()}/loyalty_item?context=edit`)).status).toBe(401);
    const support = await staffCookie('bo.support');
    expect((await fetch(`${api()}/loyalty_item?context=edit`, { headers: { cookie: support } })).status).toBe(403);
    const all = (await (await site(editor)).loyalty_item().param('context', 'edit').get()) as WpPost[];
    expect(all.length).toBe((await server.db.select().from(loyaltyItem)).length);
    expect(all[0]!.title.raw).toBeDefined();
  });

  it('an editor changes descriptions, brand, picture, order and visibility with wpapi; text is sanitised; the shop answers the change', async () => {
    const wp = await site(editor);
    const [item] = await server.db.select().from(loyaltyItem).where(eq(loyaltyItem.itemCode, 'BONUS-EUR-10'));
    const before = await auditCount('content.update');
    const updated = (await wp
      .loyalty_item()
      .id(item!.id)
      .update({
        title: '€10 <b>bonus</b> money<script>steal()</script>',
        acf: { description_mk: '€10 <i>бонус</i> пари', brand: 'Emerald Club', image: { url: '/images/loyalty/bonus-5.svg' }, sort_order: 7 },
      })) as WpPost;
    expect(updated.acf).toMatchObject({
      description_en: '€10 bonus money',
      description_mk: '€10 бонус пари',
      brand: 'Emerald Club',
      image: { url: '/images/loyalty/bonus-5.svg' },
      sort_order: 7,
    });
    expect(await auditCount('content.update')).toBe(before + 1);
    const player = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const shop = (await (await fetch(`${server.url}/ps/getLoyaltyItems?lang=mk`, { headers: { cookie: player.cookie } })).json()) as {
      items: { itemCode: string; description: string; brand: string; price: number }[];
    };
    expect(shop.items.find((line) => line.itemCode === 'BONUS-EUR-10')).toMatchObject({
      description: '€10 бонус пари',
      brand: 'Emerald Club',
      price: Number(item!.price),
    });

    // Hidden from the shop (draft) and offered again (publish).
    await wp.loyalty_item().id(item!.id).update({ status: 'draft' });
    expect(((await (await site()).loyalty_item().get()) as WpPost[]).map((post) => post.id)).not.toContain(item!.id);
    expect((await fetch(`${api()}/loyalty_item/${item!.id}`)).status).toBe(404);
    await wp.loyalty_item().id(item!.id).update({ status: 'publish' });
    expect(((await (await site()).loyalty_item().id(item!.id).get()) as WpPost).status).toBe('publish');
  });

  it("the item's rules and bad input are refused with 400 naming the field, and nothing changes", async () => {
    const [item] = await server.db.select().from(loyaltyItem).where(eq(loyaltyItem.itemCode, 'BONUS-EUR-5'));
    const cases: [Record<string, unknown>, string][] = [
      [{ acf: { price: 1 } }, 'acf.price'],
      [{ acf: { rules: { bonus_amount: 100_000 } } }, 'acf.rules'],
      [{ acf: { bonus_amount: 100_000 } }, 'acf.bonus_amount'],
      [{ slug: 'cheap' }, 'slug'],
      [{ status: 'trash' }, 'status'],
      [{ title: '<script>only()</script>' }, 'acf.description_en'],
      [{ acf: { image: { url: 'javascript:alert(1)' } } }, 'acf.image.url'],
      [{ acf: { sort_order: 'first' } }, 'acf.sort_order'],
      [{ acf: { brand: 'x'.repeat(101) } }, 'acf.brand'],
      [{ acf: { colour: 'green' } }, 'acf.colour'],
    ];
    for (const [body, field] of cases) {
      const response = await send('POST', `/cms/wp-json/wp/v2/loyalty_item/${item!.id}`, body, editor);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await errorText(response), JSON.stringify(body)).toContain(field);
    }
    const [after] = await server.db.select().from(loyaltyItem).where(eq(loyaltyItem.id, item!.id));
    expect(after).toEqual(item);
    expect((await send('POST', '/cms/wp-json/wp/v2/loyalty_item/2000000000', { title: 'x' }, editor)).status).toBe(404);
    expect((await send('POST', '/cms/wp-json/wp/v2/loyalty_item/abc', { title: 'x' }, editor)).status).toBe(400);
  });
});

describe('interface strings in English and Macedonian, side by side (issue 15 Content, I18N-01, BOOT-11)', () => {
  it('PUT writes both languages at once (sanitised, audited once); the portal reads each language; a key in one language only is 400 naming it and nothing changes', async () => {
    const { en, mk } = await translationPosts();
    const entries: Entry[] = Object.keys(en).map((key) => ({ key, en: en[key]!, mk: mk[key]! }));
    entries.push({ key: 'promotions.banner', en: 'Spring <b>offers</b> are here<script>x()</script>', mk: 'Пролетните понуди се тука' });
    const before = await auditCount('content.translations');
    const saved = await send('PUT', '/cms/wp-json/wp/v2/translations', { entries }, editor);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { entries: Entry[] }).entries.at(-1)).toEqual({
      key: 'promotions.banner',
      en: 'Spring offers are here',
      mk: 'Пролетните понуди се тука',
    });
    expect(await auditCount('content.translations')).toBe(before + 1);
    const read = await translationPosts();
    expect(read.en['promotions.banner']).toBe('Spring offers are here');
    expect(read.mk['promotions.banner']).toBe('Пролетните понуди се тука');
    expect(Object.keys(read.en).sort()).toEqual(Object.keys(read.mk).sort());

    const cases: [unknown, string][] = [
      [{ entries: [...entries, { key: 'only.english', en: 'Hello', mk: '' }] }, `entries.${entries.length}.mk`],
      [{ entries: [...entries, { key: 'only.macedonian', en: '<script>x()</script>', mk: 'Здраво' }] }, `entries.${entries.length}.en`],
      [{ entries: [...entries, { ...entries[0]! }] }, `entries.${entries.length}.key`],
      [{ entries: [{ key: 'bad key::x', en: 'a', mk: 'б' }] }, 'entries.0.key'],
      [{ entries: [{ key: 'long', en: 'a'.repeat(2_001), mk: 'б' }] }, 'entries.0.en'],
      [{ entries: 'all' }, 'entries'],
    ];
    for (const [body, field] of cases) {
      const response = await send('PUT', '/cms/wp-json/wp/v2/translations', body, editor);
      expect(response.status, field).toBe(400);
      expect(await errorText(response), field).toContain(field);
    }
    expect(await translationPosts()).toEqual(read);
  });

  it("wpapi updates one language's post when its keys stay the other language's; adding or dropping a key there is 400 naming acf.strings", async () => {
    const wp = await site(editor);
    const { posts, en, mk } = await translationPosts();
    const mkPost = posts.find((post) => post.slug === 'mk')!;
    const lines = (entries: Record<string, string>) =>
      Object.entries(entries)
        .map(([key, value]) => `${key}::${value}`)
        .join('\n');
    const changed = (await wp
      .translations()
      .id(mkPost.id)
      .update({ acf: { strings: lines({ ...mk, 'home.tagline': 'Нов <em>слоган</em>' }) } })) as WpPost;
    expect(String(changed.acf.strings)).toContain('home.tagline::Нов слоган');
    expect((await translationPosts()).mk['home.tagline']).toBe('Нов слоган');

    for (const strings of [lines({ ...mk, 'only.here': 'Само тука' }), lines(Object.fromEntries(Object.entries(mk).slice(1)))]) {
      const response = await send('POST', `/cms/wp-json/wp/v2/translations/${mkPost.id}`, { acf: { strings } }, editor);
      expect(response.status).toBe(400);
      expect(await errorText(response)).toContain('acf.strings');
    }
    expect(Object.keys((await translationPosts()).mk).sort()).toEqual(Object.keys(en).sort());
  });
});

describe('everyone else is refused on the new writes (issue 15 Content, OPS-14, NS-28)', () => {
  it('no session or a player 401, a forged session 401, no two-factor 403, staff without content.edit 403; nothing changes', async () => {
    const [item] = await server.db.select().from(loyaltyItem).where(eq(loyaltyItem.itemCode, 'BONUS-EUR-5'));
    const { posts, en, mk } = await translationPosts();
    const enPost = posts.find((post) => post.slug === 'en')!;
    const player = await server.createSignedInPlayer();
    const attempts: [string | undefined, number][] = [
      [undefined, 401],
      [player.cookie, 401],
      ['BO_SESSION=forged-token-value', 401],
      [await passwordOnly('bo.content'), 403],
      [await staffCookie('bo.support'), 403],
    ];
    const entries = Object.keys(en).map((key) => ({ key, en: 'Hijacked', mk: mk[key]! }));
    for (const [cookie, status] of attempts) {
      const wp = await site(cookie);
      await expect(wp.loyalty_item().id(item!.id).update({ title: 'Hijacked' }), String(cookie)).rejects.toMatchObject({ status });
      await expect(
        wp
          .translations()
          .id(enPost.id)
          .update({ acf: { strings: 'home.tagline::Hijacked' } }),
        String(cookie),
      ).rejects.toMatchObject({ status });
      for (const [method, path, body] of [
        ['PUT', `/cms/wp-json/wp/v2/loyalty_item/${item!.id}`, { title: 'Hijacked' }],
        ['PUT', '/cms/wp-json/wp/v2/translations', { entries }],
        ['PUT', `/cms/wp-json/wp/v2/translations/${enPost.id}`, { acf: { strings: 'home.tagline::Hijacked' } }],
      ] as const) {
        expect((await send(method, path, body, cookie)).status, `${method} ${path} ${cookie}`).toBe(status);
      }
    }
    const [after] = await server.db.select().from(loyaltyItem).where(eq(loyaltyItem.id, item!.id));
    expect(after).toEqual(item);
    expect(await translationPosts()).toEqual({ posts, en, mk });
    const translationRows = await server.db
      .select()
      .from(contentPost)
      .where(and(eq(contentPost.type, 'translations'), eq(contentPost.slug, 'en')));
    expect(String(translationRows[0]!.acf.strings)).not.toContain('Hijacked');
  });
});
