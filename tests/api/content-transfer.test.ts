import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAllPosts } from '../../server/content/content-posts.repository';
import { ContentImportError, exportContent, importContent, transferableTypes } from '../../server/content/transfer/content-transfer';
import { contentPost } from '../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';

const comparable = (rows: Awaited<ReturnType<typeof findAllPosts>>) =>
  rows.map(({ type, slug, lang, status, title, content, priority, acf }) => ({ type, slug, lang, status, title, content, priority, acf }));

describe('content export and import (npm run content:export / content:import)', () => {
  let server: TestServer;
  let directory: string;
  beforeAll(async () => {
    server = await startTestServer();
    directory = await mkdtemp(path.join(tmpdir(), 'emerald-content-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(directory, { recursive: true, force: true });
  });

  it('writes one JSON file per post, grouped by type folder', async () => {
    const { files } = await exportContent(server.db, directory);
    expect(files).toBeGreaterThan(100);
    const folders = (await readdir(directory)).sort();
    expect(folders).toEqual(expect.arrayContaining(['game', 'game_category', 'bonus', 'configuration', 'translations', 'home']));
    const roulette = JSON.parse(await readFile(path.join(directory, 'game', 'european-roulette.mk.json'), 'utf8')) as {
      title: string;
      acf: { game_id: string };
    };
    expect(roulette.title).toBe('Европски рулет');
    expect(roulette.acf.game_id).toBe('NT-4001');
  });

  it('round-trips: importing into an empty database gives back the same content, and a second import changes nothing', async () => {
    const before = comparable(await findAllPosts(server.db, transferableTypes));
    await server.db.delete(contentPost);
    await importContent(server.db, directory);
    const after = comparable(await findAllPosts(server.db, transferableTypes));
    expect(after).toEqual(before);
    await importContent(server.db, directory);
    expect(comparable(await findAllPosts(server.db, transferableTypes))).toEqual(before);
    const response = await fetch(`${server.url}/cms/wp-json/wp/v2/game?per_page=1`);
    expect(Number(response.headers.get('x-wp-total'))).toBeGreaterThan(20);
  });

  it('sanitises hostile HTML on import', async () => {
    const file = path.join(directory, 'casino_glossary', 'bankroll.en.json');
    const post = JSON.parse(await readFile(file, 'utf8')) as { acf: { glossary: string } };
    post.acf.glossary = '<p>Budget<script>alert(1)</script><a href="javascript:alert(1)" onclick="x()">more</a></p>';
    await writeFile(file, JSON.stringify(post));
    await importContent(server.db, directory);
    const [term] = (await (await fetch(`${server.url}/cms/wp-json/wp/v2/casino_glossary?slug=bankroll`)).json()) as { acf: { glossary: string } }[];
    expect(term?.acf.glossary).toBe('<p>Budget<a>more</a></p>');
  });

  it('refuses a directory with invalid files and writes nothing', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'emerald-broken-'));
    try {
      const { mkdir } = await import('node:fs/promises');
      await mkdir(path.join(broken, 'game'));
      await mkdir(path.join(broken, 'bonus'));
      await writeFile(
        path.join(broken, 'bonus', 'fine-bonus.en.json'),
        JSON.stringify({ type: 'bonus', slug: 'fine-bonus', lang: 'en', title: 'Fine', acf: { bonus_plan_id: 9, image: { url: '/x.svg' } } }),
      );
      await writeFile(
        path.join(broken, 'game', 'bad.en.json'),
        JSON.stringify({ type: 'game', slug: 'bad', lang: 'en', title: 'Bad', acf: { game_provider: 'x' } }),
      );
      await writeFile(path.join(broken, 'game', 'not-json.en.json'), '{');
      const error = await importContent(server.db, broken).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentImportError);
      expect((error as ContentImportError).problems.join('\n')).toMatch(/game\/bad\.en\.json: acf\.game_id/);
      expect((error as ContentImportError).problems.join('\n')).toMatch(/not-json\.en\.json: not JSON/);
      const bonuses = (await (await fetch(`${server.url}/cms/wp-json/wp/v2/bonus?slug=fine-bonus`)).json()) as unknown[];
      expect(bonuses).toEqual([]);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
