import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../contracts/errors';
import { startTestServer, type TestServer } from '../support/test-server';
import { walletCall } from '../support/wallet-helpers';

/**
 * Issue 11: every refusal has its own code in the error catalogue (contracts/errors.ts) instead of
 * the free-text BAD_REQUEST, with the catalogue's HTTP status; the portal reads the same catalogue.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function raw(method: string, path: string, body?: string, contentType = 'application/json') {
  const response = await fetch(`${server.url}${path}`, { method, headers: body === undefined ? {} : { 'content-type': contentType }, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as { status?: string; message?: string } };
}

function expectCode(answer: { status: number; body: { status?: string; message?: string } }, code: keyof typeof errorCatalogue) {
  expect(answer.body.status, JSON.stringify(answer.body)).toBe(code);
  expect(answer.status).toBe(errorCatalogue[code].httpStatus);
  expect(answer.body.message).toBeTruthy();
}

describe('issue 11: distinct error codes instead of BAD_REQUEST', () => {
  it('a body that is not JSON, or carries a __proto__ key, is MALFORMED_BODY (400)', async () => {
    for (const body of ['{"username":', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}']) {
      expectCode(await raw('POST', '/ps/login', body), 'MALFORMED_BODY');
    }
    const signed = await walletCall(server.url, 'debit', undefined, { rawBody: '{"playerId":' });
    expectCode(signed, 'MALFORMED_BODY');
  });

  it('a content type no operation reads is UNSUPPORTED_MEDIA_TYPE (415)', async () => {
    expectCode(await raw('POST', '/ps/login', '<login/>', 'application/xml'), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('an address that cannot be decoded is MALFORMED_URL (400); an over-long path part URL_TOO_LONG (414)', async () => {
    expectCode(await raw('GET', '/gs/play/%ED%A0%80'), 'MALFORMED_URL');
    expectCode(await raw('GET', '/cms/media/art/%ZZ'), 'MALFORMED_URL');
    expectCode(await raw('POST', `/ps/cashier/webhook/${'a'.repeat(5_000)}`, '{}'), 'URL_TOO_LONG');
  });

  it('a body nested as deep as the size limit allows is refused quickly, not with 500', async () => {
    const depth = 400_000;
    for (const body of [
      `${'['.repeat(depth)}${']'.repeat(depth)}`,
      `${'{"a":'.repeat(depth / 5)}"__proto__"${'}'.repeat(depth / 5)}`,
      `${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}`,
    ]) {
      const started = performance.now();
      const answer = await raw('POST', '/ps/login', body);
      expect(answer.status, body.slice(0, 20)).toBe(400);
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('a body over the size limit is BODY_TOO_LARGE (413)', async () => {
    expectCode(await raw('POST', '/ps/login', JSON.stringify({ username: 'a', password: 'b'.repeat(1024 * 1024) })), 'BODY_TOO_LARGE');
  });

  it('the catalogue keeps BAD_REQUEST only as the fallback of the framework, and every code has a message', () => {
    for (const [code, entry] of Object.entries(errorCatalogue)) {
      expect(entry.message, code).toMatch(/\w/);
      expect(entry.httpStatus, code).toBeGreaterThanOrEqual(400);
    }
  });
});
