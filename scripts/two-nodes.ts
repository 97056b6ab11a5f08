import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';

/**
 * Two Emerald nodes on one PostgreSQL behind nginx (issue 16, "across nodes"):
 *
 *   npm run two-nodes [-- --postgres postgres://postgres@127.0.0.1:5432/test] [--port 8080] [--check]
 *
 * Creates a fresh database next to the one named (dropped on exit), starts node A, waits for its
 * /readyz (it migrates and seeds the demo content first), starts node B and waits for its /readyz, writes an nginx configuration into a
 * temporary directory (an upstream of both nodes, the WebSocket upgrade for /gs/ws, timeouts above
 * the gateway's heartbeat, X-Forwarded-*; the nodes run with TRUST_PROXY=true) and runs Debian's
 * nginx in the foreground with its own prefix, pid and log paths. Both nodes drive bingo
 * (BINGO_DRIVER=true); one room, `two-nodes`, starts a game every minute.
 *
 * Without --check it prints the address and runs until Ctrl-C. With --check it plays through
 * nginx: demo.player signs in, launches bingo, buys a ticket, follows `bingo:two-nodes` on a
 * WebSocket through nginx, prints each call with the node that holds the room's lease, kills that
 * node with SIGKILL, reconnects through nginx from its last sequence number and prints the calls
 * the other node makes after taking over; it fails unless the calls run on without a gap or a
 * repeat.
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const check = args.includes('--check');
const baseUrl = option('postgres', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const root = path.resolve(import.meta.dirname, '..');
const ROOM = 'two-nodes';
const HEARTBEAT_MS = 30_000;
// nginx closes a proxied connection that is silent for proxy_read_timeout; the gateway pings every
// heartbeat, so anything comfortably above it keeps idle WebSockets open.
const PROXY_TIMEOUT_S = Math.ceil((HEARTBEAT_MS * 2.5) / 1000);

const log = (line: string) => console.log(`[two-nodes ${new Date().toISOString().slice(11, 23)}] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function nginxConfig(dir: string, port: number, nodes: number[]): string {
  const temp = (name: string) => path.join(dir, name);
  const forwarded = `
      proxy_set_header Host $host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $host;`;
  return `worker_processes 1;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 4096; }
http {
  access_log ${temp('access.log')};
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # A dead node is skipped for a few seconds; requests that failed to connect go to the other one.
  upstream emerald {
${nodes.map((node) => `    server 127.0.0.1:${node} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_next_upstream error timeout http_502;
    location /gs/ws {
      proxy_pass http://emerald;
      # A draining node refuses new upgrades with 503 (it is about to close its sockets with 1012):
      # the upgrade, a GET, is tried on the other node instead.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection "upgrade";${forwarded}
      # Above the gateway's heartbeat (REALTIME_HEARTBEAT_MS=${HEARTBEAT_MS}), so idle sockets stay open.
      proxy_read_timeout ${PROXY_TIMEOUT_S}s;
      proxy_send_timeout ${PROXY_TIMEOUT_S}s;
      proxy_buffering off;
    }
    location / {
      proxy_pass http://emerald;
      proxy_set_header Connection "";${forwarded}
      proxy_read_timeout ${PROXY_TIMEOUT_S}s;
    }
  }
}
`;
}

const children: ChildProcess[] = [];
function startChild(name: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => log(`${name} (pid ${child.pid}) exited ${signal ?? code}`));
  children.push(child);
  return child;
}

/** Until `url` answers 2xx: a node's /readyz does once it is migrated, its database answers and it is not draining. */
async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const database = `emerald_two_nodes_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();
const dir = mkdtempSync(path.join(tmpdir(), 'emerald-nginx-'));
for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name));

let cleaned = false;
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)),
  );
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: unknown) => log(`could not drop ${database}: ${String(error)}`));
  await admin.end();
  rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));

const rooms = [
  {
    id: ROOM,
    name: 'Two nodes',
    balls: 90,
    currency: 'EUR',
    ticketPrice: 10,
    maxTicketsPerPlayer: 6,
    everyMinutes: 1,
    minPlayers: 1,
    minTickets: 1,
    callIntervalMs: 1_000,
    prizes: [
      { prize: 'ONE_LINE', shareBps: 2_000 },
      { prize: 'TWO_LINES', shareBps: 3_000 },
      { prize: 'FULL_HOUSE', shareBps: 4_000 },
    ],
  },
];

let exitCode = 0;
try {
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), Number(option('port', String(await freePort())))];
  const serveWeb = existsSync(path.join(root, 'dist/web/index.html'));
  const nodeEnv = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    SERVE_WEB: String(serveWeb),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'json',
    BINGO_DRIVER: 'true',
    BINGO_ROOMS: JSON.stringify(rooms),
    REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS),
  });
  // `node --import tsx` (not the tsx command, which forks): the node's pid is the one in its lease.
  const node = (name: string, port: number) => startChild(name, process.execPath, ['--import', 'tsx', 'server/main.ts'], nodeEnv(port));
  const nodes = new Map<string, ChildProcess>();
  // A starts alone: the first start of an empty database runs the migrations and seeds the demo content.
  nodes.set('A', node('node A', portA));
  await waitFor(`http://127.0.0.1:${portA}/readyz`, 120_000);
  nodes.set('B', node('node B', portB));
  await waitFor(`http://127.0.0.1:${portB}/readyz`, 120_000);
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, proxyPort, [portA, portB]));
  const test = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
  startChild('nginx', 'nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], process.env);
  const proxy = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${proxy}/readyz`);
  log(`node A pid ${nodes.get('A')!.pid} on :${portA}, node B pid ${nodes.get('B')!.pid} on :${portB}, database ${database}`);
  log(`nginx on ${proxy} (configuration ${path.join(dir, 'nginx.conf')})`);

  if (!check) {
    log('running; Ctrl-C stops nginx and both nodes and drops the database');
    await new Promise(() => undefined);
  }

  const nodeOfPid = (pid: number) => [...nodes].find(([, child]) => child.pid === pid)?.[0] ?? `pid ${pid}`;
  const leaseHolder = async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const row = (await db.query<{ holder: string }>('SELECT holder FROM bingo_room_lease WHERE room_id = $1 AND expires_at > now()', [ROOM])).rows[0];
      return row ? nodeOfPid(Number(row.holder.split(':')[1])) : 'nobody';
    } finally {
      await db.end();
    }
  };

  // Sign in and launch through nginx.
  const login = await fetch(`${proxy}/ps/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo.player', password: 'emerald-demo-1' }),
  });
  if (login.status !== 200) throw new Error(`login through nginx: HTTP ${login.status} ${await login.text()}`);
  const portalCookie = login.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  const launch = await fetch(`${proxy}/gs/launch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: portalCookie },
    body: JSON.stringify({ gameId: 'bingo', playForReal: true }),
  });
  const launched = (await launch.json()) as { launchUrl?: string };
  if (launch.status !== 200 || !launched.launchUrl) throw new Error(`launch through nginx: HTTP ${launch.status} ${JSON.stringify(launched)}`);
  const token = new URL(launched.launchUrl, proxy).searchParams.get('token');
  const session = await fetch(`${proxy}/gs/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  if (session.status !== 200) throw new Error(`game session through nginx: HTTP ${session.status}`);
  const gameCookie = session.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
  log('demo.player signed in and launched bingo through nginx');

  // The ticket: the room's game on sale (the driver schedules it within a tick).
  let gameId: string | undefined;
  for (let i = 0; i < 40 && !gameId; i++) {
    const answer = (await (await fetch(`${proxy}/gs/bingo/rooms`, { headers: { cookie: gameCookie } })).json()) as {
      rooms: { roomId: string; nextGame: { gameId: string; status: string; startsAt: string } | null }[];
    };
    const next = answer.rooms.find((room) => room.roomId === ROOM)?.nextGame;
    if (next?.status === 'SELLING' && Date.parse(next.startsAt) - Date.now() > 3_000) gameId = next.gameId;
    else await sleep(1_000);
  }
  if (!gameId) throw new Error('no game on sale in the room');
  const buy = await fetch(`${proxy}/gs/bingo/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: gameCookie },
    body: JSON.stringify({ gameId, tickets: 1, clientRequestId: randomUUID() }),
  });
  if (buy.status !== 200) throw new Error(`buying a ticket: HTTP ${buy.status} ${await buy.text()}`);
  log(`bought a ticket for game ${gameId}`);

  // Follow the room through nginx; on a close, reconnect and subscribe from the last sequence number.
  const topic = `bingo:${ROOM}`;
  const calls: { callSeq: number; number: number; node: string; at: number }[] = [];
  let lastSeq: number | undefined;
  let connections = 0;
  let socket: WebSocket | undefined;
  let stopped = false;
  let lookups: Promise<void> = Promise.resolve();
  const connect = () => {
    connections += 1;
    const ws = new WebSocket(`ws://127.0.0.1:${proxyPort}/gs/ws`, { headers: { cookie: gameCookie } });
    socket = ws;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic, ...(lastSeq === undefined ? {} : { after: lastSeq }) })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        topic?: string;
        seq?: number;
        payload?: { gameId: string; type: string; payload: { callSeq?: number; number?: number } };
      };
      if (message.type === 'subscribed')
        log(`WebSocket ${connections} through nginx subscribed to ${topic}${lastSeq === undefined ? '' : ` after ${lastSeq}`}`);
      if (message.type !== 'event' || message.topic !== topic || !message.payload) return;
      lastSeq = message.seq;
      const event = message.payload;
      if (event.gameId !== gameId) return;
      if (event.type === 'CALL') {
        const callSeq = event.payload.callSeq!;
        const at = Date.now();
        // One look-up after another, so the calls are recorded in the order they arrived.
        lookups = lookups.then(async () => {
          const holder = await leaseHolder();
          calls.push({ callSeq, number: event.payload.number!, node: holder, at });
          log(`call ${callSeq}: ${event.payload.number} (lease held by node ${holder})`);
        });
      } else log(`${event.type}${event.type === 'SALES_CLOSED' ? ' (the game starts)' : ''}`);
    });
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      if (stopped) return;
      log(`WebSocket ${connections} closed (${code}); reconnecting through nginx`);
      setTimeout(connect, 500);
    });
  };
  connect();

  const waitUntil = async (what: string, predicate: () => boolean, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!predicate()) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(200);
    }
  };
  await waitUntil('three calls', () => calls.length >= 3, 120_000);
  const victim = calls.at(-1)!.node;
  const survivor = victim === 'A' ? 'B' : 'A';
  if (!nodes.has(victim)) throw new Error(`the lease holder ${victim} is not one of the nodes`);
  const killedAt = Date.now();
  const before = calls.length;
  nodes.get(victim)!.kill('SIGKILL');
  log(`killed node ${victim} (SIGKILL) after call ${calls.at(-1)!.callSeq}`);
  await waitUntil(`three calls by node ${survivor}`, () => calls.filter((call) => call.node === survivor && call.at > killedAt).length >= 3, 60_000);
  stopped = true;
  socket?.close();
  const firstAfter = calls[before]!;
  log(`node ${survivor} took over: first call after the kill ${((firstAfter.at - killedAt) / 1000).toFixed(1)} s later (the lease lasts 10 s)`);
  const seqs = calls.map((call) => call.callSeq);
  const numbers = calls.map((call) => call.number);
  const contiguous = seqs.every((seq, index) => index === 0 || seq === seqs[index - 1]! + 1);
  const distinct = new Set(numbers).size === numbers.length;
  log(
    `calls seen ${seqs[0]}…${seqs.at(-1)}: ${contiguous ? 'no gap, no repeat' : `GAP OR REPEAT ${seqs.join(',')}`}; numbers ${distinct ? 'all distinct' : 'REPEATED'}`,
  );
  log(`WebSocket connections through nginx: ${connections}`);
  if (!contiguous || !distinct) exitCode = 1;
  log(exitCode === 0 ? 'CHECK PASSED' : 'CHECK FAILED');
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
