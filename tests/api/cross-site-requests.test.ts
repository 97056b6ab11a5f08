import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 25 and DEF-08: another site's page may not act with our visitors' cookies. State-changing
 * calls and WebSocket upgrades from a foreign Origin are refused before they are read; bodies are
 * JSON, so a cross-site form's text/plain post reaches nothing.
 */

const PORTAL = 'https://www.emerald.example';
const CONTENT = 'https://content.emerald.example';
const FOREIGN = 'https://evil.example';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ PUBLIC_URL: PORTAL, CMS_PUBLIC_URL: `${CONTENT}/cms` });
});
afterAll(() => server.close());

async function call(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; code: string | undefined }> {
  const response = await fetch(`${server.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
  const answer = (await response.json().catch(() => undefined)) as { status?: string } | undefined;
  return { status: response.status, code: answer?.status };
}

async function alive(cookie: string): Promise<boolean> {
  const response = await fetch(`${server.url}/ps/checkSessionAlive`, { headers: { cookie } });
  return ((await response.json()) as { alive: boolean }).alive;
}

/**
 * The status of an upgrade: 101 when the socket opened, else the HTTP status and catalogue code
 * once the server has also ended the connection (a refused upgrade's connection is no HTTP
 * server's to close).
 */
function upgrade(cookie: string, origin?: string): Promise<{ status: number; code?: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/gs/ws`, { headers: { cookie }, ...(origin ? { origin } : {}) });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101 });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      const connection = response.socket;
      const ended = new Promise<string>((done) => connection.once('close', () => done('ended')));
      const bound = new Promise<string>((done) => setTimeout(() => done('left open'), 10_000));
      response.on('end', () => {
        void Promise.race([ended, bound]).then((state) => {
          connection.destroy();
          resolve({ status: response.statusCode ?? 0, code: (JSON.parse(body) as { status?: string }).status, connection: state });
        });
      });
    });
    socket.once('error', reject);
  });
}

const json = { 'content-type': 'application/json' };

describe('cross-site requests (DEF-08)', () => {
  it("refuses state-changing calls from another site's page with 403 FOREIGN_ORIGIN before reading them, and changes nothing", async () => {
    const player = await server.createSignedInPlayer();
    const operations: [string, string][] = [
      ['POST', '/ps/logout'],
      ['POST', '/ps/login'],
      ['POST', '/gs/launch'],
      ['POST', '/bo/signIn'],
      ['PUT', '/cms/wp-json/wp/v2/blog/1'],
      ['POST', '/management/loggers/root'],
    ];
    for (const origin of [FOREIGN, 'null', `${PORTAL}.evil.example`, `http://evil.example:${new URL(server.url).port}`]) {
      for (const [method, path] of operations) {
        expect(await call(method, path, { ...json, cookie: player.cookie, origin }, '{}'), `${origin} ${method} ${path}`).toEqual({
          status: 403,
          code: 'FOREIGN_ORIGIN',
        });
      }
    }
    // A cross-site page's cross-site fetch metadata does not help it either.
    expect(await call('POST', '/ps/logout', { cookie: player.cookie, origin: FOREIGN, 'sec-fetch-site': 'cross-site' })).toEqual({
      status: 403,
      code: 'FOREIGN_ORIGIN',
    });
    expect(await alive(player.cookie)).toBe(true);
  });

  it('accepts them from our own pages (this host, the configured public addresses) and from callers that send no Origin', async () => {
    const fromOurPages: Record<string, string>[] = [
      { origin: server.url },
      { origin: PORTAL },
      { origin: CONTENT },
      {},
      // A page's own form under Referrer-Policy: no-referrer says `Origin: null`; its fetch metadata says same-origin.
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of fromOurPages) {
      const player = await server.createSignedInPlayer();
      expect(await call('POST', '/ps/logout', { ...json, cookie: player.cookie, ...headers }, '{}'), JSON.stringify(headers)).toEqual({
        status: 200,
        code: 'SUCCESS',
      });
      expect(await alive(player.cookie)).toBe(false);
    }
  });

  it('leaves reads, and calls servers sign (the seamless wallet, payment webhooks), to their own checks whatever their Origin', async () => {
    expect((await call('GET', '/ps/ping', { origin: FOREIGN })).status).toBe(200);
    expect(await call('POST', '/ps/wallet/debit', { ...json, origin: FOREIGN }, '{}')).toEqual({ status: 401, code: 'INVALID_SIGNATURE' });
    expect(await call('POST', '/ps/cashier/webhook/sandbox', { ...json, origin: FOREIGN }, '{}')).toEqual({ status: 401, code: 'INVALID_SIGNATURE' });
  });

  it("refuses a WebSocket upgrade from another site's page with 403 FOREIGN_ORIGIN; our own pages and clients without an Origin connect", async () => {
    const player = await server.createSignedInPlayer();
    expect(await upgrade(player.cookie, FOREIGN)).toEqual({ status: 403, code: 'FOREIGN_ORIGIN', connection: 'ended' });
    expect(await upgrade(player.cookie, 'null')).toEqual({ status: 403, code: 'FOREIGN_ORIGIN', connection: 'ended' });
    expect(await upgrade(player.cookie, server.url)).toEqual({ status: 101 });
    expect(await upgrade(player.cookie, PORTAL)).toEqual({ status: 101 });
    expect(await upgrade(player.cookie)).toEqual({ status: 101 });
  });

  it('refuses a body that is not JSON (a cross-site form can post text/plain) with 415, so /ps/logout keeps the session; JSON and no body still work', async () => {
    const player = await server.createSignedInPlayer();
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect(await call('POST', '/ps/logout', { cookie: player.cookie, 'content-type': type }, '{}'), type).toEqual({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await alive(player.cookie)).toBe(true);
    expect(await call('POST', '/ps/logout', { cookie: player.cookie })).toEqual({ status: 200, code: 'SUCCESS' });
    expect(await alive(player.cookie)).toBe(false);
    const other = await server.createSignedInPlayer();
    expect(await call('POST', '/ps/logout', { ...json, cookie: other.cookie }, '{}')).toEqual({ status: 200, code: 'SUCCESS' });
  });
});
