import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameListSchema, taxonomyListSchema } from '../../contracts/content/games';
import { endSession } from '../../server/platform/session/session-store';
import { startTestServer, type TestServer } from '../support/test-server';

const path = '/cms/wp-json/wp/v2/game';

describe('games for signed-in players only are filtered on the server (GAMES-19, GAMES-20, DEF-06, DEF-13)', () => {
  let server: TestServer;
  let cookie: string;
  let token: string;
  const games = async (suffix = '', headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}${suffix}`, { headers });
    expect(response.status).toBe(200);
    return { response, games: gameListSchema.parse(await response.json()) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    ({ cookie, token } = await server.createSignedInPlayer());
  });
  afterAll(() => server.close());

  it('hides them from a visitor with no session', async () => {
    const { response, games: list } = await games();
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((game) => game.acf.isAuthenticated)).toBe(false);
    expect(list.map((game) => game.game_id)).not.toContain('101');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toContain('Cookie');
  });

  it('hides them from a made-up session cookie', async () => {
    const { games: list } = await games('', { cookie: 'SESSION_KEY=made-up-session-key' });
    expect(list.some((game) => game.acf.isAuthenticated)).toBe(false);
  });

  it('ignores a sessionKey query parameter, even a valid one (DEF-06)', async () => {
    const { games: list } = await games(`?sessionKey=${encodeURIComponent(token)}`);
    expect(list.some((game) => game.acf.isAuthenticated)).toBe(false);
  });

  it('shows them to a player with a live session, also in search, and not from the cached visitor list', async () => {
    const visitor = await games();
    const { response, games: list } = await games('', { cookie });
    expect(list.length).toBeGreaterThan(visitor.games.length);
    expect(list.map((game) => game.game_id)).toEqual(expect.arrayContaining(['101', 'bingo']));
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('etag')).not.toBe(visitor.response.headers.get('etag'));
    const { games: found } = await games('?search=jackpot', { cookie });
    expect(found.some((game) => game.acf.isAuthenticated)).toBe(true);
    const { games: hidden } = await games('?search=jackpot');
    expect(hidden.some((game) => game.acf.isAuthenticated)).toBe(false);
  });

  it('a visitor cannot reuse the signed-in ETag to learn about hidden games', async () => {
    const signedIn = await games('', { cookie });
    const response = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': signedIn.response.headers.get('etag') ?? '' } });
    expect(response.status).toBe(200);
  });

  it('hides them again once the session has ended', async () => {
    const ended = await server.createSignedInPlayer();
    await endSession(server.db, ended.token);
    const { games: list } = await games('', { cookie: ended.cookie });
    expect(list.some((game) => game.acf.isAuthenticated)).toBe(false);
  });

  it('counts only games every visitor sees in categories', async () => {
    const categories = taxonomyListSchema.parse(await (await fetch(`${server.url}/cms/wp-json/wp/v2/game_category`)).json());
    expect(categories.find((category) => category.slug === 'live')?.count).toBe(0);
  });
});
