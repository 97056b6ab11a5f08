import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 32, "Logs an operator can read": at the default level (info) each request writes one line of
 * at most 1 KB — method, route template, status, duration, request id and the acting party — and
 * the request id is in every line the request causes, whichever logger writes it, and in the answer's
 * `x-request-id` header. An incoming id is kept only when it is a safe short token.
 */
describe('request log lines (issue 32)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, { captureLogs: true, captureLogLevel: 'info' });
  });
  afterAll(async () => {
    await server?.close();
  });

  type Line = Record<string, unknown>;
  const lines = (): Line[] =>
    server
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
  /** The request's own line, once its answer has gone (the hook writes it just after). */
  async function requestLine(reqId: string): Promise<{ line: Line; raw: string }> {
    const rawLines = () =>
      server
        .logs()
        .split('\n')
        .filter((line) => line.includes('"request completed"') && line.includes(`"reqId":"${reqId}"`));
    await expect.poll(() => rawLines().length, { message: `no request line for ${reqId}` }).toBeGreaterThan(0);
    const raw = rawLines();
    expect(raw, 'one line per request').toHaveLength(1);
    return { line: JSON.parse(raw[0]!) as Line, raw: raw[0]! };
  }
  const idOf = (response: { headers: Headers }) => {
    const id = response.headers.get('x-request-id');
    expect(id).toBeTruthy();
    return id!;
  };

  it('writes one line of at most 1 KB with method, route template, status, duration and request id, whatever the request carried', async () => {
    const client = new ApiClient(server.url);
    const big = 'x'.repeat(600_000);
    const cases = [
      await client.request('GET', '/ps/ping'),
      // A large body and a long, secret-laden query: neither reaches the line.
      await client.request('POST', '/ps/login', { username: big, password: big }),
      await client.request('POST', `/management/loggers/games?token=${'z'.repeat(500)}&note=${'y'.repeat(4_000)}`, { configuredLevel: 'debug' }),
      // An address the router refuses before any hook runs (414) still gets its line and id.
      await client.request('POST', `/management/loggers/${'y'.repeat(3_000)}`, { configuredLevel: 'debug' }),
      // No route: the template is `unmatched`, never the raw address.
      await client.request('GET', `/ps/no-such-operation/${'q'.repeat(3_000)}`),
      await client.request('GET', '/ps/getPlayerInfo', undefined, { cookie: `SESSION_KEY=${'k'.repeat(100)}`, 'user-agent': 'u'.repeat(5_000) }),
    ];
    const expected = [
      ['GET', '/ps/ping'],
      ['POST', '/ps/login'],
      ['POST', '/management/loggers/:loggerName'],
      ['POST', 'unmatched'],
      ['GET', 'unmatched'],
      ['GET', '/ps/getPlayerInfo'],
    ];
    for (const [index, response] of cases.entries()) {
      const { line, raw } = await requestLine(idOf(response));
      expect(Buffer.byteLength(raw, 'utf8')).toBeLessThanOrEqual(1024);
      expect(raw.includes('\n')).toBe(false);
      expect(line).toMatchObject({ level: 30, method: expected[index]![0], route: expected[index]![1], status: response.status });
      expect(typeof line.durationMs).toBe('number');
      expect(raw).not.toMatch(/xxxxx|yyyyy|zzzzz|qqqqq|kkkkk|uuuuu/);
    }
  });

  it('names the acting party: the player whose session the request used', async () => {
    const player = await server.createSignedInPlayer();
    const response = await new ApiClient(server.url).request('GET', '/ps/getPlayerInfo', undefined, { cookie: player.cookie });
    expect(response.status).toBe(200);
    const { line, raw } = await requestLine(idOf(response));
    expect(line.party).toBe(`player:${player.partyId}`);
    expect(raw).not.toContain(player.token);
  });

  it('answers the request id in x-request-id, keeping a safe incoming one and replacing any other', async () => {
    const client = new ApiClient(server.url);
    const kept = await client.request('GET', '/ps/ping', undefined, { 'x-request-id': 'lb-7f3a9c21.trace_01' });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c21.trace_01');
    expect((await requestLine('lb-7f3a9c21.trace_01')).line.route).toBe('/ps/ping');

    for (const unsafe of ['short', 'a'.repeat(65), 'has space in it', '"quoted","level":60', 'SESSION_KEY=abcdefgh', 'ünïcödé-id-1234']) {
      const response = await client.request('GET', '/ps/ping', undefined, { 'x-request-id': unsafe });
      const id = idOf(response);
      expect(id).not.toBe(unsafe);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await requestLine(id);
    }
    // Refusals and errors carry it too.
    expect(idOf(await client.request('POST', '/ps/login', { username: 1 }))).toMatch(/^[0-9a-f-]{36}$/);
    expect(idOf(await client.request('GET', '/ps/no-such-operation'))).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries the request id into the lines the request causes through other loggers (the audit line of a level change, the mailer)', async () => {
    const admin = await server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    const change = await new ApiClient(server.url).request(
      'POST',
      '/management/loggers/games',
      { configuredLevel: 'debug' },
      { cookie: admin.cookie, 'x-request-id': 'change-0001' },
    );
    expect(change.status).toBe(200);
    await new ApiClient(server.url).request('POST', '/management/loggers/games', { configuredLevel: null }, { cookie: admin.cookie });
    const audit = lines().filter((line) => line.msg === 'logger level changed' && line.to === 'debug');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ module: 'audit', reqId: 'change-0001' });

    const player = await server.createSignedInPlayer();
    const email = `${(await server.db.query.player.findFirst({ where: (row, { eq }) => eq(row.id, player.partyId) }))!.email}`;
    const reset = await new ApiClient(server.url).post('/ps/forgotPasswordStep1And2', { email }, { 'x-request-id': 'reset-00001' });
    expect(reset.status).toBe(200);
    await requestLine('reset-00001');
    // The e-mail is written after the answer (the same answer whether or not the account exists):
    // work the request started still carries its id.
    const written = () => lines().filter((line) => line.msg === 'e-mail written to the outbox' && line.template === 'password-reset');
    await expect.poll(() => written().length).toBe(1);
    expect(written()[0]).toMatchObject({ module: 'mail', reqId: 'reset-00001' });
    // Each line has the id once: a log shipper would otherwise see two fields.
    for (const raw of server
      .logs()
      .split('\n')
      .filter((line) => line.includes('reset-00001')))
      expect(raw.match(/"reqId"/g)).toHaveLength(1);
    // Work the request did not cause carries no id.
    expect(
      lines()
        .filter((line) => line.msg === 'Emerald is running at' || line.module === 'seed')
        .every((line) => line.reqId === undefined),
    ).toBe(true);
  });

  it('probes answer without a session, status only, and without a request line at the default level (a balancer polls them every few seconds)', async () => {
    const live = await fetch(`${server.url}/livez`);
    expect([live.status, await live.json(), live.headers.get('cache-control')]).toEqual([200, { status: 'UP' }, 'no-store']);
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'UP' });
    const document = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/livez', '/readyz']));
    const id = response.headers.get('x-request-id')!;
    // Lines are written in order: once a later request's line is in, the probe's would be too.
    await requestLine(idOf(await fetch(`${server.url}/ps/ping`)));
    expect(server.logs()).not.toContain(id);
  });
});
