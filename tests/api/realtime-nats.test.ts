import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE_CODE, serverMessageSchema, type ServerMessage } from '../../contracts/realtime/messages';
import { SUPPORT_STAFF_TOPIC } from '../../contracts/support/support';
import { getBalanceResponseSchema } from '../../contracts/platform/wallet/balance';
import { busOf, streamNameOf } from '../../server/bus/nats-bus';
import { staffMember } from '../../server/db/schema';
import { inTransaction } from '../../server/db/transaction';
import { checkEventBus } from '../../server/management/health/health-checks';
import { publishBingoEvent } from '../../server/games/kinds/bingo/events';
import { publish, SESSION_END_CHANNEL } from '../../server/realtime';
import { staffApi } from '../support/back-office';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { sseReader } from '../support/wallet-helpers';

/**
 * Issue 32: the real-time bus on NATS (BUS_URL). Two nodes on one PostgreSQL, each with its own
 * NATS connection and no NOTIFY for the bus or the balances: what happens on node 1 reaches a
 * socket (or a balance stream) held on node 2, and a client that reconnects, or a node whose NATS
 * connection drops, resumes from the last sequence number with no gap and no repeat.
 *
 * Needs PostgreSQL (DATABASE_URL: two nodes with a database each would share nothing) and a NATS
 * server with JetStream (TEST_BUS_URL, default nats://127.0.0.1:4222); skipped, saying which is
 * missing, without them.
 */

const BUS_URL = process.env.TEST_BUS_URL ?? 'nats://127.0.0.1:4222';

async function natsAnswers(): Promise<boolean> {
  try {
    const nc = await connect({ servers: BUS_URL, timeout: 2_000, reconnect: false });
    const jetStream = await nc
      .jetstreamManager()
      .then(() => true)
      .catch(() => false);
    await nc.close();
    return jetStream;
  } catch {
    return false;
  }
}

const natsUp = await natsAnswers();
const onPostgres = Boolean(process.env.DATABASE_URL);
const missing = [onPostgres ? '' : 'DATABASE_URL (PostgreSQL)', natsUp ? '' : `a NATS server with JetStream at ${BUS_URL} (TEST_BUS_URL)`].filter(Boolean);
const title = missing.length === 0 ? 'the real-time bus on NATS, two nodes' : `the real-time bus on NATS — skipped: needs ${missing.join(' and ')}`;

const namespace = `test-${randomUUID().slice(0, 8)}`;
const environment = { BUS_URL, BUS_NAMESPACE: namespace };
let first: TestServer;
let second: TestServer;

describe.runIf(missing.length === 0)(title, () => {
  beforeAll(async () => {
    first = await startTestServer(environment);
    second = await startTestServer(environment, { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    // The test's stream goes with it.
    const nc = await connect({ servers: BUS_URL, timeout: 2_000 });
    await (await nc.jetstreamManager()).streams.delete(streamNameOf(namespace)).catch(() => undefined);
    await nc.close();
  });

  interface Peer {
    messages: ServerMessage[];
    closedWith: () => number | undefined;
    send(message: unknown): void;
    close(): void;
  }

  async function socketOn(node: TestServer, cookie: string): Promise<Peer> {
    const socket = new WebSocket(`${node.url.replace(/^http/, 'ws')}/gs/ws`, { headers: { cookie } });
    const messages: ServerMessage[] = [];
    let code: number | undefined;
    socket.on('message', (data) => messages.push(serverMessageSchema.parse(JSON.parse(String(data)))));
    socket.on('close', (closeCode) => (code = closeCode));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    await expect.poll(() => messages.some((message) => message.type === 'ready')).toBe(true);
    return { messages, closedWith: () => code, send: (message) => socket.send(JSON.stringify(message)), close: () => socket.close() };
  }

  async function subscribe(peer: Peer, topic: string, after?: number): Promise<void> {
    peer.send({ type: 'subscribe', topic, ...(after === undefined ? {} : { after }) });
    await expect.poll(() => peer.messages.some((message) => message.type === 'subscribed' && message.topic === topic)).toBe(true);
  }

  const seqsOn = (peer: Peer, topic: string) => peer.messages.flatMap((message) => (message.type === 'event' && message.topic === topic ? [message.seq] : []));
  const announce = (topic: string, payload: unknown) => inTransaction(first.db, (tx) => publish(tx, topic, payload));

  it('both nodes run on the NATS bus', () => {
    expect(busOf(first.db)?.namespace).toBe(namespace);
    expect(busOf(second.db)?.namespace).toBe(namespace);
  });

  it('a bingo call committed on node 1 reaches a player socket on node 2, with the topic sequence number clients resume after', async () => {
    const player = await first.createSignedInPlayer();
    const roomId = `nats-${randomUUID().slice(0, 8)}`;
    const topic = `bingo:${roomId}`;
    const peer = await socketOn(second, player.cookie);
    await subscribe(peer, topic);
    const call = { gameId: randomUUID(), roomId, seq: 1, type: 'CALL' as const, at: new Date().toISOString(), payload: { number: 42, calls: 1 } };
    await inTransaction(first.db, (tx) => publishBingoEvent(tx, call));
    await expect
      .poll(() => peer.messages.filter((message) => message.type === 'event' && message.topic === topic))
      .toEqual([{ type: 'event', topic, seq: 1, payload: call }]);
    peer.close();
  });

  it('WALLET-12 a deposit committed on node 1 pushes the new balance to the player’s stream on node 2', async () => {
    const player = await first.createSignedInPlayer();
    const controller = new AbortController();
    const response = await fetch(`${second.url}/ps/balanceEvents`, { headers: { cookie: player.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    const events = sseReader(response);
    expect((await events.next()).event).toBe('balance');
    await first.fundPlayer(player.partyId, 2_500n);
    const event = await events.next(10_000);
    expect(event.event).toBe('balance');
    expect(getBalanceResponseSchema.parse(JSON.parse(event.data)).currencyBalances[0]).toMatchObject({ withdrawableBalance: 25 });
    controller.abort();
  });

  describe('session ends travel on the bus, not pg_notify', () => {
    /** The session-end notices as NATS carries them (this test's namespace), and what PostgreSQL's NOTIFY carries meanwhile. */
    let nats: NatsConnection;
    let listener: pg.Client;
    const onBus: string[] = [];
    const onPostgres: string[] = [];
    beforeAll(async () => {
      nats = await connect({ servers: BUS_URL, timeout: 2_000 });
      const codec = JSONCodec<string[]>();
      nats.subscribe(`${namespace}.notice.${SESSION_END_CHANNEL}`, { callback: (error, message) => error || onBus.push(...codec.decode(message.data)) });
      await nats.flush();
      listener = new pg.Client({ connectionString: first.database.url });
      await listener.connect();
      listener.on('notification', (notice) => onPostgres.push(notice.payload ?? ''));
      await listener.query(`LISTEN ${SESSION_END_CHANNEL}`);
    });
    afterAll(async () => {
      await listener?.end();
      await nats?.close();
    });

    /** Nothing but a marker of our own on PostgreSQL's channel: once the marker is heard, whatever the nodes sent there would have been too. */
    async function nothingOnPostgres(): Promise<void> {
      const marker = `marker:${randomUUID()}`;
      await first.db.execute(sql`SELECT pg_notify(${SESSION_END_CHANNEL}, ${marker})`);
      await expect.poll(() => onPostgres.includes(marker)).toBe(true);
      expect(onPostgres.filter((payload) => !payload.startsWith('marker:'))).toEqual([]);
    }

    const staff = staffApi(() => first);

    it('SESS-19 logging out on node 1 closes the player’s socket on node 2 with 4001, the notice carried by NATS', async () => {
      const player = await first.createSignedInPlayer();
      const peer = await socketOn(second, player.cookie);
      await subscribe(peer, `player:${player.partyId}`);
      expect((await gameClient(first).call('POST', '/ps/logout', { cookie: player.cookie })).status).toBe(200);
      await expect.poll(() => peer.closedWith(), { timeout: 6_000 }).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(onBus).toContain(`player:${player.partyId}`);
      await nothingOnPostgres();
    });

    it('RG-60 a time-out imposed by staff on node 1 closes the player’s portal and game sockets on node 2 over NATS', async () => {
      const player = await first.createSignedInPlayer();
      const { cookie: gameCookie } = await gameClient(first).openGame(player.cookie, 'SR-3001', true);
      const portalPeer = await socketOn(second, player.cookie);
      const gamePeer = await socketOn(second, gameCookie);
      await subscribe(portalPeer, `player:${player.partyId}`);
      await subscribe(gamePeer, `player:${player.partyId}`);
      const operator = await staff.signIn('bo.operator');
      const locked = await staff.call('POST', `/bo/players/${player.partyId}/locks`, operator, {
        lockType: 'TIMEOUT',
        lockPeriodUnit: 'WEEK',
        lockPeriod: 1,
        reason: 'Asked on the phone',
      });
      expect(locked.status).toBe(200);
      await expect.poll(() => portalPeer.closedWith(), { timeout: 6_000 }).toBe(SESSION_ENDED_CLOSE_CODE);
      await expect.poll(() => gamePeer.closedWith(), { timeout: 6_000 }).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(onBus).toContain(`player:${player.partyId}`);
      await nothingOnPostgres();
    });

    it('NS-28 staff access revoked on node 1 (a member disabled) closes their socket on node 2 over NATS', async () => {
      const support = await staff.signIn('bo.support');
      const desk = await socketOn(second, support);
      await subscribe(desk, SUPPORT_STAFF_TOPIC);
      const operator = await staff.signIn('bo.operator');
      const supportId = (await first.db.select({ id: staffMember.id }).from(staffMember).where(eq(staffMember.username, 'bo.support')))[0]!.id;
      expect((await staff.call('POST', `/bo/staff/${supportId}/disabled`, operator, { disabled: true })).status).toBe(200);
      try {
        await expect.poll(() => desk.closedWith(), { timeout: 6_000 }).toBe(SESSION_ENDED_CLOSE_CODE);
        expect(onBus).toContain(`staff:${supportId}`);
        await nothingOnPostgres();
      } finally {
        await staff.call('POST', `/bo/staff/${supportId}/disabled`, operator, { disabled: false });
      }
    });
  });

  it('a client that reconnects to the other node resumes after its last sequence number: every event once, in order', async () => {
    const player = await first.createSignedInPlayer();
    const topic = `player:${player.partyId}`;
    const before = await socketOn(second, player.cookie);
    await subscribe(before, topic);
    for (let n = 1; n <= 3; n++) await announce(topic, { n });
    await expect.poll(() => seqsOn(before, topic)).toEqual([1, 2, 3]);
    before.close();
    // Published while the client is away, on both nodes.
    await announce(topic, { n: 4 });
    await inTransaction(second.db, (tx) => publish(tx, topic, { n: 5 }));
    const after = await socketOn(first, player.cookie);
    await subscribe(after, topic, 3);
    await Promise.all([6, 7, 8].map((n) => (n % 2 === 0 ? announce(topic, { n }) : inTransaction(second.db, (tx) => publish(tx, topic, { n })))));
    await expect.poll(() => seqsOn(after, topic)).toEqual([4, 5, 6, 7, 8]);
    after.close();
  });

  it('a node whose NATS connection drops replays what it missed and goes on: its socket sees every event once, in order', async () => {
    const player = await first.createSignedInPlayer();
    const topic = `player:${player.partyId}`;
    const peer = await socketOn(second, player.cookie);
    await subscribe(peer, topic);
    await announce(topic, { n: 1 });
    await expect.poll(() => seqsOn(peer, topic)).toEqual([1]);
    const dropped = busOf(second.db)!.reconnect();
    for (let n = 2; n <= 4; n++) await announce(topic, { n });
    await dropped;
    await announce(topic, { n: 5 });
    await expect.poll(() => seqsOn(peer, topic), { timeout: 10_000 }).toEqual([1, 2, 3, 4, 5]);
    peer.close();
  });

  it('OPS-02 the operators’ health names the bus: UP with its stream while connected, DOWN once the connection is gone', async () => {
    expect(checkEventBus({ database: second.database })).toEqual({
      status: 'UP',
      details: { configured: true, note: `NATS, stream ${streamNameOf(namespace)}` },
    });
    // Last in the file: the second node's bus is closed for good here (its server's close closes it again, which is allowed).
    await busOf(second.db)!.close();
    expect(checkEventBus({ database: second.database })).toMatchObject({ status: 'DOWN', details: { configured: true } });
    expect(checkEventBus({ database: first.database }).status).toBe('UP');
  });
});
