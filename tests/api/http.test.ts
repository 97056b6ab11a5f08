import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

const built = existsSync(path.resolve(import.meta.dirname, '../../dist/web/index.html'));

describe('HTTP conventions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers an unknown operation with a JSON 404 in the catalogue shape, never the portal page', async () => {
    for (const url of ['/ps/noSuchOperation', '/cms/wp-json/wp/v2/no-such-type', '/gs/nope', '/management/nope']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.json()).toMatchObject({ status: 'NOT_FOUND' });
    }
  });

  it('mounts the four services under their prefixes', async () => {
    expect((await fetch(`${server.url}/ps/ping`)).status).toBe(200);
    expect((await fetch(`${server.url}/gs/ping`)).status).toBe(200);
    expect((await fetch(`${server.url}/cms/wp-json/wp/v2/configuration`)).status).toBe(200);
    // Operations answer only an administrator (OPS-11): mounted means 401 here, not 404.
    expect((await fetch(`${server.url}/management/health`)).status).toBe(401);
  });

  it('serves content images with cache headers', async () => {
    const response = await fetch(`${server.url}/cms/media/footer/age-18.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(response.headers.get('cache-control')).toContain('max-age=');
  });

  it('sends security headers, with a content security policy that allows no inline script', async () => {
    const response = await fetch(`${server.url}/management/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/cms/wp-json/wp/v2/configuration', '/cms/wp-json/wp/v2/translations', '/ps/checkSessionAlive', '/management/health']),
    );
  });

  it.runIf(built)('answers every portal address with the SPA page, uncached, so its router decides (NAV-35)', async () => {
    for (const url of ['/', '/play?search=x', '/account', '/no/such/page']) {
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<base href="/"');
    }
  });
});

describe('the sandbox mail outbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists the latest e-mails newest first, and rejects a bad limit naming it', async () => {
    await fetch(`${server.url}/ps/forgotPasswordStep1And2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo.player@emerald.example' }),
    });
    let messages: { recipient: string; subject: string }[] = [];
    for (let attempt = 0; attempt < 40 && messages.length === 0; attempt += 1) {
      messages = ((await (await fetch(`${server.url}/sandbox/mail/outbox?limit=5`)).json()) as { messages: typeof messages }).messages;
      if (messages.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(messages[0]).toMatchObject({ recipient: 'demo.player@emerald.example', subject: 'Reset your Emerald password' });
    const bad = await fetch(`${server.url}/sandbox/mail/outbox?limit=0`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('limit');
  });
});
