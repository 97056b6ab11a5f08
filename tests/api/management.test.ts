import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { configPropsResponseSchema, envResponseSchema, MASK } from '../../contracts/management/configuration';
import { healthResponseSchema } from '../../contracts/management/health';
import { jhiMetricsResponseSchema } from '../../contracts/management/jhimetrics';
import { loggersResponseSchema, setLoggerLevelResponseSchema } from '../../contracts/management/loggers';
import { threadDumpResponseSchema } from '../../contracts/management/threaddump';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { upsertPost } from '../../server/content/content-posts.repository';

/**
 * The operations endpoints (OPS-02…OPS-12, NS-06, DEF-12). The server starts with known secret
 * values in every place a secret can be configured, so the answers can be searched for them.
 */
const SECRETS = {
  DATABASE_PASSWORD: 'db-Pa55word-7b1e0c',
  SMTP_PASSWORD: 'smtp-Pa55word-44a9',
  OIDC_CLIENT_SECRET: 'oidc-client-secret-5f0d3a9e',
  PAYMENT_WEBHOOK_SECRET: 'webhook-secret-2c8e6b71a0',
  WALLET_SECRET: 'wallet-secret-9d3c1f7e55aa',
  METRICS_TOKEN: 'metrics-token-0a1b2c3d4e5f6a7b8c9d',
};
const secretEnvironment: Record<string, string> = {
  // SMTP on a port nothing listens on: health reports mail DOWN, and the password still never shows.
  SMTP_URL: `smtp://mailer:${SECRETS.SMTP_PASSWORD}@127.0.0.1:9/`,
  OIDC_ISSUER: 'http://127.0.0.1:9/issuer',
  OIDC_CLIENT_ID: 'emerald-test',
  OIDC_CLIENT_SECRET: SECRETS.OIDC_CLIENT_SECRET,
  PAYMENT_WEBHOOK_SECRET: SECRETS.PAYMENT_WEBHOOK_SECRET,
  WALLET_PROVIDER_SECRETS: `emerald-studio:${SECRETS.WALLET_SECRET}`,
  METRICS_TOKEN: SECRETS.METRICS_TOKEN,
};
// A DATABASE_URL with a password is only in the process environment (the test database is passed in).
const processDatabaseUrl = `postgres://emerald:${SECRETS.DATABASE_PASSWORD}@db.internal:5432/emerald?sslpassword=${SECRETS.DATABASE_PASSWORD}`;

const GETS = [
  '/management/health',
  '/management/jhimetrics',
  '/management/threaddump',
  '/management/loggers',
  '/management/configprops',
  '/management/env',
  '/management/prometheus',
];

let server: TestServer;
let admin: { cookie: string; partyId: string };
let player: { cookie: string };
const savedEnv: Record<string, string | undefined> = {};

beforeAll(async () => {
  // The env view reads the process environment, as a deployed server's is.
  for (const [name, value] of Object.entries({ ...secretEnvironment, DATABASE_URL: processDatabaseUrl })) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  server = await startTestServer(secretEnvironment, { captureLogs: true });
  admin = await server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
  player = await server.createSignedInPlayer({ roles: ['ROLE_USER'] });
});
afterAll(async () => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });
const asAdmin = (path: string) => get(path, { cookie: admin.cookie });
const postLevel = (name: string, body: unknown, cookie = admin.cookie) =>
  fetch(`${server.url}/management/loggers/${name}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('OPS-11 NS-06 DEF-12 every management endpoint requires ROLE_ADMIN on the server', () => {
  it('no session → 401 NOT_LOGGED_IN_ERROR, for every view and the level change', async () => {
    for (const path of GETS) {
      const response = await get(path);
      expect(response.status, path).toBe(401);
      expect(await response.json(), path).toMatchObject({ status: 'NOT_LOGGED_IN_ERROR' });
    }
    const change = await fetch(`${server.url}/management/loggers/ROOT`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"configuredLevel":"debug"}',
    });
    expect(change.status).toBe(401);
  });

  it('a forged session cookie → 401 INVALID_SESSIONKEY, and the cookie is cleared', async () => {
    for (const path of GETS) {
      const response = await get(path, { cookie: `SESSION_KEY=${randomUUID()}` });
      expect(response.status, path).toBe(401);
      expect(await response.json(), path).toMatchObject({ status: 'INVALID_SESSIONKEY' });
      expect(response.headers.get('set-cookie'), path).toContain('SESSION_KEY=;');
    }
    expect((await postLevel('ROOT', { configuredLevel: 'debug' }, `SESSION_KEY=${randomUUID()}`)).status).toBe(401);
  });

  it('a player without ROLE_ADMIN (ROLE_USER or none) → 403 FORBIDDEN, and a level change changes nothing', async () => {
    const plain = await server.createSignedInPlayer();
    for (const cookie of [player.cookie, plain.cookie]) {
      for (const path of GETS) {
        const response = await get(path, { cookie });
        expect(response.status, path).toBe(403);
        expect(await response.json(), path).toMatchObject({ status: 'FORBIDDEN', message: 'You are not authorized to access this page.' });
      }
      expect((await postLevel('platform', { configuredLevel: 'trace' }, cookie)).status).toBe(403);
    }
    const loggers = loggersResponseSchema.parse(await (await asAdmin('/management/loggers')).json());
    expect(loggers.loggers.platform?.configuredLevel).toBeNull();
  });

  it('the Prometheus text also takes the scraper token, and refuses a wrong one without looking at the session', async () => {
    expect((await get('/management/prometheus', { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` })).status).toBe(200);
    const wrong = await get('/management/prometheus', { authorization: 'Bearer not-the-token-at-all-000000', cookie: admin.cookie });
    expect(wrong.status).toBe(401);
    // The token opens only the scrape, never the views.
    expect((await get('/management/env', { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` })).status).toBe(401);
  });

  it('without METRICS_TOKEN configured the Prometheus text is never open: a bearer header is refused, an admin reads it', async () => {
    const other = await startTestServer();
    try {
      const response = await fetch(`${other.url}/management/prometheus`, { headers: { authorization: 'Bearer anything-at-all-000000000000' } });
      expect(response.status).toBe(401);
      const otherAdmin = await other.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
      expect((await fetch(`${other.url}/management/prometheus`, { headers: { cookie: otherAdmin.cookie } })).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('the views answer an administrator in their documented shapes (NS-08)', () => {
  it('OPS-02 health: every component reported honestly; the absent event bus is UNKNOWN, not UP', async () => {
    const response = await asAdmin('/management/health');
    const health = healthResponseSchema.parse(await response.json());
    expect(health.components.db).toMatchObject({ status: 'UP' });
    expect(health.components.migrations.status).toBe('UP');
    expect(health.components.migrations.details.applied).toBe(health.components.migrations.details.expected);
    expect(health.components.paymentProvider).toMatchObject({ status: 'UP', details: { provider: 'sandbox' } });
    expect(health.components.rng.status).toBe('UP');
    expect(health.components.eventBus).toMatchObject({ status: 'UNKNOWN', details: { configured: false } });
    // Nothing listens on the configured SMTP port: mail is DOWN, so the whole is DOWN with 503.
    expect(health.components.mail).toMatchObject({ status: 'DOWN', details: { transport: 'smtp' } });
    expect(health.status).toBe('DOWN');
    expect(response.status).toBe(503);
  });

  it('OPS-02 health without SMTP reports mail as outbox-only (UNKNOWN) and the whole UP', async () => {
    const other = await startTestServer();
    try {
      const otherAdmin = await other.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
      const response = await fetch(`${other.url}/management/health`, { headers: { cookie: otherAdmin.cookie } });
      expect(response.status).toBe(200);
      const health = healthResponseSchema.parse(await response.json());
      expect(health.status).toBe('UP');
      expect(health.components.mail).toEqual({ status: 'UNKNOWN', details: { transport: 'outbox' } });
    } finally {
      await other.close();
    }
  });

  it('OPS-03 jhimetrics: memory, event loop, GC, requests by route pattern with percentiles, pool, caches', async () => {
    // A few requests to one parameterised route, so it shows under its pattern.
    for (const id of ['1', '2', '3']) await get(`/cms/wp-json/wp/v2/game?slug=missing-${id}`);
    const response = await asAdmin('/management/jhimetrics');
    expect(response.status).toBe(200);
    const metrics = jhiMetricsResponseSchema.parse(await response.json());
    expect(metrics.memory.heapUsedBytes).toBeGreaterThan(0);
    expect(metrics.memory.residentBytes).toBeGreaterThan(metrics.memory.heapUsedBytes / 2);
    expect(metrics.memory.heapSpaces.length).toBeGreaterThan(3);
    expect(metrics.eventLoop.p99Ms).toBeGreaterThanOrEqual(metrics.eventLoop.p50Ms);
    const driver = inject('testDatabase').kind;
    expect(metrics.databasePool).toMatchObject(driver === 'postgres' ? { driver, idle: expect.any(Number) } : { driver, max: 1, idle: null, waiting: null });
    const games = metrics.http.requests.find((entry) => entry.method === 'GET' && entry.route.startsWith('/cms/wp-json/wp/v2/') && entry.count >= 3);
    expect(games, JSON.stringify(metrics.http.requests.map((entry) => entry.route))).toBeDefined();
    expect(metrics.http.requests.every((entry) => !entry.route.includes('?') && !entry.route.includes('missing-'))).toBe(true);
    expect(games!.percentilesMs.p99).toBeGreaterThanOrEqual(games!.percentilesMs.p50);
    expect(metrics.caches.map((cache) => cache.cache)).toContain('content');
    expect(metrics.platform.refusals.find((entry) => entry.reason === 'FORBIDDEN')?.count).toBeGreaterThan(0);
  });

  it('OPS-04 threaddump: stacks and handles, and nothing from the environment', async () => {
    const response = await asAdmin('/management/threaddump');
    expect(response.status).toBe(200);
    const text = await response.text();
    const dump = threadDumpResponseSchema.parse(JSON.parse(text));
    expect(dump.header.pid).toBe(process.pid);
    expect(dump.javascriptStack.frames.length).toBeGreaterThan(0);
    expect(dump.handles.some((handle) => handle.type === 'tcp' && handle.isActive)).toBe(true);
    expect(text).not.toMatch(/environmentVariables|commandLine|sharedObjects/);
    for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
    expect(text).not.toContain(process.env.HOME ?? '/nonexistent-home');
  });

  it('OPS-06 OPS-12 configprops and OPS-07 env never contain a secret value, and mask by name and inside URLs', async () => {
    const configText = await (await asAdmin('/management/configprops')).text();
    const envText = await (await asAdmin('/management/env')).text();
    for (const text of [configText, envText]) {
      for (const [name, secret] of Object.entries(SECRETS)) expect(text, name).not.toContain(secret);
    }
    const config = configPropsResponseSchema.parse(JSON.parse(configText));
    const property = (prefix: string, name: string) => config.groups.find((group) => group.prefix === prefix)?.properties[name];
    expect(property('oidc', 'OIDC_CLIENT_SECRET')).toBe(MASK);
    expect(property('oidc', 'OIDC_CLIENT_ID')).toBe('emerald-test');
    expect(property('payments', 'PAYMENT_WEBHOOK_SECRET')).toBe(MASK);
    expect(property('payments', 'WALLET_PROVIDER_SECRETS')).toBe(MASK);
    expect(property('metrics', 'METRICS_TOKEN')).toBe(MASK);
    // A secret URL keeps its address, its password masked.
    expect(property('mail', 'SMTP_URL')).toBe(`smtp://mailer:${encodeURIComponent(MASK)}@127.0.0.1:9/`);
    // Durations named after a secret stay readable.
    expect(property('session', 'PASSWORD_RESET_TTL_MINUTES')).toBe(30);

    const env = envResponseSchema.parse(JSON.parse(envText));
    expect(env.activeProfiles).toEqual(['test']);
    const variables = env.propertySources.find((source) => source.name === 'systemEnvironment')!.properties;
    expect(variables.DATABASE_URL?.value).toMatch(/^postgres:\/\/emerald:[^@]+@db\.internal:5432\/emerald\?sslpassword=/);
    expect(variables.METRICS_TOKEN?.value).toBe(MASK);
    expect(env.propertySources.find((source) => source.name === 'runtime')!.properties['node.version']?.value).toBe(process.version);
  });

  it('OPS-07 env lists only the variables Emerald reads, never the rest of the process environment', async () => {
    process.env.SOME_OTHER_TOOL_SETTING = 'other-tool-value-31415';
    try {
      const text = await (await asAdmin('/management/env')).text();
      expect(text).not.toContain('SOME_OTHER_TOOL_SETTING');
      expect(text).not.toContain('other-tool-value-31415');
    } finally {
      delete process.env.SOME_OTHER_TOOL_SETTING;
    }
  });
});

describe('OPS-05 OPS-08 loggers: a level per module, changed at run time', () => {
  it('lists ROOT and each module with configured and effective levels', async () => {
    const loggers = loggersResponseSchema.parse(await (await asAdmin('/management/loggers')).json());
    expect(loggers.levels).toContain('debug');
    expect(Object.keys(loggers.loggers)).toEqual(expect.arrayContaining(['ROOT', 'content', 'platform', 'games', 'management', 'mail']));
    expect(loggers.loggers.management).toEqual({ configuredLevel: null, effectiveLevel: 'debug' });
  });

  it('a debug line of a module appears only after its level is changed to debug, and the change is audited', async () => {
    const earlier = server.logs().length;
    const dumpLines = () =>
      server
        .logs()
        .slice(earlier)
        .split('\n')
        .filter((line) => line.includes('"thread dump taken"'));
    expect((await postLevel('ROOT', { configuredLevel: 'info' })).status).toBe(200);
    await asAdmin('/management/threaddump');
    expect(dumpLines()).toHaveLength(0);

    const changed = await postLevel('management', { configuredLevel: 'debug' });
    expect(changed.status).toBe(200);
    expect(setLoggerLevelResponseSchema.parse(await changed.json()).logger).toEqual({ configuredLevel: 'debug', effectiveLevel: 'debug' });
    await asAdmin('/management/threaddump');
    expect(dumpLines()).toHaveLength(1);
    expect(JSON.parse(dumpLines()[0]!)).toMatchObject({ level: 20, module: 'management' });
    // Another module still follows ROOT.
    const loggers = loggersResponseSchema.parse(await (await asAdmin('/management/loggers')).json());
    expect(loggers.loggers.platform).toEqual({ configuredLevel: null, effectiveLevel: 'info' });

    const audit = server
      .logs()
      .split('\n')
      .filter((line) => line.includes('"logger level changed"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(audit.at(-1)).toMatchObject({ module: 'audit', actor: admin.partyId, loggerName: 'management', from: null, to: 'debug' });

    // null lets the module follow ROOT again; the debug line stops.
    expect((await postLevel('management', { configuredLevel: null })).status).toBe(200);
    await asAdmin('/management/threaddump');
    expect(dumpLines()).toHaveLength(1);
    await postLevel('ROOT', { configuredLevel: 'debug' });
  });

  it('turning every logger silent still keeps the audit line of doing so', async () => {
    expect((await postLevel('ROOT', { configuredLevel: 'silent' })).status).toBe(200);
    expect(server.logs()).toContain('"to":"silent"');
    await postLevel('ROOT', { configuredLevel: 'debug' });
  });

  it('bad input is a 400 naming the field and changes nothing; an unknown logger is 404', async () => {
    for (const body of [{ configuredLevel: 'loud' }, {}, { configuredLevel: 'debug', extra: 1 }]) {
      const response = await postLevel('games', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { status: string; errors: { field: string }[] };
      expect(answer.status).toBe('VALIDATION_ERROR');
      expect(answer.errors.map((error) => error.field).join(',')).toMatch(/configuredLevel|body/);
    }
    const root = await postLevel('ROOT', { configuredLevel: null });
    expect(root.status).toBe(400);
    expect(((await root.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe('configuredLevel');
    expect((await postLevel('Bad%20Name', { configuredLevel: 'info' })).status).toBe(400);
    expect((await postLevel('no-such-module', { configuredLevel: 'info' })).status).toBe(404);
    const loggers = loggersResponseSchema.parse(await (await asAdmin('/management/loggers')).json());
    expect(loggers.loggers.games?.configuredLevel).toBeNull();
    expect(loggers.loggers['no-such-module']).toBeUndefined();
  });
});

/** Prometheus' text exposition format, line by line: comments (HELP, TYPE) and samples. */
function parsePrometheusText(text: string): Map<string, { labels: Record<string, string>; value: number }[]> {
  const samples = new Map<string, { labels: Record<string, string>; value: number }[]>();
  const types = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === 'TYPE' && !types.has(comment[3]!)) throw new Error(`bad type: ${line}`);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( \d+)?$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const match of (sample[3] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/g)) labels[match[1]!] = match[2]!;
    const value = Number(sample[4] === '+Inf' ? Infinity : sample[4] === '-Inf' ? -Infinity : sample[4]);
    if (Number.isNaN(value) && !/^nan$/i.test(sample[4]!)) throw new Error(`bad value: ${line}`);
    samples.set(sample[1]!, [...(samples.get(sample[1]!) ?? []), { labels, value }]);
  }
  return samples;
}

describe('the Prometheus text (/management/prometheus)', () => {
  const scrape = async () => {
    const response = await get('/management/prometheus', { authorization: `Bearer ${SECRETS.METRICS_TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parsePrometheusText(await response.text());
  };
  const sum = (metrics: Map<string, { labels: Record<string, string>; value: number }[]>, name: string, labels: Record<string, string>) =>
    (metrics.get(name) ?? [])
      .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
      .reduce((total, sample) => total + sample.value, 0);

  it('parses, with request-duration histograms by route template under OpenTelemetry HTTP names, and the process metrics (issue 32)', async () => {
    await get('/cms/wp-json/wp/v2/game?slug=prometheus-probe');
    const metrics = await scrape();
    // http.server.request.duration in seconds, its attributes as labels (http.route the template, never the address).
    const buckets = metrics.get('http_server_request_duration_seconds_bucket') ?? [];
    // The registry is the process's (other files' servers in this worker have answered on these routes too,
    // with other statuses): the probe's answer is among the samples, under its template.
    const probe = buckets.filter(
      (sample) =>
        sample.labels.http_route?.startsWith('/cms/wp-json/wp/v2/') &&
        sample.labels.http_request_method === 'GET' &&
        sample.labels.http_response_status_code === '200',
    );
    expect(probe.length).toBeGreaterThan(0);
    expect(probe[0]!.labels).toMatchObject({ http_response_status_code: '200', url_scheme: 'http', error_type: '' });
    expect(buckets.every((sample) => !sample.labels.http_route?.includes('?') && !sample.labels.http_route?.includes('prometheus-probe'))).toBe(true);
    expect(metrics.get('http_server_requests_seconds_bucket')).toBeUndefined();
    // http.server.active_requests: the scrape itself is in flight while it is written.
    expect(sum(metrics, 'http_server_active_requests', { http_request_method: 'GET' })).toBeGreaterThanOrEqual(1);
    expect(metrics.get('nodejs_eventloop_lag_p99_seconds')).toBeDefined();
    expect(metrics.get('nodejs_heap_size_used_bytes')?.[0]?.value).toBeGreaterThan(0);
  });

  it('counts a deposit, a round and a refusal the test makes', async () => {
    const before = await scrape();
    const depositor = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const deposit = await fetch(`${server.url}/ps/processDeposit`, {
      method: 'POST',
      headers: { cookie: depositor.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ requestId: randomUUID(), paymentMethod: 'NETELLER', amount: 10, payFromEmail: 'metrics@example.test' }),
    });
    expect(deposit.status).toBe(200);
    const depositStatus = ((await deposit.json()) as { status: string }).status;

    await upsertPost(server.db, {
      type: 'game',
      slug: 'lucky-sevens-classic',
      title: 'Lucky Sevens Classic',
      acf: { game_id: 'SR-3001', game_provider: 'emerald-studio', play_for_free: true },
    });
    const gambler = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await server.fundPlayer(gambler.partyId, 10_000n);
    const game = await gameClient(server).openGame(gambler.cookie, 'SR-3001', true);
    const spin = await gameClient(server).call('POST', '/gs/slots/spin', { cookie: game.cookie, body: { stake: 1, clientRequestId: randomUUID() } });
    if (spin.status !== 200) (await import('node:fs')).writeFileSync('/tmp/ops-logs.txt', server.logs());
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);

    expect((await get('/ps/getPlayerInfo')).status).toBe(401);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sum(after, name, labels) - sum(before, name, labels);
    expect(delta('emerald_deposits_total', { method: 'NETELLER', currency: 'EUR', status: depositStatus })).toBe(1);
    expect(delta('emerald_game_rounds_total', { kind: 'slot', currency: 'EUR' })).toBe(1);
    expect(delta('emerald_refusals_total', { reason: 'NOT_LOGGED_IN_ERROR', http_status: '401' })).toBeGreaterThanOrEqual(1);

    // jhimetrics reads the same registry: its deposit count is the Prometheus one.
    const jhi = jhiMetricsResponseSchema.parse(await (await asAdmin('/management/jhimetrics')).json());
    const jhiDeposits = jhi.platform.deposits.reduce((total, entry) => total + entry.count, 0);
    const promDeposits = sum(await scrape(), 'emerald_deposits_total', {});
    expect(jhiDeposits).toBe(promDeposits);
  });
});
