import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startGamstopSimulator, type GamstopPerson, type GamstopSimulator } from '../../sandbox/gamstop';
import type { RegisterBatchEntry } from '../../providers/exclusion-register-provider';
import { GAMSTOP_BATCH_MAX_BYTES, GamstopExclusionRegister, gamstopBatches, type PacingClock } from './gamstop-exclusion-register';
import { SandboxExclusionRegister } from './sandbox-exclusion-register';

/**
 * Issue 29 item 6: the GAMSTOP v2 adapter against the local simulator of that protocol. The
 * simulator's rate limit and the adapter's pacing share one fake clock, so a batch of 5,000 is
 * paced without waiting in real time and the pace is read from the simulator's request log.
 */

const KEY = 'test-key-0123456789abcdef';
const people: GamstopPerson[] = [
  { firstName: 'Ada', lastName: 'Excluded', dateOfBirth: '1990-01-01', exclusion: 'Y' },
  { lastName: 'Lapsed', exclusion: 'P' },
];

/** A fake clock: `sleep` moves time on at once and is noted. */
function fakeClock(): PacingClock & { sleeps: number[] } {
  let now = 1_000_000;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

const person = (lastName: string, extra: Partial<RegisterBatchEntry> = {}) => ({
  firstName: 'Ada',
  lastName,
  birthDate: '1990-01-01',
  email: 'ada@example.test',
  postcode: 'SW1A 1AA',
  mobile: '447911123456',
  country: 'GB',
  ...extra,
});

const logger = () => ({ warn: vi.fn(), error: vi.fn() });

let simulator: GamstopSimulator | undefined;
afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
});

async function setUp(options: { apiKey?: string; batchIntervalMs?: number } = {}) {
  const clock = fakeClock();
  simulator = await startGamstopSimulator({ apiKey: KEY, people, now: clock.now, batchIntervalMs: options.batchIntervalMs });
  const log = logger();
  const adapter = new GamstopExclusionRegister({
    url: simulator.url,
    apiKey: options.apiKey ?? KEY,
    others: new SandboxExclusionRegister(),
    clock,
    logger: log,
    timeoutMs: 2_000,
  });
  return { clock, simulator, adapter, log };
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GAMSTOP v2 adapter against the simulator (issue 29 item 6)', () => {
  it('a single check answers Y as REGISTERED, N as CLEAR and P as CLEAR previously registered, each with the X-Unique-Id', async () => {
    const { adapter, simulator } = await setUp();
    const excluded = await adapter.check(person('Excluded'));
    const clear = await adapter.check(person('Lovelace'));
    const lapsed = await adapter.check(person('lapsed'));
    expect(excluded).toMatchObject({ answer: 'REGISTERED', previouslyRegistered: false });
    expect(clear).toMatchObject({ answer: 'CLEAR', previouslyRegistered: false });
    expect(lapsed).toMatchObject({ answer: 'CLEAR', previouslyRegistered: true });
    for (const reply of [excluded, clear, lapsed]) expect(reply.reference).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([excluded.reference, clear.reference, lapsed.reference]).size).toBe(3);
    // The same name with another birth date is another person.
    expect((await adapter.check(person('Excluded', { birthDate: '1991-01-01' }))).answer).toBe('CLEAR');
    expect(simulator.requests.map((request) => [request.path, request.status])).toEqual(Array.from({ length: 4 }, () => ['/v2', 200]));
  });

  it('asks GAMSTOP only for GB: another country goes to the other register', async () => {
    const { adapter, simulator } = await setUp();
    expect((await adapter.check(person('Nger', { country: 'IE' }))).answer).toBe('REGISTERED');
    expect((await adapter.check(person('Excluded', { country: 'IE' }))).answer).toBe('REGISTERED');
    expect(simulator.requests).toHaveLength(0);
  });

  it('a wrong key (403) is UNAVAILABLE, never CLEAR, and is logged as an error without the key', async () => {
    const { adapter, simulator, log } = await setUp({ apiKey: 'wrong-key-0123456789' });
    expect(await adapter.check(person('Lovelace'))).toEqual({ answer: 'UNAVAILABLE' });
    expect(simulator.requests.map((request) => request.status)).toEqual([403]);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.error.mock.calls)).not.toContain('wrong-key');
  });

  it('an unreachable register, an outage (503) and a reply without X-Exclusion are UNAVAILABLE', async () => {
    const { adapter, simulator } = await setUp();
    simulator.setOutage(true);
    expect(await adapter.check(person('Lovelace'))).toEqual({ answer: 'UNAVAILABLE' });
    const unreachable = new GamstopExclusionRegister({
      url: `http://127.0.0.1:${await closedPort()}`,
      apiKey: KEY,
      others: new SandboxExclusionRegister(),
      timeoutMs: 2_000,
    });
    expect(await unreachable.check(person('Lovelace'))).toEqual({ answer: 'UNAVAILABLE' });
    const lost = await unreachable.checkMany([{ ...person('Lovelace'), correlationId: 'p1' }]);
    expect(lost.replies.get('p1')).toEqual({ answer: 'UNAVAILABLE' });
    expect(lost.problem).toMatch(/could not be reached/);
    // A server that is not GAMSTOP: 404 without the header.
    const stranger = new GamstopExclusionRegister({ url: `${simulator.url}/elsewhere`, apiKey: KEY, others: new SandboxExclusionRegister() });
    simulator.setOutage(false);
    expect(await stranger.check(person('Lovelace'))).toEqual({ answer: 'UNAVAILABLE' });
  });

  it('a batch of 5,000 goes as 5 requests of at most 1,000 people under 256 KB, at most one a second', async () => {
    const { adapter, simulator, clock } = await setUp();
    const entries = Array.from({ length: 5_000 }, (_, index) => ({
      ...person(index % 1_000 === 7 ? 'Excluded' : index % 1_000 === 8 ? 'Lapsed' : `Player${index}`),
      correlationId: `p${index}`,
    }));
    const started = clock.now();
    const result = await adapter.checkMany(entries);
    expect(result.problem).toBeUndefined();
    expect(simulator.requests.map((request) => [request.path, request.status, request.people])).toEqual(
      Array.from({ length: 5 }, () => ['/v2/batch', 200, 1_000]),
    );
    for (const request of simulator.requests) expect(request.bytes).toBeLessThan(GAMSTOP_BATCH_MAX_BYTES);
    // The pace on the shared clock: each request at least a second after the one before.
    const times = simulator.requests.map((request) => request.at);
    for (let index = 1; index < times.length; index++) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(1_000);
    expect((times.at(-1)! - started) / (times.length - 1)).toBeGreaterThanOrEqual(1_000);
    expect(result.replies.size).toBe(5_000);
    const answers = [...result.replies.values()];
    expect(answers.filter((reply) => reply.answer === 'REGISTERED')).toHaveLength(5);
    expect(answers.filter((reply) => reply.previouslyRegistered)).toHaveLength(5);
    expect(answers.filter((reply) => reply.answer === 'UNAVAILABLE')).toHaveLength(0);
    expect(new Set(answers.map((reply) => reply.reference)).size).toBe(5_000);
    expect(result.replies.get('p7')).toMatchObject({ answer: 'REGISTERED' });
    expect(result.replies.get('p1008')).toMatchObject({ answer: 'CLEAR', previouslyRegistered: true });
  });

  it('splits by size too: long records make more, smaller batches, each under 256 KB', () => {
    const long = 'x'.repeat(300);
    const entries = Array.from({ length: 2_500 }, (_, index) => ({
      ...person(`Name${index}`, { email: `${long}${index}@example.test` }),
      correlationId: `p${index}`,
    }));
    const batches = gamstopBatches(entries);
    expect(batches.length).toBeGreaterThan(3);
    for (const batch of batches) {
      expect(batch.entries.length).toBeLessThanOrEqual(1_000);
      expect(Buffer.byteLength(batch.body)).toBeLessThan(GAMSTOP_BATCH_MAX_BYTES);
      expect((JSON.parse(batch.body) as unknown[]).length).toBe(batch.entries.length);
    }
    expect(batches.flatMap((batch) => batch.entries.map((entry) => entry.correlationId))).toEqual(entries.map((entry) => entry.correlationId));
  });

  it('honours 429 by waiting Retry-After and asking again; every person is answered', async () => {
    // The register allows one batch every 2.5 s here: a one-a-second pace meets 429s.
    const { adapter, simulator, clock } = await setUp({ batchIntervalMs: 2_500 });
    const entries = Array.from({ length: 3_000 }, (_, index) => ({ ...person(`Player${index}`), correlationId: `p${index}` }));
    const result = await adapter.checkMany(entries);
    expect(result.problem).toBeUndefined();
    const statuses = simulator.requests.map((request) => request.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses).toContain(429);
    // After a 429 the next request waited at least the Retry-After (whole seconds, here 2 or 3).
    for (let index = 1; index < simulator.requests.length; index++) {
      if (simulator.requests[index - 1]!.status === 429)
        expect(simulator.requests[index]!.at - simulator.requests[index - 1]!.at).toBeGreaterThanOrEqual(1_000);
    }
    expect(clock.sleeps.some((ms) => ms >= 1_000)).toBe(true);
    expect([...result.replies.values()].every((reply) => reply.answer === 'CLEAR')).toBe(true);
  });

  it('a batch refused for its key stops at the first request: everyone UNAVAILABLE, and says why', async () => {
    const { adapter, simulator } = await setUp({ apiKey: 'wrong-key-0123456789' });
    const entries = Array.from({ length: 2_500 }, (_, index) => ({ ...person(`Player${index}`), correlationId: `p${index}` }));
    const result = await adapter.checkMany(entries);
    expect(result.problem).toMatch(/403/);
    expect(simulator.requests.map((request) => request.status)).toEqual([403]);
    expect([...result.replies.values()].every((reply) => reply.answer === 'UNAVAILABLE')).toBe(true);
    expect(result.replies.size).toBe(2_500);
  });

  it('the simulator refuses what the real register refuses: over 1,000 people, 256 KB and more, a missing field', async () => {
    const { simulator, clock } = await setUp();
    const post = (path: string, body: string, type = 'application/json') =>
      fetch(`${simulator.url}${path}`, { method: 'POST', headers: { 'X-API-Key': KEY, 'content-type': type }, body });
    const one = { correlationId: 'c', firstName: 'A', lastName: 'B', dateOfBirth: '1990-01-01', email: 'a@b.test' };
    expect((await post('/v2/batch', JSON.stringify(Array.from({ length: 1_001 }, () => one)))).status).toBe(400);
    await clock.sleep(1_000);
    const big = JSON.stringify(Array.from({ length: 900 }, () => ({ ...one, email: `${'x'.repeat(300)}@b.test` })));
    expect(Buffer.byteLength(big)).toBeGreaterThanOrEqual(256 * 1024);
    expect((await post('/v2/batch', big)).status).toBe(413);
    // Without a token back, the next batch is over the rate.
    expect((await post('/v2/batch', JSON.stringify([one]))).status).toBe(429);
    await clock.sleep(1_000);
    expect((await post('/v2/batch', JSON.stringify([one]))).status).toBe(200);
    expect((await post('/v2', 'firstName=A&lastName=B&email=a%40b.test', 'application/x-www-form-urlencoded')).status).toBe(400);
    expect(
      (await post('/v2', 'firstName=A&lastName=B&email=a%40b.test&dateOfBirth=1990-01-01', 'application/x-www-form-urlencoded')).headers.get('x-exclusion'),
    ).toBe('N');
  });
});
