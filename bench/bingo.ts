import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/config/env';
import { createSession, SESSION_COOKIE, sessionPolicy } from '../server/platform/session/session-store';
import { inTransaction } from '../server/db/transaction';
import { publish } from '../server/realtime/index';
import { startEmerald } from '../server/start';
import { fundedPlayers, openBenchDatabase } from './support/ledger-bench';
import { benchLogging } from './support/bench-logging';

/**
 * Bingo fan-out (issue 16): one bingo call delivered to N WebSocket players through our gateway
 * (`GET /gs/ws`, each socket subscribed to `bingo:<room>`), beside a raw `ws` server in the same
 * process broadcasting the same frame to N other sockets of the same clients, in the same run.
 *
 * A gateway call is the real path: a transaction that publishes the call on the bus (the topic's
 * sequence number, the stored event, pg_notify at commit), the bus reading it back from the store
 * and handing it to each subscribed socket the frame it encoded once (UTF-8 bytes). A raw call is
 * one `JSON.stringify`, one encoding and a `send` of those bytes to every socket, in a child process of its own
 * (`support/raw-broadcaster.ts`: one process may not hold 10,000 sockets to each server on this
 * machine), timed from its first send. The clients live in child processes (2 by
 * default), parse every frame and note its arrival; a round ends when every player has the call.
 * Rounds alternate gateway and raw. Per target: the delivery rate (players reached per second,
 * from the publish to the last arrival; median over rounds), the time to reach every player (p95
 * over rounds) and the per-player latency p95. Aim: gateway ≥ 0.7× raw, every player within 200 ms
 * at p95.
 *
 * Sessions: signing up 10,000 players would measure argon2 rather than the fan-out, so 64
 * players get portal sessions straight from the session store and the sockets share them (the
 * gateway authenticates every upgrade; nothing limits sockets per session). The database is a new
 * embedded PGlite (`--postgres URL --driver postgres` is not offered: the fan-out after the one
 * read is the same code).
 *
 *   npm run bench:bingo [-- --players 10000] [--rounds 10] [--clients 2]
 *
 * The npm script raises the open-file limit (`ulimit -n 65536`, root or a hard limit that high).
 */

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  const value = index >= 0 ? Number(args[index + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;
};
const PLAYERS = option('players', 1_000);
const ROUNDS = option('rounds', 10);
const CLIENTS = option('clients', 2);
const ROOM = 'bench';
const TOPIC = `bingo:${ROOM}`;
const now = () => performance.timeOrigin + performance.now();
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

interface ChildReply {
  type: 'opened' | 'failed' | 'times' | 'sent';
  times?: number[];
  startedAt?: number;
  error?: string;
}

function ask(child: ChildProcess, message: unknown, timeoutMs: number): Promise<ChildReply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`a client process did not answer ${JSON.stringify(message).slice(0, 60)} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('message', (reply: ChildReply) => {
      clearTimeout(timer);
      if (reply.type === 'failed') reject(new Error(reply.error));
      else resolve(reply);
    });
    child.send(message as object);
  });
}

const progress = (line: string) => process.stderr.write(`[bench:bingo ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
progress('migrating a new embedded database');
const { database, close } = await openBenchDatabase('pglite');
const children: ChildProcess[] = [];
const raw = fork(path.join(import.meta.dirname, 'support/raw-broadcaster.ts'), [], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const rawListening = new Promise<number>((resolve) => raw.once('message', (reply: { port: number }) => resolve(reply.port)));
try {
  const { db } = database;
  const logging = benchLogging('bingo');
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: logging.level,
    LOG_FORMAT: 'json',
    SERVE_WEB: 'false',
    SEED_DEMO_CONTENT: 'false',
    BINGO_DRIVER: 'false',
    LIVE_TABLE_TIMERS: 'false',
  });
  const playerIds = await fundedPlayers(db, 0n);
  const cookies = await Promise.all(playerIds.map(async (playerId) => `${SESSION_COOKIE}=${await createSession(db, playerId, sessionPolicy(config))}`));
  progress('starting the server');
  const emerald = await startEmerald(config, logging.logger, database);
  const rawPort = await rawListening;

  progress(`opening ${PLAYERS} players' sockets to each`);
  const opened = performance.now();
  const shares = Array.from({ length: CLIENTS }, (_, index) => Math.floor(PLAYERS / CLIENTS) + (index < PLAYERS % CLIENTS ? 1 : 0));
  for (let index = 0; index < CLIENTS; index++) {
    children.push(
      fork(path.join(import.meta.dirname, 'support/bingo-clients.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
    );
  }
  await Promise.all(
    children.map((child, index) =>
      ask(
        child,
        {
          type: 'open',
          gatewayUrl: `${emerald.url.replace(/^http/, 'ws')}/gs/ws`,
          rawUrl: `ws://127.0.0.1:${rawPort}`,
          cookies,
          count: shares[index],
          topic: TOPIC,
        },
        600_000,
      ),
    ),
  );
  console.log(
    `${PLAYERS} players on the gateway (${playerIds.length} shared sessions) and on raw ws, ${CLIENTS} client processes, opened in ${((performance.now() - opened) / 1000).toFixed(1)} s`,
  );

  const gameId = randomUUID();
  const frameOf = (callSeq: number) => ({
    gameId,
    roomId: ROOM,
    seq: callSeq,
    type: 'CALL',
    at: new Date().toISOString(),
    payload: { callSeq, number: ((callSeq * 37) % 90) + 1 },
  });
  const collect = async (target: 'gateway' | 'raw', callSeq: number) => {
    const replies = await Promise.all(children.map((child) => ask(child, { type: 'collect', target, round: callSeq }, 60_000)));
    return replies.flatMap((reply) => reply.times ?? []);
  };
  const results = { gateway: [] as { allMs: number; latencies: number[] }[], raw: [] as { allMs: number; latencies: number[] }[] };
  const measureRound = async (target: 'gateway' | 'raw', callSeq: number) => {
    const event = frameOf(callSeq);
    let started = now();
    const arrivals = collect(target, callSeq);
    if (target === 'gateway') {
      await inTransaction(db, (tx) => publish(tx, TOPIC, event));
    } else {
      const frame = JSON.stringify({ type: 'event', topic: TOPIC, seq: callSeq, payload: event });
      started = (await ask(raw, { type: 'send', frame }, 60_000)).startedAt!;
    }
    const times = await arrivals;
    const latencies = times.map((at) => at - started);
    results[target].push({ allMs: Math.max(...latencies), latencies });
  };

  // One warm-up call each (JIT, the bus's first read of the topic), not counted.
  await measureRound('gateway', 1);
  await measureRound('raw', 1);
  results.gateway.length = 0;
  results.raw.length = 0;
  for (let callSeq = 2; callSeq < ROUNDS + 2; callSeq++) {
    await measureRound('gateway', callSeq);
    await measureRound('raw', callSeq);
  }

  const summary = (target: 'gateway' | 'raw') => {
    const rounds = results[target];
    const rates = rounds.map((r) => PLAYERS / (r.allMs / 1000));
    return {
      ratePerSecond: Math.round(percentile(rates, 50)),
      allP50Ms: round1(
        percentile(
          rounds.map((r) => r.allMs),
          50,
        ),
      ),
      allP95Ms: round1(
        percentile(
          rounds.map((r) => r.allMs),
          95,
        ),
      ),
      playerP95Ms: round1(
        percentile(
          rounds.flatMap((r) => r.latencies),
          95,
        ),
      ),
    };
  };
  const gateway = summary('gateway');
  const rawFigures = summary('raw');
  const ratio = Math.round((gateway.ratePerSecond / rawFigures.ratePerSecond) * 100) / 100;
  const line = (name: string, f: typeof gateway) =>
    `${name.padEnd(8)} ${String(f.ratePerSecond).padStart(8)} deliveries/s  every player reached p50 ${f.allP50Ms} ms p95 ${f.allP95Ms} ms  per player p95 ${f.playerP95Ms} ms`;
  console.log(`one bingo call to ${PLAYERS} WebSocket players, ${ROUNDS} rounds each, alternating; server logging ${logging.describe()}:`);
  console.log(line('gateway', gateway));
  console.log(line('raw ws', rawFigures));
  console.log(`gateway / raw delivery rate: ${ratio}× (aim ≥ 0.7); every player within ${gateway.allP95Ms} ms at p95 (aim ≤ 200 ms)`);
  console.log(JSON.stringify({ players: PLAYERS, rounds: ROUNDS, clients: CLIENTS, sessions: playerIds.length, gateway, raw: rawFigures, ratio }));
  await emerald.close();
} finally {
  for (const child of children) child.kill();
  raw.kill();
  await close();
}
process.exit(0);
