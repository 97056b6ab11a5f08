import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurationResponseSchema } from '../../contracts/content/configuration';
import { startTestServer, type TestServer } from '../support/test-server';

const path = '/cms/wp-json/wp/v2/configuration';

describe('GET /cms/wp-json/wp/v2/configuration (BOOT-01, BOOT-02, BOOT-06, BOOT-10)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ PS_PUBLIC_URL: 'https://platform.emerald.test/ps' });
  });
  afterAll(() => server.close());

  it('serves one WordPress-style post with every configuration field of spec 000 §3', async () => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    const [post] = configurationResponseSchema.parse(await response.json());
    expect(post?.title.rendered).toBe('Configuration');
    for (const field of [
      'small_icons',
      'footer_text',
      'footer_images',
      'banner_links',
      'cookie_message',
      'facebook_app_id',
      'ips_endpoint',
      'chronos_endpoint',
    ]) {
      expect(post?.acf).toHaveProperty(field);
    }
    expect(post?.acf.footer_images.length).toBeGreaterThan(0);
    expect(post?.acf.maintenance).toBe(false);
  });

  it('carries the service addresses from the server configuration (BOOT-01, BOOT-02)', async () => {
    const [post] = configurationResponseSchema.parse(await (await fetch(`${server.url}${path}`)).json());
    expect(post?.acf.cms_endpoint).toBe('/cms');
    expect(post?.acf.ps_endpoint).toBe('https://platform.emerald.test/ps');
    expect(post?.acf.gs_endpoint).toBe('/gs');
  });

  it('shows a maintenance marker set by an operator on the next request (BOOT-06, NS-11)', async () => {
    const first = await fetch(`${server.url}${path}`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const unchanged = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(unchanged.status).toBe(304);

    await server.updateConfiguration({ maintenance: true });
    const changed = await fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(changed.status).toBe(200);
    const [post] = configurationResponseSchema.parse(await changed.json());
    expect(post?.acf.maintenance).toBe(true);
    await server.updateConfiguration({ maintenance: false });
  });

  it('falls back to defaults when no configuration is stored, so the portal still boots', async () => {
    const bare = await startTestServer();
    const { contentPost } = await import('../../server/db/schema');
    await bare.db.delete(contentPost);
    const [post] = configurationResponseSchema.parse(await (await fetch(`${bare.url}${path}`)).json());
    expect(post?.acf.maintenance).toBe(false);
    expect(post?.acf.ps_endpoint).toBe('/ps');
    await bare.close();
  });
});
