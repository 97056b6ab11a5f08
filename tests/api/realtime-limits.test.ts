import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverMessageSchema, type ServerMessage } from '../../contracts/realtime/messages';
import { inTransaction } from '../../server/db/transaction';
import { publish } from '../../server/realtime';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 25: the WebSocket gateway's limits. A few clients must not be able to take the node from
 * everyone else: topics are an allow-list, frames are bounded in size and rate, and a party holds a
 * bounded number of sockets. (Back-pressure on slow readers: realtime.test.ts, 1013.)
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Peer {
  socket: WebSocket;
  messages: ServerMessage[];
  closed: Promise<number>;
}

const wsUrl = () => `${server.url.replace(/^http/, 'ws')}/gs/ws`;

/** Opens a socket, or answers the HTTP status of a refused upgrade. */
function open(cookie: string): Promise<Peer | { refused: number; body: string }> {
  const socket = new WebSocket(wsUrl(), { headers: { cookie } });
  const messages: ServerMessage[] = [];
  socket.on('message', (data) => messages.push(serverMessageSchema.parse(JSON.parse(String(data)))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => resolve({ refused: response.statusCode ?? 0, body }));
    });
    socket.once('error', (error) => reject(error));
  });
}

async function connect(cookie: string): Promise<Peer> {
  const peer = await open(cookie);
  if ('refused' in peer) throw new Error(`upgrade refused with ${peer.refused}`);
  await expect.poll(() => peer.messages.some((message) => message.type === 'ready')).toBe(true);
  return peer;
}

/** The close code, or 'still open' once the bound passes (a bound for a failing run, not a timing). */
const closeCode = (peer: Peer, boundMs = 15_000) =>
  Promise.race([peer.closed, new Promise<string>((resolve) => setTimeout(() => resolve('still open'), boundMs))]);

const errorsOf = (peer: Peer) => peer.messages.flatMap((message) => (message.type === 'error' ? [message] : []));

describe('gateway topics', () => {
  it('refuses topics of kinds it does not list, Object.prototype names included, and ids of the wrong shape; the socket stays usable', async () => {
    const player = await server.createSignedInPlayer();
    const peer = await connect(player.cookie);
    const refused = [
      'constructor:1',
      'tostring:1',
      'toString:1',
      'valueOf:1',
      'hasOwnProperty:1',
      '__proto__:1',
      'channel:abc',
      'channel:0',
      'player:not-a-party-id',
      `player:${player.partyId.toUpperCase()}`,
      'support-staff:other',
      'live-roulette:Table_1',
    ];
    for (const topic of refused) peer.socket.send(JSON.stringify({ type: 'subscribe', topic }));
    await expect.poll(() => errorsOf(peer).length).toBe(refused.length);
    expect(errorsOf(peer).map((error) => error.errors?.[0]?.field)).toEqual(refused.map(() => 'topic'));
    expect(peer.messages.some((message) => message.type === 'subscribed')).toBe(false);

    peer.socket.send(JSON.stringify({ type: 'subscribe', topic: 'channel:20' }));
    peer.socket.send(JSON.stringify({ type: 'subscribe', topic: `player:${player.partyId}` }));
    await expect
      .poll(() => peer.messages.flatMap((message) => (message.type === 'subscribed' ? [message.topic] : [])), { timeout: 10_000 })
      .toEqual(['channel:20', `player:${player.partyId}`]);
    peer.socket.close();
  });
});

describe('gateway frames', () => {
  it('answers frames up to 4 KiB and closes a socket that sends a larger one with 1009', async () => {
    const peer = await connect((await server.createSignedInPlayer()).cookie);
    const ping = (bytes: number) => {
      const frame = JSON.stringify({ type: 'ping', pad: '' });
      return JSON.stringify({ type: 'ping', pad: 'x'.repeat(bytes - frame.length) });
    };
    peer.socket.send(ping(4 * 1024));
    await expect.poll(() => peer.messages.some((message) => message.type === 'pong')).toBe(true);
    peer.socket.send(ping(4 * 1024 + 1));
    expect(await closeCode(peer)).toBe(1009);
  });

  it(
    'closes sockets that flood frames with 1008 after an error frame, while the node keeps serving others: HTTP calls, new sockets and their events',
    { timeout: 60_000 },
    async () => {
      const flooders = await Promise.all([1, 2, 3].map(async () => connect((await server.createSignedInPlayer()).cookie)));
      const busy = `live-roulette:flood-${randomUUID().slice(0, 8)}`;
      // Subscriptions are the costly frame: each is a read of the store.
      const frame = JSON.stringify({ type: 'subscribe', topic: busy, after: 0 });
      for (const peer of flooders) for (let n = 0; n < 3_000; n += 1) peer.socket.send(frame);

      // Beside the flood: ordinary calls, and a newcomer who connects, subscribes and hears an event.
      const calls = Promise.all(
        Array.from({ length: 20 }, (_, n) => fetch(`${server.url}${n % 2 ? '/ps/ping' : '/gs/ping'}`).then((response) => response.status)),
      );
      const newcomer = await connect((await server.createSignedInPlayer()).cookie);
      const quiet = `live-roulette:quiet-${randomUUID().slice(0, 8)}`;
      newcomer.socket.send(JSON.stringify({ type: 'subscribe', topic: quiet }));
      await expect.poll(() => newcomer.messages.some((message) => message.type === 'subscribed' && message.topic === quiet), { timeout: 15_000 }).toBe(true);
      await inTransaction(server.db, (tx) => publish(tx, quiet, { call: 1 }));
      await expect.poll(() => newcomer.messages.some((message) => message.type === 'event' && message.topic === quiet), { timeout: 15_000 }).toBe(true);
      expect(await calls).toEqual(Array.from({ length: 20 }, () => 200));

      for (const peer of flooders) {
        expect(await closeCode(peer)).toBe(1008);
        expect(errorsOf(peer)).toContainEqual(expect.objectContaining({ error: 'Too many frames' }));
      }
      expect(newcomer.socket.readyState).toBe(WebSocket.OPEN);
      newcomer.socket.close();
    },
  );
});

describe('gateway sockets per party', () => {
  it(
    'holds a player to 20 open sockets on a node even when the handshakes arrive together; others are not affected, and a closed socket frees its place',
    { timeout: 60_000 },
    async () => {
      const player = await server.createSignedInPlayer();
      const attempts = await Promise.all(Array.from({ length: 25 }, () => open(player.cookie)));
      const opened = attempts.filter((attempt): attempt is Peer => 'socket' in attempt);
      const refused = attempts.filter((attempt): attempt is { refused: number; body: string } => 'refused' in attempt);
      expect(opened).toHaveLength(20);
      expect(refused.map((attempt) => attempt.refused)).toEqual([429, 429, 429, 429, 429]);
      expect(JSON.parse(refused[0]!.body)).toMatchObject({ status: 'TOO_MANY_REQUESTS' });

      const other = await connect((await server.createSignedInPlayer()).cookie);

      opened[0]!.socket.close();
      await opened[0]!.closed;
      // The server counts the socket out once its side of the connection has closed too.
      let again: Peer | undefined;
      await expect
        .poll(
          async () => {
            const attempt = await open(player.cookie);
            if ('socket' in attempt) again = attempt;
            return 'socket' in attempt;
          },
          { timeout: 10_000 },
        )
        .toBe(true);
      const twentyFirst = await open(player.cookie);
      expect('refused' in twentyFirst && twentyFirst.refused).toBe(429);

      for (const peer of [...opened, other, again!]) peer.socket.close();
    },
  );
});
