import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverMessageSchema, type ServerMessage } from '../../contracts/realtime/messages';
import { inTransaction } from '../../server/db/transaction';
import { createEventBus, pruneEvents, publish, realtimeGateway, REALTIME_CHANNEL, type BusEvent, type EventBus } from '../../server/realtime';
import { startTestServer, type TestServer } from '../support/test-server';

/** Issue 16: the event bus (stored, numbered, delivered at commit) and the WebSocket gateway at /gs/ws. */

const HEARTBEAT_MS = 150;
let server: TestServer;
let bus: EventBus;
beforeAll(async () => {
  server = await startTestServer({ REALTIME_HEARTBEAT_MS: String(HEARTBEAT_MS) });
  bus = createEventBus(server.database, pino({ level: 'silent' }));
});
afterAll(async () => {
  await bus.close();
  await server.close();
});

const topic = () => `channel:t${randomUUID().slice(0, 8)}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('event bus', () => {
  it('delivers an event published in a transaction once, after the commit, and nothing on rollback', async () => {
    const name = topic();
    const seen: BusEvent[] = [];
    const subscription = await bus.subscribe(name, {}, (event) => seen.push(event));
    expect(subscription.seq).toBe(0);
    await inTransaction(server.db, async (tx) => {
      expect(await publish(tx, name, { n: 1 })).toBe(1);
      await sleep(100);
      expect(seen).toEqual([]); // not before the commit
    });
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0]).toEqual({ topic: name, seq: 1, payload: { n: 1 } });

    await expect(
      inTransaction(server.db, async (tx) => {
        await publish(tx, name, { n: 'rolled back' });
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    await inTransaction(server.db, (tx) => publish(tx, name, { n: 2 }));
    // Delivered in order: once the later event is here, a rolled-back one would have come before it.
    await expect.poll(() => seen.some((event) => (event.payload as { n?: unknown }).n === 2)).toBe(true);
    // The rolled-back event was never delivered nor numbered: the next one is 2.
    expect(seen.map((event) => [event.seq, event.payload])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
    ]);
    subscription.close();
  });

  it('replays the events after a sequence number, then continues live in order', async () => {
    const name = topic();
    for (let n = 1; n <= 5; n++) await inTransaction(server.db, (tx) => publish(tx, name, { n }));
    expect((await bus.after(name, 2)).map((event) => event.seq)).toEqual([3, 4, 5]);
    const seen: number[] = [];
    const subscription = await bus.subscribe(name, { after: 3 }, (event) => seen.push(event.seq));
    expect(seen).toEqual([4, 5]);
    expect(subscription.seq).toBe(5);
    await Promise.all([6, 7, 8].map(() => inTransaction(server.db, (tx) => publish(tx, name, {}))));
    await expect.poll(() => seen).toEqual([4, 5, 6, 7, 8]);
    subscription.close();
  });

  it('prunes stored events older than the retention in batches; the topic keeps its numbering and a replay from a pruned number answers what is left', async () => {
    const name = topic();
    for (let n = 1; n <= 5; n++) await inTransaction(server.db, (tx) => publish(tx, name, { n }));
    await server.db.execute(sql`UPDATE realtime_event SET created_at = now() - interval '2 days' WHERE topic = ${name} AND seq <= 3`);
    // Small batches: the loop goes on until a batch comes back short (other topics' old events may go too).
    expect(await pruneEvents(server.db, new Date(Date.now() - 24 * 3_600_000), 2)).toBeGreaterThanOrEqual(3);
    expect((await bus.after(name, 0)).map((event) => event.seq)).toEqual([4, 5]);
    expect(await inTransaction(server.db, (tx) => publish(tx, name, { n: 6 }))).toBe(6);
    const seen: number[] = [];
    const subscription = await bus.subscribe(name, { after: 1 }, (event) => seen.push(event.seq));
    expect(seen).toEqual([4, 5, 6]);
    subscription.close();
    expect(await pruneEvents(server.db, new Date(Date.now() - 24 * 3_600_000))).toBe(0);
  });
});

describe('event bus on PostgreSQL', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('listens again after losing its database connection and delivers what was published meanwhile', async () => {
    const name = topic();
    const seen: number[] = [];
    const subscription = await bus.subscribe(name, {}, (event) => seen.push(event.seq));
    // Ends every node's listening connection, as a database restart would.
    await server.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${REALTIME_CHANNEL}`} AND pid <> pg_backend_pid()`,
    );
    await inTransaction(server.db, (tx) => publish(tx, name, { n: 1 }));
    await expect.poll(() => seen, { timeout: 15_000 }).toEqual([1]);
    await inTransaction(server.db, (tx) => publish(tx, name, { n: 2 }));
    await expect.poll(() => seen).toEqual([1, 2]);
    subscription.close();
  });
});

interface Peer {
  socket: WebSocket;
  messages: ServerMessage[];
  closed: Promise<{ code: number }>;
}

function wsUrl(): string {
  return `${server.url.replace(/^http/, 'ws')}/gs/ws`;
}

async function connect(cookie: string, options: { autoPong?: boolean } = {}): Promise<Peer> {
  const socket = new WebSocket(wsUrl(), { headers: { cookie }, autoPong: options.autoPong ?? true });
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(serverMessageSchema.parse(JSON.parse(String(data)))));
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await expect.poll(() => messages.some((message) => message.type === 'ready')).toBe(true);
  return { socket, messages, closed };
}

const eventsOf = (peer: Peer, name: string) => peer.messages.flatMap((message) => (message.type === 'event' && message.topic === name ? [message] : []));

describe('WebSocket gateway /gs/ws', () => {
  it('refuses an unauthenticated socket with 401 before the upgrade', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(wsUrl());
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => reject(new Error('opened without a session')));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(401);
    const forged = await new Promise<number>((resolve) => {
      const socket = new WebSocket(wsUrl(), { headers: { cookie: 'SESSION_KEY=forged; GS_SESSION=forged' } });
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('error', () => undefined);
    });
    expect(forged).toBe(401);
  });

  it('delivers events live to a subscribed player and replays the missed ones after a reconnect', async () => {
    const player = await server.createSignedInPlayer();
    const name = `live-roulette:t${randomUUID().slice(0, 8)}`;
    const first = await connect(player.cookie);
    first.socket.send(JSON.stringify({ type: 'subscribe', topic: name }));
    await expect.poll(() => first.messages.some((message) => message.type === 'subscribed' && message.topic === name)).toBe(true);
    await inTransaction(server.db, (tx) => publish(tx, name, { call: 1 }));
    await expect.poll(() => eventsOf(first, name).map((event) => event.payload)).toEqual([{ call: 1 }]);
    const lastSeen = eventsOf(first, name).at(-1)!.seq;
    first.socket.close();
    await first.closed;

    // Missed while away.
    await inTransaction(server.db, (tx) => publish(tx, name, { call: 2 }));
    await inTransaction(server.db, (tx) => publish(tx, name, { call: 3 }));

    const second = await connect(player.cookie);
    second.socket.send(JSON.stringify({ type: 'subscribe', topic: name, after: lastSeen }));
    await expect.poll(() => eventsOf(second, name).map((event) => event.payload)).toEqual([{ call: 2 }, { call: 3 }]);
    await inTransaction(server.db, (tx) => publish(tx, name, { call: 4 }));
    await expect.poll(() => eventsOf(second, name).map((event) => event.seq)).toEqual([2, 3, 4]);
    // A second topic stays subscribed: its event, published after, proves call 5's moment passed.
    const probe = `live-roulette:t${randomUUID().slice(0, 8)}`;
    second.socket.send(JSON.stringify({ type: 'subscribe', topic: probe }));
    await expect.poll(() => second.messages.some((message) => message.type === 'subscribed' && message.topic === probe)).toBe(true);
    second.socket.send(JSON.stringify({ type: 'unsubscribe', topic: name }));
    await expect.poll(() => second.messages.some((message) => message.type === 'unsubscribed')).toBe(true);
    await inTransaction(server.db, (tx) => publish(tx, name, { call: 5 }));
    await inTransaction(server.db, (tx) => publish(tx, probe, { after: 5 }));
    await expect.poll(() => eventsOf(second, probe).length).toBe(1);
    expect(eventsOf(second, name).map((event) => event.seq)).toEqual([2, 3, 4]);
    second.socket.close();
  });

  it('answers invalid messages with an error frame naming the field and keeps the socket open', async () => {
    const player = await server.createSignedInPlayer();
    const other = await server.createSignedInPlayer();
    const peer = await connect(player.cookie);
    peer.socket.send('not json');
    peer.socket.send(JSON.stringify({ type: 'subscribe', topic: 'NO TOPIC' }));
    peer.socket.send(JSON.stringify({ type: 'dance' }));
    peer.socket.send(JSON.stringify({ type: 'subscribe', topic: `player:${other.partyId}` }));
    peer.socket.send(JSON.stringify({ type: 'subscribe', topic: 'secret:1' }));
    await expect.poll(() => peer.messages.filter((message) => message.type === 'error').length).toBe(5);
    const errors = peer.messages.flatMap((message) => (message.type === 'error' ? [message] : []));
    expect(errors[0]!.error).toMatch(/JSON/);
    expect(errors[1]!.errors?.[0]?.field).toBe('topic');
    expect(errors[2]!.errors?.[0]?.field).toBe('type');
    expect(errors[3]!.errors?.[0]).toMatchObject({ field: 'topic', error: expect.stringContaining('may not follow') });
    expect(errors[4]!.errors?.[0]?.field).toBe('topic');
    // Still connected: its own topic and a ping work.
    peer.socket.send(JSON.stringify({ type: 'subscribe', topic: `player:${player.partyId}` }));
    peer.socket.send(JSON.stringify({ type: 'ping' }));
    await expect.poll(() => peer.messages.some((message) => message.type === 'pong')).toBe(true);
    await expect.poll(() => peer.messages.some((message) => message.type === 'subscribed')).toBe(true);
    peer.socket.close();
  });

  it('drops a peer that stops answering heartbeats and keeps one that answers', async () => {
    const player = await server.createSignedInPlayer();
    const dead = await connect(player.cookie, { autoPong: false });
    const healthy = await connect(player.cookie);
    const started = Date.now();
    const { code } = await dead.closed;
    expect(code).toBe(1006); // terminated, no closing handshake
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 10);
    expect(healthy.socket.readyState).toBe(WebSocket.OPEN);
    healthy.socket.close();
  });

  it('closes a slow consumer with 1013 once its unsent data passes the bound, instead of buffering without end', async () => {
    // The gateway alone, on a bus whose events the test hands out: 2 MB events to a client that reads nothing.
    let deliver: ((event: BusEvent) => void) | undefined;
    const fakeBus: EventBus = {
      subscribe: async (_topic, _options, listener) => {
        deliver = listener;
        return { seq: 0, close: () => undefined };
      },
      after: async () => [],
      close: async () => undefined,
    };
    const app = Fastify();
    await app.register(
      realtimeGateway({
        bus: fakeBus,
        authenticate: async () => ({ playerId: null, party: 'visitor:slow' }),
        heartbeatMs: 60_000,
        maxBufferedBytes: 64 * 1024,
      }),
      { prefix: '/gs' },
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/gs/ws`);
      const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'subscribe', topic: 'live-roulette:slow' }));
      await expect.poll(() => deliver !== undefined).toBe(true);
      // The client stops reading: the server's socket fills up behind it.
      (socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const big = 'x'.repeat(2 * 1024 * 1024);
      for (let seq = 1; seq <= 40; seq++) deliver!({ topic: 'live-roulette:slow', seq, payload: big });
      (socket as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await closed).toBe(1013);
    } finally {
      await app.close();
    }
  });
});
