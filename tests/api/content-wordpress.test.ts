import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WPAPI from 'wpapi';
import { contentPost, staffAudit } from '../../server/db/schema';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { unusedStaffCode } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The content service held to its WordPress compatibility (issue 15 Content; OPS-14, NS-28,
 * CONTENT-01…22, DEF-19) with a real WordPress client, `wpapi`: autodiscovery, single posts by id,
 * paging headers, and staff writes through WordPress' REST shapes behind the back office's access check.
 */
let server: TestServer;
const base = () => `${server.url}/cms/wp-json/wp/v2`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const cookieFrom = (response: Response): string => {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith('BO_SESSION='));
  if (!header) throw new Error('no staff cookie set');
  return header.split(';')[0]!;
};
const post = (path: string, body: unknown, cookie?: string) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });

/** The password step only: a session that has not passed two-factor. */
async function passwordOnly(username: string): Promise<string> {
  const response = await post('/bo/signIn', { username, password: DEMO_STAFF_PASSWORD });
  expect(response.status, username).toBe(200);
  return cookieFrom(response);
}

async function staffCookie(username: string): Promise<string> {
  const first = await passwordOnly(username);
  // A code is accepted once: one of a step this process has not used yet (tests/support/back-office.ts).
  const second = await post('/bo/twoFactor/verify', { code: await unusedStaffCode(server, username) }, first);
  expect(second.status, username).toBe(200);
  const cookies = second.headers.getSetCookie().filter((cookie) => cookie.startsWith('BO_SESSION='));
  // The staff cookie goes to the back office, the content service's REST and the real-time gateway's upgrade, nowhere else.
  expect(cookies.map((cookie) => /Path=([^;]+)/i.exec(cookie)?.[1]).sort()).toEqual(['/bo', '/cms/wp-json/wp/v2', '/gs/ws']);
  return cookieFrom(second);
}

interface WpPost {
  id: number;
  slug: string;
  status: string;
  lang: string;
  title: { rendered: string; raw?: string };
  content: { rendered: string; raw?: string };
  acf: Record<string, unknown>;
}
type Paged<T> = T[] & { _paging?: { total: number; totalPages: number; links: Record<string, string>; next?: WPAPI.WPRequest; prev?: WPAPI.WPRequest } };
interface Site extends WPAPI {
  bonus(): WPAPI.WPRequest;
  game(): WPAPI.WPRequest;
}

describe('WordPress discovery and reads with wpapi (NS-28, CONTENT-01…06, GAMES-12)', () => {
  it('WPAPI.discover(<server>/cms) follows the Link header to the /wp-json/ index and builds the type methods from its routes', async () => {
    const root = await fetch(`${server.url}/cms/`, { method: 'HEAD' });
    expect(root.status).toBe(200);
    expect(root.headers.get('link')).toBe(`<${server.url}/cms/wp-json/>; rel="https://api.w.org/"`);
    const index = (await (await fetch(`${server.url}/cms/wp-json/`)).json()) as { namespaces: string[]; routes: Record<string, { methods: string[] }> };
    expect(index.namespaces).toEqual(['wp/v2']);
    expect(index.routes['/wp/v2/bonus']?.methods).toEqual(['GET', 'POST']);
    expect(index.routes['/wp/v2/game/(?P<id>[\\d]+)']?.methods).toEqual(['GET', 'POST', 'PUT', 'DELETE']);

    const site = (await WPAPI.discover(`${server.url}/cms`)) as Site;
    expect(typeof site.bonus).toBe('function');
    expect(typeof site.game).toBe('function');
    const promotions = (await site.bonus().get()) as Paged<WpPost>;
    expect(promotions.length).toBeGreaterThanOrEqual(4);
    expect(promotions._paging?.total).toBe(promotions.length);
  });

  it('a single post by id answers the post; an unknown id 404, a malformed id 400 naming it', async () => {
    const site = (await WPAPI.discover(`${server.url}/cms`)) as Site;
    const [first] = (await site.game().perPage(1).get()) as WpPost[];
    const one = (await site.game().id(first!.id).get()) as WpPost;
    expect(one).toMatchObject({ id: first!.id, slug: first!.slug, title: first!.title });

    const mk = await fetch(`${base()}/bonus?lang=mk&per_page=1`);
    const [mkPromotion] = (await mk.json()) as WpPost[];
    const mkOne = (await (await fetch(`${base()}/bonus/${mkPromotion!.id}`)).json()) as WpPost;
    expect(mkOne).toMatchObject({ id: mkPromotion!.id, lang: mkPromotion!.lang });

    await expect(site.game().id(2_000_000_000).get()).rejects.toMatchObject({ status: 404 });
    expect((await fetch(`${base()}/game/2000000000`)).status).toBe(404);
    const malformed = await fetch(`${base()}/game/abc`);
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(await malformed.json())).toContain('id');
  });

  it('paging: X-WP-Total, X-WP-TotalPages and Link rel="next"/"prev"; wpapi .page(2) and _paging.next follow them', async () => {
    const first = await fetch(`${base()}/game?per_page=5&orderby=id&order=asc`);
    const total = Number(first.headers.get('x-wp-total'));
    expect(total).toBeGreaterThan(10);
    expect(first.headers.get('x-wp-totalpages')).toBe(String(Math.ceil(total / 5)));
    expect(first.headers.get('link')).toBe(`<${base()}/game?per_page=5&orderby=id&order=asc&page=2>; rel="next"`);
    const second = await fetch(`${base()}/game?per_page=5&orderby=id&order=asc&page=2`);
    expect(second.headers.get('link')).toBe(
      `<${base()}/game?per_page=5&orderby=id&order=asc&page=1>; rel="prev", <${base()}/game?per_page=5&orderby=id&order=asc&page=3>; rel="next"`,
    );
    const last = await fetch(`${base()}/game?per_page=5&page=${Math.ceil(total / 5)}`);
    expect(last.headers.get('link')).not.toContain('rel="next"');

    const site = (await WPAPI.discover(`${server.url}/cms`)) as Site;
    const pageOne = (await site.game().perPage(5).get()) as Paged<WpPost>;
    expect(pageOne._paging?.totalPages).toBe(Math.ceil(total / 5));
    expect(pageOne._paging?.prev).toBeUndefined();
    const viaNext = (await pageOne._paging!.next!.get()) as Paged<WpPost>;
    const pageTwo = (await site.game().perPage(5).page(2).get()) as Paged<WpPost>;
    expect(viaNext.map((game) => game.id)).toEqual(pageTwo.map((game) => game.id));
    expect(pageTwo.map((game) => game.id).some((id) => pageOne.some((game) => game.id === id))).toBe(false);
    const back = (await pageTwo._paging!.prev!.get()) as WpPost[];
    expect(back.map((game) => game.id)).toEqual(pageOne.map((game) => game.id));
  });
});

describe('staff writes through WordPress REST shapes (NS-28, OPS-14, DEF-19)', () => {
  let editor: string;
  beforeAll(async () => {
    editor = await staffCookie('bo.content');
  });
  const editorSite = async () => ((await WPAPI.discover(`${server.url}/cms`)) as Site).setHeaders({ cookie: editor }) as Site;
  const auditOf = (action: string) => server.db.select().from(staffAudit).where(eq(staffAudit.action, action));

  it('a content editor updates a promotion with wpapi: sanitised, audited once, seen by the next read', async () => {
    const site = await editorSite();
    const [promotion] = (await site.bonus().perPage(1).get()) as WpPost[];
    const before = (await auditOf('content.update')).length;
    const updated = (await site
      .bonus()
      .id(promotion!.id)
      .update({
        title: 'Weekend <b>reload</b><script>alert(1)</script>',
        content: '<p onclick="x()">Hello<script>bad()</script></p>',
        acf: { isFeatured: true },
      })) as WpPost;
    expect(updated.title.rendered).toBe('Weekend reload');
    expect(updated.content.rendered).toBe('<p>Hello</p>');
    expect(updated.acf.isFeatured).toBe(true);
    // Other acf fields are kept (merged, as ACF's REST does).
    expect(updated.acf.image).toEqual(promotion!.acf.image);
    const read = (await site.bonus().id(promotion!.id).get()) as WpPost;
    expect(read.title.rendered).toBe('Weekend reload');
    const rows = await auditOf('content.update');
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      staffUsername: 'bo.content',
      permission: 'content.edit',
      subjectType: 'content.bonus',
      subjectId: String(promotion!.id),
    });
  });

  it('create with POST, PUT updates, DELETE trashes (gone from lists) and force=true deletes', async () => {
    const site = await editorSite();
    const created = (await site.bonus().create({
      slug: 'wp-client-promo',
      title: 'Client promo',
      content: '<p>Made by wpapi</p>',
      acf: { bonus_plan_id: 1001, image: { url: '/cms/media/art/x.svg' } },
    })) as WpPost;
    expect(created).toMatchObject({ slug: 'wp-client-promo', status: 'publish', lang: 'en', title: { rendered: 'Client promo' } });
    const put = await fetch(`${base()}/bonus/${created.id}`, {
      method: 'PUT',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ title: { raw: 'Client promo 2' } }),
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as WpPost).title.raw).toBe('Client promo 2');
    const duplicate = await fetch(`${base()}/bonus`, {
      method: 'POST',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ slug: 'wp-client-promo', title: 'Again', acf: { bonus_plan_id: 1001, image: { url: '' } } }),
    });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(await duplicate.json())).toContain('slug');

    const trashed = (await site.bonus().id(created.id).delete()) as WpPost;
    expect(trashed.status).toBe('trash');
    expect((await fetch(`${base()}/bonus/${created.id}`)).status).toBe(404);
    expect(((await site.bonus().slug('wp-client-promo').get()) as WpPost[]).length).toBe(0);
    const deleted = (await site.bonus().id(created.id).param('force', 'true').delete()) as { deleted: boolean };
    expect(deleted.deleted).toBe(true);
    expect(await server.db.select().from(contentPost).where(eq(contentPost.id, created.id))).toEqual([]);
  });

  it("the configuration's maintenance marker is written through the same shape (and switched back)", async () => {
    const [configuration] = await server.db
      .select()
      .from(contentPost)
      .where(and(eq(contentPost.type, 'configuration'), eq(contentPost.lang, 'en')));
    const on = await fetch(`${base()}/configuration/${configuration!.id}`, {
      method: 'POST',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ acf: { maintenance: true } }),
    });
    expect(on.status).toBe(200);
    const [read] = (await (await fetch(`${base()}/configuration`)).json()) as { acf: { maintenance: boolean; cookie_message: string } }[];
    expect(read!.acf.maintenance).toBe(true);
    expect(read!.acf.cookie_message).not.toBe('');
    const off = await fetch(`${base()}/configuration/${configuration!.id}`, {
      method: 'POST',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ acf: { maintenance: false } }),
    });
    expect(off.status).toBe(200);
    const wrong = await fetch(`${base()}/configuration/${configuration!.id}`, {
      method: 'POST',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ acf: { maintenance: 'yes' } }),
    });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain('acf.maintenance');
  });

  it('bad input is 400 naming the field and changes nothing; an unknown id is 404', async () => {
    const [promotion] = (await (await fetch(`${base()}/bonus?per_page=1`)).json()) as WpPost[];
    const cases: [unknown, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 5 }, 'title'],
      [{ status: 'gone' }, 'status'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ acf: { bonus_plan_id: -1 } }, 'acf.bonus_plan_id'],
    ];
    for (const [body, field] of cases) {
      const response = await fetch(`${base()}/bonus/${promotion!.id}`, {
        method: 'POST',
        headers: { cookie: editor, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(await response.json()), JSON.stringify(body)).toContain(field);
    }
    const [after] = (await (await fetch(`${base()}/bonus/${promotion!.id}`)).json().then((one) => [one])) as WpPost[];
    expect(after!.title).toEqual(promotion!.title);
    const unknown = await fetch(`${base()}/bonus/2000000000`, {
      method: 'POST',
      headers: { cookie: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x' }),
    });
    expect(unknown.status).toBe(404);
  });

  it("GAMES-27 a game's artwork is chosen from validated fields only: a bad scene, colour or symbol is 400 naming the field; a good one redraws the game's art", async () => {
    const [game] = (await (await fetch(`${base()}/game?slug=banshee-moon`)).json()) as WpPost[];
    const [row] = await server.db
      .select()
      .from(contentPost)
      .where(and(eq(contentPost.id, game!.id)));
    const artwork = (row!.acf as { artwork: Record<string, unknown> }).artwork;
    expect(artwork.scene).toBe('banshee-moon');
    const write = (acf: unknown) =>
      fetch(`${base()}/game/${game!.id}`, { method: 'POST', headers: { cookie: editor, 'content-type': 'application/json' }, body: JSON.stringify({ acf }) });
    const thumbnail = async () => (await fetch(`${server.url}/cms/media/games/banshee-moon/thumbnail.svg`)).text();
    const before = await thumbnail();
    expect(before).toContain('data-scene="banshee-moon"');
    const cases: [unknown, string][] = [
      [{ artwork: { ...artwork, scene: 'haunted-house' } }, 'acf.artwork.scene'],
      [{ artwork: { ...artwork, scene: '<svg onload="alert(1)">' } }, 'acf.artwork.scene'],
      [{ artwork: { ...artwork, palette: ['#0b0d24', '#34346e', 'red"/><script>alert(1)</script>'] } }, 'acf.artwork.palette.2'],
      [{ artwork: { ...artwork, palette: ['#0b0d24'] } }, 'acf.artwork.palette'],
      [{ artwork: { ...artwork, symbol: 'skull' } }, 'acf.artwork.symbol'],
    ];
    for (const [acf, field] of cases) {
      const response = await write(acf);
      expect(response.status, JSON.stringify(acf)).toBe(400);
      expect(JSON.stringify(await response.json()), JSON.stringify(acf)).toContain(field);
    }
    expect(await thumbnail()).toBe(before);
    // A scene from the list is drawn at once (the art is cached per content generation).
    expect((await write({ artwork: { ...artwork, scene: 'lighthouse' } })).status).toBe(200);
    const redrawn = await thumbnail();
    expect(redrawn).toContain('data-scene="lighthouse"');
    expect(redrawn).toContain('BANSHEE MOON');
    expect((await write({ artwork })).status).toBe(200);
    expect(await thumbnail()).toBe(before);
  });

  it('everyone else is refused: no session or a player 401, forged 401, no two-factor 403, staff without content.edit 403', async () => {
    const [promotion] = (await (await fetch(`${base()}/bonus?per_page=1`)).json()) as WpPost[];
    const player = await server.createSignedInPlayer();
    const support = await staffCookie('bo.support');
    const halfway = await passwordOnly('bo.content');
    const attempts: [string | undefined, number][] = [
      [undefined, 401],
      [player.cookie, 401],
      ['BO_SESSION=forged-token-value', 401],
      [halfway, 403],
      [support, 403],
    ];
    for (const [cookie, status] of attempts) {
      const site = (await WPAPI.discover(`${server.url}/cms`)) as Site;
      if (cookie) site.setHeaders({ cookie });
      await expect(site.bonus().id(promotion!.id).update({ title: 'Hijacked' }), String(cookie)).rejects.toMatchObject({ status });
      for (const [method, path] of [
        ['POST', '/bonus'],
        ['PUT', `/bonus/${promotion!.id}`],
        ['DELETE', `/bonus/${promotion!.id}`],
      ] as const) {
        const response = await fetch(`${base()}${path}`, {
          method,
          headers: { ...(cookie ? { cookie } : {}), ...(method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          body: method === 'DELETE' ? undefined : JSON.stringify({ slug: 'x-y', title: 'Hijacked', acf: { bonus_plan_id: 1, image: { url: '' } } }),
        });
        expect(response.status, `${method} ${path} ${cookie}`).toBe(status);
      }
    }
    const read = (await (await fetch(`${base()}/bonus/${promotion!.id}`)).json()) as WpPost;
    expect(read.title).toEqual(promotion!.title);
  });
});
