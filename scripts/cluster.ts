import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import WebSocket from 'ws';
import type { BingoRoomConfig } from '../contracts/games/bingo';
import { streamNameOf } from '../server/bus/nats-bus';
import { loadConfig } from '../server/config/env';
import { openDatabase } from '../server/db/database';
import { player } from '../server/db/schema';
import { inTransaction } from '../server/db/transaction';
import { GAME_SESSION_COOKIE } from '../server/games/play/game-session';
import { limitsFor } from '../server/games/play/stakes';
import { TITLES } from '../server/games/titles/registry';
import type { SlotTitle } from '../server/games/titles/types';
import { createSession, SESSION_COOKIE, sessionPolicy } from '../server/platform/session/session-store';
import { auditLedger, auditProblems, creditDeposit } from '../server/platform/wallet/index';

/**
 * N api nodes and one worker on one PostgreSQL behind nginx (issue 32, "Four nodes"):
 *
 *   npm run cluster -- [--nodes 4] [--postgres postgres://postgres@127.0.0.1:5432/test] [--port 8080] [--check]
 *                      [--bingo-players 20] [--rooms 2] [--slot-players 5] [--bus postgres|nats] [--nats nats://127.0.0.1:4222]
 *
 * Creates a fresh database next to the one named (dropped on exit) and migrates it once with the
 * rollout's own command (`scripts/db-migrate.ts`, as `npm run db:migrate`); every node then starts
 * with MIGRATE_ON_START=false, so a node only checks the schema. The worker (NODE_ROLE=worker) starts
 * first and loads the demo content; then the api nodes (NODE_ROLE=api). nginx, from a configuration
 * written into a temporary directory, balances the api nodes only — the worker serves no player —
 * and writes an access log whose lines start with the status. Open-source nginx cannot probe
 * /readyz: a node that stops listening is skipped (max_fails, proxy_next_upstream) and a draining
 * node's 503 to a WebSocket upgrade sends the upgrade to another node.
 *
 * Without --check it prints the addresses and runs until Ctrl-C. With --check it runs a rolling
 * restart under load through nginx and exits 1 unless everything below holds:
 * - bingo players (--bingo-players, spread over --rooms rooms, a 75-ball game every minute, a call
 *   every 500 ms) each buy a ticket for every game (the rooms' next games read by one poller) and
 *   follow their room on a WebSocket; on a close
 *   they reconnect with jittered back-off and subscribe again from their last sequence number;
 * - slot players (--slot-players) spin in a loop, each spin a fresh clientRequestId, a failed one
 *   sent again with the SAME id until it is answered;
 * - meanwhile every api node in turn gets SIGTERM, is waited for, started again on its port and
 *   waited for until /readyz answers, then the next;
 * - then: each player's calls of each game complete (up to the game's last call in the database)
 *   and in order, no gap, no repeat, the numbers the database's; no response ≥ 500 in nginx's log;
 *   one round in the database per acknowledged clientRequestId and none other; the ledger balanced
 *   (every transaction and every currency sums to zero, running balances right: auditLedger).
 * The issue's figures (2,000 bingo players in four rooms, 50 slot players, four nodes) are
 * `npm run cluster:rolling`; CI runs it scaled down (`.ci/run`: `-- --bingo-players 20 --rooms 2
 * --slot-players 5`, the last of an option winning), as is this script's default: 20 bingo and 5
 * slot players. nginx's access log carries each answer's time (`at=`) and, when one is ≥ 500, the
 * check prints nginx's error-log lines beside the restarts' SIGTERM times.
 * The players are created in the database with their money and a portal session (sign-up is not
 * what is under test); everything they do after that goes through nginx.
 *
 * The real-time bus is PostgreSQL's LISTEN/NOTIFY unless `--bus nats` (or BUS_URL in the
 * environment) sends it through NATS with JetStream (--nats, else BUS_URL, else
 * nats://127.0.0.1:4222): every node gets BUS_URL and a namespace of this run's own
 * (BUS_NAMESPACE=cluster-<pid>), whose stream is deleted on exit with the database.
 */

const args = process.argv.slice(2);
// The last one wins: `npm run cluster:rolling -- --bingo-players 20` scales its own figures down.
const option = (name: string, fallback: string) => {
  const index = args.lastIndexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
};
const count = (name: string, fallback: number, min: number) => {
  const value = Number(option(name, String(fallback)));
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
  return value;
};
const check = args.includes('--check');
const NODES = count('nodes', 4, 1);
const BINGO_PLAYERS = count('bingo-players', 20, 1);
const ROOMS = count('rooms', 2, 1);
const SLOT_PLAYERS = count('slot-players', 5, 0);
// With one api node a restart leaves nginx nothing to send players to: the check needs two.
if (check && NODES < 2) throw new Error('--check needs --nodes 2 or more: a rolling restart keeps the others serving');
const baseUrl = option('postgres', process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const BUS = option('bus', process.env.BUS_URL ? 'nats' : 'postgres');
if (BUS !== 'postgres' && BUS !== 'nats') throw new Error('--bus must be postgres or nats');
const NATS_URL = BUS === 'nats' ? option('nats', process.env.BUS_URL || 'nats://127.0.0.1:4222') : undefined;
const BUS_NAMESPACE = `cluster-${process.pid}`;
const root = path.resolve(import.meta.dirname, '..');
const HEARTBEAT_MS = 30_000;
// nginx closes a proxied connection that is silent for proxy_read_timeout; the gateway pings every
// heartbeat, so anything comfortably above it keeps idle WebSockets open.
const PROXY_TIMEOUT_S = Math.ceil((HEARTBEAT_MS * 2.5) / 1000);
// After SIGTERM a node answers /readyz 503 and keeps serving this long, with `Connection: close`,
// so nginx's pooled connections to it end before it stops listening.
const DRAIN_MS = 3_000;
const KEEPALIVE_TIMEOUT_S = 1;

const log = (line: string) => console.log(`[cluster ${new Date().toISOString().slice(11, 23)}] ${line}`);
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
# Two connections a WebSocket (the player's and the node's): room for thousands of players.
worker_rlimit_nofile 16384;
events { worker_connections 8192; }
http {
  # The status first: the check counts the lines at 500 and above.
  log_format cluster '$status $request_method "$request_uri" upstream=$upstream_addr upstream_status=$upstream_status $request_time at=$msec';
  access_log ${temp('access.log')} cluster;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # The api nodes only (the worker serves no player). A node that stopped listening is skipped for
  # a few seconds; requests that failed to connect go to another one.
  upstream emerald {
${nodes.map((node) => `    server 127.0.0.1:${node} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
    # Below the nodes' drain (SHUTDOWN_DRAIN_MS=${DRAIN_MS}): by the time a node stops, nginx has
    # closed every pooled connection to it that the drain's Connection: close did not end, so the
    # node never closes one under a request nginx is sending (a POST nginx cannot resend: a 502).
    keepalive_timeout ${KEEPALIVE_TIMEOUT_S}s;
  }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    proxy_next_upstream error timeout http_502;
    location /gs/ws {
      proxy_pass http://emerald;
      # A draining node refuses new upgrades with 503 (it is about to close its sockets with 1012):
      # the upgrade, a GET, is tried on another node instead.
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

const children = new Set<ChildProcess>();
function startChild(name: string, command: string, commandArgs: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    log(`${name} (pid ${child.pid}) exited ${signal ?? code}`);
  });
  return child;
}

/** Until `url` answers 2xx: a node's /readyz does once its database answers, the schema is this build's and it is not draining. */
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

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

const database = `emerald_cluster_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${database}`);
const databaseUrl = Object.assign(new URL(baseUrl), { pathname: `/${database}` }).toString();
const dir = mkdtempSync(path.join(tmpdir(), 'emerald-cluster-'));
for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, name));

/** This run's stream on the NATS server, gone with the run's database. */
async function deleteBusStream(url: string): Promise<void> {
  const nc = await connectNats({ servers: url.split(','), timeout: 2_000 });
  try {
    await (await nc.jetstreamManager()).streams.delete(streamNameOf(BUS_NAMESPACE));
  } finally {
    await nc.close();
  }
}

let cleaned = false;
const closers: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const close of closers) await close().catch(() => undefined);
  const running = [...children];
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(running.map(exited));
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error: unknown) => log(`could not drop ${database}: ${String(error)}`));
  await admin.end();
  if (NATS_URL) await deleteBusStream(NATS_URL).catch((error: unknown) => log(`could not delete the bus's stream: ${String(error)}`));
  rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => void cleanUp().then(() => process.exit(130)));
process.on('SIGTERM', () => void cleanUp().then(() => process.exit(143)));

const roomIds = Array.from({ length: ROOMS }, (_, index) => `cluster-${index + 1}`);
// 75 balls and a call every 500 ms: a game lasts well under the minute between two starts, so
// the check can stop between games, when every game a player followed has ended.
const rooms: BingoRoomConfig[] = roomIds.map((id, index) => ({
  id,
  name: `Cluster ${index + 1}`,
  balls: 75,
  currency: 'EUR',
  ticketPrice: 10,
  maxTicketsPerPlayer: 6,
  everyMinutes: 1,
  minPlayers: 1,
  minTickets: 1,
  callIntervalMs: 500,
  prizes: [
    { prize: 'LINE', shareBps: 3_000 },
    { prize: 'FULL_HOUSE', shareBps: 6_000 },
  ],
}));

let exitCode = 0;
try {
  const proxyPort = Number(option('port', String(await freePort())));
  const serveWeb = existsSync(path.join(root, 'dist/web/index.html'));
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    LOG_FORMAT: 'json',
    BINGO_DRIVER: 'true',
    BINGO_ROOMS: JSON.stringify(rooms),
    REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS),
    MIGRATE_ON_START: 'false',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    // Drain, the wait for connections to end (up to 5 s) and the sockets' closing handshakes take
    // longer than the default 10 s bound on a machine this loaded: cut short, requests in flight fail.
    SHUTDOWN_TIMEOUT_MS: '30000',
    DATABASE_POOL_SIZE: '8',
    ...(NATS_URL ? { BUS_URL: NATS_URL, BUS_NAMESPACE } : { BUS_URL: '' }),
  };

  // The migrations, once, by their own command (the step before a rollout).
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { cwd: root, env: { ...baseEnv }, encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`db:migrate failed: ${migrate.stdout}${migrate.stderr}`);
  log(migrate.stdout.trim());

  // `node --import tsx` (not the tsx command, which forks): the node's pid is the one in its lease.
  const startNode = (name: string, port: number, env: NodeJS.ProcessEnv) =>
    startChild(name, process.execPath, ['--import', 'tsx', 'server/main.ts'], { ...baseEnv, PORT: String(port), ...env });
  const workerPort = await freePort();
  // The worker loads the demo content into the empty database; the api nodes find it there.
  const worker = startNode('worker', workerPort, { NODE_ROLE: 'worker', SERVE_WEB: 'false', SEED_DEMO_CONTENT: 'true' });
  await waitFor(`http://127.0.0.1:${workerPort}/readyz`, 120_000);
  const apiEnv = { NODE_ROLE: 'api', SERVE_WEB: String(serveWeb), SEED_DEMO_CONTENT: 'false' };
  const api: { name: string; port: number; child: ChildProcess }[] = [];
  for (let index = 0; index < NODES; index++) {
    const port = await freePort();
    api.push({ name: `api ${index + 1}`, port, child: startNode(`api ${index + 1}`, port, apiEnv) });
  }
  await Promise.all(api.map((node) => waitFor(`http://127.0.0.1:${node.port}/readyz`, 180_000)));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    nginxConfig(
      dir,
      proxyPort,
      api.map((node) => node.port),
    ),
  );
  const test = spawnSync('nginx', ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
  startChild('nginx', 'nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], process.env);
  const proxy = `http://127.0.0.1:${proxyPort}`;
  await waitFor(`${proxy}/readyz`);
  log(
    `worker pid ${worker.pid} on :${workerPort}; ${api.map((node) => `${node.name} pid ${node.child.pid} on :${node.port}`).join(', ')}; database ${database}`,
  );
  log(NATS_URL ? `real-time bus: NATS at ${NATS_URL} (stream ${streamNameOf(BUS_NAMESPACE)})` : 'real-time bus: PostgreSQL LISTEN/NOTIFY');
  log(`nginx on ${proxy} in front of the api nodes (configuration ${path.join(dir, 'nginx.conf')})`);

  if (!check) {
    log('running; Ctrl-C stops nginx and the nodes and drops the database');
    await new Promise(() => undefined);
  }

  // ---- Players: created with their money and a portal session; from here on, through nginx. ----
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: '4', SEED_DEMO_CONTENT: 'false', MIGRATE_ON_START: 'false', LOG_LEVEL: 'silent' });
  const db = await openDatabase(config);
  closers.push(() => db.close());
  const newPlayers = async (prefix: string, howMany: number) => {
    if (howMany === 0) return [];
    const rows = await db.db
      .insert(player)
      .values(
        Array.from({ length: howMany }, (_, index) => ({
          username: `${prefix}${index}`,
          email: `${prefix}${index}@cluster.example`,
          registrationStatus: 'PLAYER' as const,
          kycStatus: 'PASS' as const,
          country: 'IE',
        })),
      )
      .returning({ id: player.id });
    return Promise.all(
      rows.map(async ({ id }) => {
        await inTransaction(db.db, (tx) => creditDeposit(tx, { paymentId: randomUUID(), playerId: id, currency: 'EUR', amount: 1_000_000n }));
        return { playerId: id, cookie: `${SESSION_COOKIE}=${await createSession(db.db, id, sessionPolicy(config))}` };
      }),
    );
  };
  const post = (url: string, body: unknown, cookie: string) =>
    fetch(`${proxy}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const openGame = async (portalCookie: string, gameId: string): Promise<string> => {
    const launched = await post('/gs/launch', { gameId, playForReal: true }, portalCookie);
    if (launched.status !== 200) throw new Error(`launching ${gameId}: HTTP ${launched.status} ${await launched.text()}`);
    const token = new URL(((await launched.json()) as { launchUrl: string }).launchUrl, proxy).searchParams.get('token');
    const opened = await post('/gs/session', { token }, '');
    if (opened.status !== 200) throw new Error(`opening ${gameId}: HTTP ${opened.status} ${await opened.text()}`);
    const value = new RegExp(`${GAME_SESSION_COOKIE}=([^;]+)`).exec(opened.headers.get('set-cookie') ?? '')?.[1];
    if (!value) throw new Error('no game-session cookie');
    return `${GAME_SESSION_COOKIE}=${value}`;
  };

  let stopping = false;
  /** Jittered exponential back-off: 200 ms doubling to 3.2 s, each wait a random part of it and its half. */
  const backOff = (attempt: number) => sleep((0.5 + Math.random() / 2) * Math.min(3_200, 200 * 2 ** attempt));

  // ---- Bingo players ----
  interface Seen {
    callSeq: number;
    number: number;
  }
  interface BingoPlayer {
    name: string;
    room: string;
    cookie: string;
    games: Map<string, Seen[]>;
    /** The games in the order they were first seen; the first may have been joined mid-game. */
    order: string[];
    ended: Set<string>;
    connections: number;
    /** When the first subscription was answered: calls made before it are not the player's to see. */
    subscribedAt?: number;
    socket?: WebSocket;
    ticketsBought: number;
  }
  const bingoPlayers: BingoPlayer[] = [];
  for (const [index, account] of (await newPlayers(`cluster.bingo.${process.pid}.`, BINGO_PLAYERS)).entries()) {
    bingoPlayers.push({
      name: `bingo ${index + 1}`,
      room: roomIds[index % ROOMS]!,
      cookie: await openGame(account.cookie, 'bingo'),
      games: new Map(),
      order: [],
      ended: new Set(),
      connections: 0,
      ticketsBought: 0,
    });
  }
  const follow = (bingo: BingoPlayer) => {
    const topic = `bingo:${bingo.room}`;
    let lastSeq: number | undefined;
    let attempt = 0;
    const connect = () => {
      if (stopping) return;
      bingo.connections += 1;
      const ws = new WebSocket(`ws://127.0.0.1:${proxyPort}/gs/ws`, { headers: { cookie: bingo.cookie } });
      bingo.socket = ws;
      ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic, ...(lastSeq === undefined ? {} : { after: lastSeq }) })));
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as {
          type: string;
          topic?: string;
          seq?: number;
          payload?: { gameId: string; type: string; payload: { callSeq?: number; number?: number } };
        };
        if (message.type === 'subscribed') {
          bingo.subscribedAt ??= Date.now();
          attempt = 0;
        }
        if (message.type !== 'event' || message.topic !== topic || !message.payload) return;
        lastSeq = message.seq;
        const event = message.payload;
        if (event.type === 'CALL') {
          if (!bingo.games.has(event.gameId)) {
            bingo.games.set(event.gameId, []);
            bingo.order.push(event.gameId);
          }
          bingo.games.get(event.gameId)!.push({ callSeq: event.payload.callSeq!, number: event.payload.number! });
        } else if (event.type === 'END') bingo.ended.add(event.gameId);
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (stopping) return;
        void backOff(attempt++).then(connect);
      });
    };
    connect();
  };
  /**
   * The rooms' next games, read through nginx every few seconds by one poller (not one per player:
   * at 2,000 players that would be the load under test instead of the play); each player then buys
   * a ticket for each new game while it sells, a failed buy retried with the same id.
   */
  const nextGames = new Map<string, { gameId: string; status: string; startsAt: string }>();
  const pollRooms = async () => {
    while (!stopping) {
      try {
        const answer = await fetch(`${proxy}/gs/bingo/rooms`, { headers: { cookie: bingoPlayers[0]!.cookie } });
        if (answer.ok) {
          for (const room of ((await answer.json()) as { rooms: { roomId: string; nextGame: { gameId: string; status: string; startsAt: string } | null }[] })
            .rooms)
            if (room.nextGame) nextGames.set(room.roomId, room.nextGame);
            else nextGames.delete(room.roomId);
        }
      } catch {
        // nginx itself unreachable: tried again next time round
      }
      await sleep(2_000);
    }
  };
  const buyTickets = async (bingo: BingoPlayer) => {
    const bought = new Set<string>();
    // Spread over the poll's period, so the buys do not all land at once.
    await sleep(Math.random() * 2_000);
    while (!stopping) {
      const next = nextGames.get(bingo.room);
      if (next?.status === 'SELLING' && !bought.has(next.gameId) && Date.parse(next.startsAt) - Date.now() > 3_000) {
        const clientRequestId = randomUUID();
        for (let attempt = 0; attempt < 8 && !bought.has(next.gameId); attempt++) {
          const buy = await post('/gs/bingo/tickets', { gameId: next.gameId, tickets: 1, clientRequestId }, bingo.cookie).catch(() => undefined);
          if (buy?.status === 200) {
            bought.add(next.gameId);
            bingo.ticketsBought += 1;
          } else await backOff(attempt);
        }
      }
      await sleep(2_000 + Math.random() * 2_000);
    }
  };

  // ---- Slot players ----
  const slot = TITLES.find((title): title is SlotTitle => title.kind === 'slot')!;
  const stakeMinor = limitsFor(slot, 'EUR').steps.includes(100) ? 100 : limitsFor(slot, 'EUR').min;
  interface SlotPlayer {
    playerId: string;
    cookie: string;
    /** Each acknowledged clientRequestId and the round it was answered with. */
    acknowledged: Map<string, string>;
    retries: number;
    /** Ids answered with different rounds on a retry, or never answered. */
    problems: string[];
  }
  const slotPlayers: SlotPlayer[] = [];
  for (const account of await newPlayers(`cluster.slot.${process.pid}.`, SLOT_PLAYERS)) {
    slotPlayers.push({ playerId: account.playerId, cookie: await openGame(account.cookie, slot.gameId), acknowledged: new Map(), retries: 0, problems: [] });
  }
  const spinLoop = async (spinner: SlotPlayer) => {
    while (!stopping) {
      const clientRequestId = randomUUID();
      let answered = false;
      for (let attempt = 0; !answered; attempt++) {
        if (attempt > 30) {
          spinner.problems.push(`${clientRequestId} never answered`);
          break;
        }
        if (attempt > 0) {
          spinner.retries += 1;
          await backOff(Math.min(attempt, 4));
        }
        try {
          const answer = await post('/gs/slots/spin', { stake: stakeMinor / 100, clientRequestId }, spinner.cookie);
          if (answer.status !== 200) continue;
          const { roundId } = (await answer.json()) as { roundId: string };
          spinner.acknowledged.set(clientRequestId, roundId);
          // Once more with the same id: a retry answers the same round, never a second one.
          if (Math.random() < 0.05) {
            const again = await post('/gs/slots/spin', { stake: stakeMinor / 100, clientRequestId }, spinner.cookie);
            const replayed = again.status === 200 ? ((await again.json()) as { roundId: string }).roundId : undefined;
            if (replayed !== undefined && replayed !== roundId) spinner.problems.push(`${clientRequestId} answered round ${roundId} then ${replayed}`);
          }
          answered = true;
        } catch {
          // the connection to nginx failed: the same id again
        }
      }
      await sleep(100);
    }
  };

  // ---- Load ----
  log(`${BINGO_PLAYERS} bingo players in ${ROOMS} rooms, ${SLOT_PLAYERS} slot players (${slot.gameId}, stake ${stakeMinor} minor units), all through nginx`);
  const loops: Promise<void>[] = [];
  loops.push(pollRooms());
  for (const bingo of bingoPlayers) {
    follow(bingo);
    loops.push(buyTickets(bingo));
  }
  for (const spinner of slotPlayers) loops.push(spinLoop(spinner));
  const waitUntil = async (what: string, predicate: () => boolean | Promise<boolean>, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    while (!(await predicate())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(250);
    }
  };
  await waitUntil('every bingo player subscribed', () => bingoPlayers.every((bingo) => bingo.subscribedAt !== undefined), 60_000);
  await waitUntil(
    'calls reaching every bingo player',
    () => bingoPlayers.every((bingo) => bingo.order.some((gameId) => (bingo.games.get(gameId)?.length ?? 0) >= 3)),
    150_000,
  );
  log('every bingo player is following calls; the rolling restart begins');

  // ---- The rolling restart: each api node in turn ----
  for (const node of api) {
    const at = Date.now();
    log(`${node.name}: SIGTERM at ${(at / 1000).toFixed(3)}`);
    node.child.kill('SIGTERM');
    await exited(node.child);
    const stoppedIn = Date.now() - at;
    node.child = startNode(node.name, node.port, apiEnv);
    await waitFor(`http://127.0.0.1:${node.port}/readyz`, 180_000);
    log(`${node.name} restarted: stopped in ${stoppedIn} ms, ready again ${((Date.now() - at) / 1000).toFixed(1)} s after SIGTERM (pid ${node.child.pid})`);
  }
  log('every api node restarted; letting the games under way end');

  // Stop between games: once every game that was playing has ended (no room playing), every game a
  // player followed is complete in the database.
  const dbClient = new pg.Client({ connectionString: databaseUrl });
  await dbClient.connect();
  closers.unshift(() => dbClient.end());
  const gamesPlaying = async () => Number((await dbClient.query<{ n: string }>(`SELECT count(*) AS n FROM bingo_game WHERE status = 'PLAYING'`)).rows[0]!.n);
  await sleep(5_000);
  await waitUntil('the games under way to end', async () => (await gamesPlaying()) === 0, 180_000);
  // The END events on their way to the sockets, and players still reconnecting catching up: until
  // every player has the END of every game it followed that ended (a player that never does fails below).
  const endedGames = new Set((await dbClient.query<{ id: string }>(`SELECT id FROM bingo_game WHERE status = 'ENDED'`)).rows.map((row) => row.id));
  await waitUntil(
    'every player to catch up',
    () => bingoPlayers.every((bingo) => bingo.order.every((gameId) => !endedGames.has(gameId) || bingo.ended.has(gameId))),
    60_000,
  ).catch((error: unknown) => log(String(error)));
  stopping = true;
  for (const bingo of bingoPlayers) bingo.socket?.close();
  await Promise.all(loops);

  // ---- The verdict ----
  const failures: string[] = [];
  // Bingo: against the database's calls.
  const gameIds = [...new Set(bingoPlayers.flatMap((bingo) => bingo.order))];
  const calls = new Map<string, number[]>();
  const firstCallAt = new Map<string, number>();
  for (const row of (
    await dbClient.query<{ game_id: string; seq: number; number: number; called_at: Date }>(
      'SELECT game_id, seq, number, called_at FROM bingo_call WHERE game_id = ANY($1) ORDER BY game_id, seq',
      [gameIds],
    )
  ).rows) {
    if (!calls.has(row.game_id)) calls.set(row.game_id, []);
    calls.get(row.game_id)!.push(row.number);
    if (row.seq === 1) firstCallAt.set(row.game_id, row.called_at.getTime());
  }
  const ended = new Set(
    (await dbClient.query<{ id: string }>(`SELECT id FROM bingo_game WHERE id = ANY($1) AND status = 'ENDED'`, [gameIds])).rows.map((row) => row.id),
  );
  let callsSeen = 0;
  let completeGames = 0;
  for (const bingo of bingoPlayers) {
    for (const [index, gameId] of bingo.order.entries()) {
      const seen = bingo.games.get(gameId)!;
      const called = calls.get(gameId) ?? [];
      callsSeen += seen.length;
      const first = seen[0]!.callSeq;
      // A game whose first call came before the player's first subscription may be seen from later
      // on; every other one from its first call.
      const joinedUnderWay = index === 0 && (firstCallAt.get(gameId) ?? 0) <= bingo.subscribedAt!;
      if (first !== 1 && !joinedUnderWay) failures.push(`${bingo.name}: game ${gameId} seen from call ${first}, not 1`);
      // A game that ended is seen to its last call; one that started as the check stopped, to where it was.
      const expected = called
        .slice(first - 1, ended.has(gameId) ? undefined : first - 1 + seen.length)
        .map((number, offset) => ({ callSeq: first + offset, number }));
      const same =
        seen.length === expected.length && seen.every((call, offset) => call.callSeq === expected[offset]!.callSeq && call.number === expected[offset]!.number);
      if (!same)
        failures.push(`${bingo.name}: game ${gameId} calls ${seen.map((call) => call.callSeq).join(',')} but the database has ${first}..${called.length}`);
      else if (ended.has(gameId)) completeGames += 1;
      if (ended.has(gameId) && !bingo.ended.has(gameId)) failures.push(`${bingo.name}: game ${gameId} ended without its END reaching the player`);
    }
  }
  const connections = bingoPlayers.reduce((sum, bingo) => sum + bingo.connections, 0);
  const tickets = bingoPlayers.reduce((sum, bingo) => sum + bingo.ticketsBought, 0);
  log(
    `bingo: ${gameIds.length} games, ${completeGames} player-games complete and in order of ${bingoPlayers.reduce((sum, bingo) => sum + bingo.order.length, 0)}, ${callsSeen} calls seen, ${tickets} tickets bought, ${connections} WebSocket connections (${connections - bingoPlayers.length} reconnections)`,
  );

  // Slots: one round per acknowledged clientRequestId, and no other.
  const acknowledged = slotPlayers.reduce((sum, spinner) => sum + spinner.acknowledged.size, 0);
  const retries = slotPlayers.reduce((sum, spinner) => sum + spinner.retries, 0);
  for (const spinner of slotPlayers) {
    failures.push(...spinner.problems);
    const rounds = (
      await dbClient.query<{ client_request_id: string; id: string }>('SELECT client_request_id, id FROM game_round WHERE player_id = $1', [spinner.playerId])
    ).rows;
    const byRequest = new Map<string, string[]>();
    for (const round of rounds) byRequest.set(round.client_request_id, [...(byRequest.get(round.client_request_id) ?? []), round.id]);
    for (const [clientRequestId, roundId] of spinner.acknowledged) {
      const ids = byRequest.get(clientRequestId) ?? [];
      if (ids.length !== 1 || ids[0] !== roundId)
        failures.push(`spin ${clientRequestId}: acknowledged round ${roundId}, the database has ${ids.length} (${ids.join(', ')})`);
    }
    for (const clientRequestId of byRequest.keys())
      if (!spinner.acknowledged.has(clientRequestId)) failures.push(`spin ${clientRequestId}: a round in the database the player never had acknowledged`);
  }
  log(
    `slots: ${acknowledged} spins acknowledged, ${retries} retries with the same id; one round per clientRequestId: ${failures.some((failure) => failure.startsWith('spin')) ? 'NO' : 'yes'}`,
  );

  // nginx: no answer at or above 500.
  const lines = readFileSync(path.join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean);
  const serverErrors = lines.filter((line) => Number(line.split(' ', 1)[0]) >= 500);
  for (const line of serverErrors.slice(0, 20)) failures.push(`nginx: ${line}`);
  if (serverErrors.length > 20) failures.push(`nginx: ${serverErrors.length - 20} more answers ≥ 500`);
  log(`nginx: ${lines.length} requests logged, ${serverErrors.length} answered ≥ 500`);
  // What nginx saw go wrong with the upstream (a reset, a refused connection), to set beside the restarts' times.
  if (serverErrors.length > 0)
    for (const line of readFileSync(path.join(dir, 'error.log'), 'utf8')
      .split('\n')
      .filter((line) => /\[(error|crit)\]/.test(line))
      .slice(0, 20))
      log(`nginx error log: ${line}`);

  // The ledger.
  const audit = await auditLedger(db.db);
  const ledgerProblems = auditProblems(audit);
  failures.push(...ledgerProblems.map((problem) => `ledger: ${problem}`));
  log(
    `ledger: ${String(audit.transactions)} transactions, ${String(audit.entries)} entries; ${ledgerProblems.length === 0 ? 'every transaction and every currency sums to zero, balances agree' : 'PROBLEMS'}`,
  );

  for (const failure of failures) log(`FAILED ${failure}`);
  exitCode = failures.length === 0 ? 0 : 1;
  log(exitCode === 0 ? `CHECK PASSED (${NODES} api nodes restarted in turn under load)` : `CHECK FAILED (${failures.length} problems)`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
