import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTranslationLines, translationsResponseSchema } from '../../contracts/content/translations';
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
