import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 32, "Workers and migrations": the same build starts as an api node (every route, no
 * background work), a worker (the background work, only the probes and /management/*) or both
 * (NODE_ROLE=all, the default every other test runs). The background work is observed through the
 * bingo room's lease: the driver takes it on its first tick (every 500 ms), and a new holder raises
 * its generation. Two processes share the database: PostgreSQL only.
 */

const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROOM = 'node-roles';

const rooms: BingoRoomConfig[] = [
  {
    id: ROOM,
    name: 'Node roles',
    balls: 90,
    currency: 'EUR',
    ticketPrice: 10,
    maxTicketsPerPlayer: 6,
    everyMinutes: 1,
    minPlayers: 1,
    minTickets: 1,
    callIntervalMs: 1_000,
    prizes: [{ prize: 'FULL_HOUSE', fixed: 50 }],
  },
];
// The driver on (BINGO_DRIVER is off under NODE_ENV=test by default): NODE_ROLE alone decides.
const nodeEnv = { DATABASE_POOL_SIZE: '4', BINGO_DRIVER: 'true', BINGO_ROOMS: JSON.stringify(rooms) };

/** The status a WebSocket upgrade to /gs/ws is answered with (101 when it opens). */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${url.replace('http', 'ws')}/gs/ws`);
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on('error', () => resolve(0));
  });
}

describe('NODE_ROLE (issue 32, workers)', () => {
  it('refuses an unknown role at start, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', NODE_ROLE: 'bogus', PORT: '0', LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('NODE_ROLE must be one of all, api, worker (got "bogus")');
  });
});

describe.runIf(onPostgres)('an api node and a worker on one PostgreSQL (issue 32, workers)', () => {
  let server: TestServer;
  let api: ServerProcess | undefined;
  let worker: ServerProcess | undefined;
  beforeAll(async () => {
    // This process's own server (driver off under NODE_ENV=test) owns the test database.
    server = await startTestServer({ BINGO_ROOMS: nodeEnv.BINGO_ROOMS });
    if (!server.database.url) throw new Error('expected a PostgreSQL test database');
  }, 60_000);
  afterAll(async () => {
    await stopServerProcess(api);
    await stopServerProcess(worker);
    await server?.close();
  });

  const lease = async (): Promise<{ pid: number; generation: number } | undefined> => {
    const rows = (await server.db.execute(sql`SELECT holder, generation FROM bingo_room_lease WHERE room_id = ${ROOM} AND expires_at > now()`)) as unknown as
      | { rows?: { holder: string; generation: string | number }[] }
      | { holder: string; generation: string | number }[];
    const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
    return list[0] ? { pid: Number(list[0].holder.split(':')[1]), generation: Number(list[0].generation) } : undefined;
  };

  it('an api node serves players and the gateway but drives no room; a worker drives it and answers only the probes and /management', async () => {
    api = await startServerProcess('api', server.database.url!, { ...nodeEnv, NODE_ROLE: 'api' });
    expect((await fetch(`${api.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${api.url}/ps/getPlayerInfo`)).status, 'an api node serves the players routes (no session here)').toBe(401);
    expect(await upgradeStatus(api.url), 'an api node runs the gateway (no session here)').toBe(401);

    worker = await startServerProcess('worker', server.database.url!, { ...nodeEnv, NODE_ROLE: 'worker' });
    expect((await fetch(`${worker.url}/readyz`)).status).toBe(200);
    expect((await fetch(`${worker.url}/livez`)).status).toBe(200);
    const info = await fetch(`${worker.url}/ps/getPlayerInfo`);
    expect(info.status).toBe(404);
    expect(((await info.json()) as { status: string }).status).toBe('NOT_FOUND');
    expect((await fetch(`${worker.url}/ps/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
    const signIn = (url: string) => fetch(`${url}/bo/signIn`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await signIn(worker.url)).status, 'a worker serves no staff').toBe(404);
    expect((await signIn(api.url)).status, 'the api node serves the staff').not.toBe(404);
    expect(await upgradeStatus(worker.url), 'a worker runs no gateway').toBe(404);
    // The operations area is the worker's (an administrator's session still required).
    expect((await fetch(`${worker.url}/management/health`)).status).not.toBe(404);

    // The worker's driver takes the room; the api node never does. The api node was serving
    // seconds before the worker started, so a driver of its own would have taken the lease on its
    // first tick, and the worker's taking it over would have raised the generation: the worker
    // holding it first (generation 1) is the proof, with no time waited out.
    await expect.poll(async () => (await lease())?.pid, { timeout: 15_000, interval: 200 }).toBe(worker.child.pid);
    expect(await lease(), "the worker is the room lease's first holder").toEqual({ pid: worker.child.pid, generation: 1 });
    expect(api.child.pid).not.toBe(worker.child.pid);
  }, 90_000);
});
