import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { bingoCall, bingoGame, bingoWin, walletTransaction } from '../../server/db/schema';
import { ballOrder } from '../../server/games/kinds/bingo/fairness';
import { auditLedger, auditProblems } from '../../server/platform/wallet/index';
import { gameClient } from '../support/game-play';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 16, Done when: "a full bingo game with several players on two server processes sharing one
 * PostgreSQL — everyone sees the same calls … the driving process killed mid-game hands over with
 * no repeated or skipped call and no double payout". bingo.test.ts runs two drivers in one process;
 * here two spawned `server/main.ts` processes (their own memory, pools and timers, the driver on)
 * share nothing but the database, and the one holding the room's lease is killed with SIGKILL
 * mid-game, so it never lets the lease go: the other takes over once it expires (10 s).
 * PostgreSQL only: the embedded database belongs to one process.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
const ROOM = 'processes';
const PRIZES = { ONE_LINE: 7n, TWO_LINES: 11n, FULL_HOUSE: 50n } as const;

// A game every minute on the clock, a call every 400 ms (the driver ticks every 500 ms, so one call a tick).
const rooms: BingoRoomConfig[] = [
  {
    id: ROOM,
    name: 'Two processes',
    balls: 90,
    currency: 'EUR',
    ticketPrice: 10,
    maxTicketsPerPlayer: 12,
    everyMinutes: 1,
    minPlayers: 2,
    minTickets: 1,
    callIntervalMs: 400,
    prizes: [
      { prize: 'ONE_LINE', fixed: Number(PRIZES.ONE_LINE) },
      { prize: 'TWO_LINES', fixed: Number(PRIZES.TWO_LINES) },
      { prize: 'FULL_HOUSE', fixed: Number(PRIZES.FULL_HOUSE) },
    ],
  },
];
/** Each node: a small pool, the bingo driver on, the test's one quick room. */
const nodeEnv = { DATABASE_POOL_SIZE: '4', BINGO_DRIVER: 'true', BINGO_ROOMS: JSON.stringify(rooms) };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SeenCall {
  callSeq: number;
  number: number;
}

/**
 * A player's WebSocket on `/gs/ws` following `bingo:<room>`: it records the game's calls and, when
 * its node dies, reconnects to `fallback()` from the last topic sequence number it saw (the replay
 * the gateway gives after a reconnect).
 */
function follow(cookie: string, first: ServerProcess, fallback: () => ServerProcess, gameId: () => string | undefined) {
  const topic = `bingo:${ROOM}`;
  const calls: SeenCall[] = [];
  const nodesUsed: string[] = [];
  let lastSeq: number | undefined;
  let closed = false;
  let socket: WebSocket | undefined;
  let subscribed = false;
  const connect = (node: ServerProcess) => {
    nodesUsed.push(node.name);
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/gs/ws`, { headers: { cookie } });
    socket = ws;
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', topic, ...(lastSeq === undefined ? {} : { after: lastSeq }) })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        topic?: string;
        seq?: number;
        payload?: { gameId: string; type: string; payload: { callSeq?: number; number?: number } };
      };
      if (message.type === 'subscribed') subscribed = true;
      if (message.type !== 'event' || message.topic !== topic || !message.payload) return;
      lastSeq = message.seq;
      const event = message.payload;
      if (event.type === 'CALL' && event.gameId === gameId()) calls.push({ callSeq: event.payload.callSeq!, number: event.payload.number! });
    });
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (!closed) setTimeout(() => connect(fallback()), 300);
    });
  };
  connect(first);
  return {
    calls,
    nodesUsed,
    get subscribed() {
      return subscribed;
    },
    close() {
      closed = true;
      socket?.close();
    },
  };
}

async function waitUntil(what: string, predicate: () => boolean | Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

describe.runIf(onPostgres)('bingo on two server processes sharing one PostgreSQL (issue 16, across nodes)', () => {
  let server: TestServer;
  const nodes: ServerProcess[] = [];
  beforeAll(async () => {
    // This process's own server (driver off under NODE_ENV=test) owns the database and signs players in.
    server = await startTestServer({ BINGO_ROOMS: nodeEnv.BINGO_ROOMS });
    if (!server.database.url) throw new Error('expected a PostgreSQL test database');
    nodes.push(await startServerProcess('A', server.database.url, nodeEnv));
    nodes.push(await startServerProcess('B', server.database.url, nodeEnv));
  }, 150_000);
  afterAll(async () => {
    for (const node of nodes) await stopServerProcess(node);
    await server?.close();
  });

  it('players buy through either process; the driving process is killed mid-game and the other hands over: calls 1..N with no gap or repeat, every prize paid once, the ledger balanced, WebSocket players on both processes saw the same calls', async () => {
    const [a, b] = nodes as [ServerProcess, ServerProcess];
    const db = server.db;
    const holder = async (): Promise<ServerProcess | undefined> => {
      const rows = (await db.execute(sql`SELECT holder FROM bingo_room_lease WHERE room_id = ${ROOM} AND expires_at > now()`)) as unknown as
        | { rows?: { holder: string }[] }
        | { holder: string }[];
      const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
      const pid = Number(list[0]?.holder.split(':')[1]);
      return nodes.find((node) => node.child.pid === pid);
    };

    // The game on sale, with time enough to buy before it starts (else the one after it).
    let gameId: string | undefined;
    await waitUntil(
      'a game on sale with 10 s to go',
      async () => {
        const [game] = await db
          .select()
          .from(bingoGame)
          .where(and(eq(bingoGame.roomId, ROOM), eq(bingoGame.status, 'SELLING')));
        if (game && game.startsAt.getTime() - Date.now() > 10_000) gameId = game.id;
        return gameId !== undefined;
      },
      90_000,
    );
    const id = gameId!;

    // Three players, each with a strip of six, buying through A, B and A.
    const client = gameClient(server);
    const players = [];
    for (const node of [a, b, a]) {
      const signedIn = await server.createSignedInPlayer({ currencies: ['EUR'] });
      await server.fundPlayer(signedIn.partyId, 1_000n, 'EUR');
      const { cookie } = await client.openGame(signedIn.cookie, 'bingo', true);
      const answer = await fetch(`${node.url}/gs/bingo/tickets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ gameId: id, tickets: 6, clientRequestId: randomUUID() }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      players.push({ ...signedIn, cookie, node });
    }

    // A WebSocket player on each process; one that loses its process follows the room on the other.
    const survivorOf = (dead: ServerProcess) => (dead === a ? b : a);
    const state: { killed?: ServerProcess } = {};
    const watchers = [
      follow(
        players[0]!.cookie,
        a,
        () => survivorOf(state.killed ?? b),
        () => id,
      ),
      follow(
        players[1]!.cookie,
        b,
        () => survivorOf(state.killed ?? a),
        () => id,
      ),
    ];
    await waitUntil('both sockets subscribed', () => watchers.every((watcher) => watcher.subscribed), 15_000);

    // Mid-game: after the fifth call, kill whichever process holds the room's lease.
    await waitUntil(
      'five calls',
      async () => {
        const [game] = await db.select().from(bingoGame).where(eq(bingoGame.id, id));
        return (game?.callsMade ?? 0) >= 5;
      },
      120_000,
    );
    const driving = await holder();
    expect(driving, 'a process holds the lease').toBeDefined();
    const killed = driving!;
    state.killed = killed;
    const [atKill] = await db.select().from(bingoGame).where(eq(bingoGame.id, id));
    killed.child.kill('SIGKILL');
    await new Promise((resolve) =>
      killed.child.exitCode !== null || killed.child.signalCode !== null ? resolve(undefined) : killed.child.once('exit', resolve),
    );
    expect(atKill!.status).toBe('PLAYING');

    // The survivor takes over once the lease expires and plays the game to its end.
    await waitUntil(
      'the game to end on the surviving process',
      async () => {
        const [game] = await db.select().from(bingoGame).where(eq(bingoGame.id, id));
        return game?.status === 'ENDED';
      },
      150_000,
    );
    expect((await holder())?.name).toBe(survivorOf(killed).name);

    // The database: calls 1..N, no gap, no repeat, the committed order.
    const [ended] = await db.select().from(bingoGame).where(eq(bingoGame.id, id));
    const calls = await db.select().from(bingoCall).where(eq(bingoCall.gameId, id)).orderBy(asc(bingoCall.seq));
    expect(calls.length).toBeGreaterThan(atKill!.callsMade);
    expect(calls.map((call) => call.seq)).toEqual(calls.map((_, i) => i + 1));
    expect(new Set(calls.map((call) => call.number)).size).toBe(calls.length);
    expect(calls.map((call) => call.number)).toEqual(ballOrder(ended!.serverSeed, id, 90).slice(0, calls.length));
    expect(ended!.callsMade).toBe(calls.length);

    // Every prize paid once: each prize's winners share its fixed amount exactly, one credit per win.
    const wins = await db.select().from(bingoWin).where(eq(bingoWin.gameId, id));
    for (const [prize, amount] of Object.entries(PRIZES)) {
      const ofPrize = wins.filter((win) => win.prize === prize);
      expect(ofPrize.length, prize).toBeGreaterThan(0);
      expect(new Set(ofPrize.map((win) => win.callSeq)).size, prize).toBe(1);
      expect(
        ofPrize.reduce((sum, win) => sum + win.amount, 0n),
        prize,
      ).toBe(amount);
    }
    const credits = await db
      .select()
      .from(walletTransaction)
      .where(and(eq(walletTransaction.reference, id), eq(walletTransaction.kind, 'GAME_WIN')));
    expect(credits).toHaveLength(wins.length);
    expect(auditProblems(await auditLedger(db))).toEqual([]);

    // The sockets: each player saw every call, in order, once — the one on the killed process after
    // reconnecting to the survivor from its last sequence number.
    await waitUntil('the sockets to see the last call', () => watchers.every((watcher) => watcher.calls.length >= calls.length), 15_000);
    for (const watcher of watchers) watcher.close();
    const expected = calls.map((call) => ({ callSeq: call.seq, number: call.number }));
    for (const watcher of watchers) expect(watcher.calls).toEqual(expected);
    expect(
      watchers.some((watcher) => watcher.nodesUsed.length > 1),
      'a socket moved to the surviving process',
    ).toBe(true);
  }, 330_000);
});
