import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SESSION_ENDED_CLOSE_CODE, serverMessageSchema, type ServerMessage } from '../../contracts/realtime/messages';
import { SUPPORT_STAFF_TOPIC } from '../../contracts/support/support';
import { player as playerTable, playerSession, staffMember, staffSession } from '../../server/db/schema';
import { createSession, SESSION_COOKIE } from '../../server/platform/session/session-store';
import { inTransaction } from '../../server/db/transaction';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { publish } from '../../server/realtime';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { authenticatorSeconds, staffApi, staffSecretOf } from '../support/back-office';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 25: a socket of the gateway (/gs/ws) lives only as long as the sessions that opened it.
 * Ending a session — logout, a lock, staff disabling or time-boxing a member — closes its sockets
 * with 4001 on whichever node holds them: every test ends a session through node 1 and watches a
 * socket held on node 2, both nodes on one database.
 */

let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  first = await startTestServer();
  second = await startTestServer({}, { sameDatabaseAs: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const staff = staffApi(() => first);
const games = () => gameClient(first);
const SLOT = 'SR-3001';
const CLOSE_WITHIN = { timeout: 6_000 };
/** A second session of a player, opened as another device would. */
const OTHER_DEVICE_POLICY = { idleTimeoutMs: 30 * 60_000, absoluteTimeoutMs: 8 * 3_600_000 };

interface Peer {
  messages: ServerMessage[];
  /** The close code, once closed. */
  closedWith: () => number | undefined;
  send(message: unknown): void;
  close(): void;
}

const wsUrl = (node: TestServer) => `${node.url.replace(/^http/, 'ws')}/gs/ws`;

async function connect(node: TestServer, cookie: string): Promise<Peer> {
  const socket = new WebSocket(wsUrl(node), { headers: { cookie } });
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

async function subscribed(peer: Peer, topic: string): Promise<void> {
  peer.send({ type: 'subscribe', topic });
  await expect.poll(() => peer.messages.some((message) => message.type === 'subscribed' && message.topic === topic)).toBe(true);
}

/** 101 when the upgrade opens a socket, else the refusal's status. */
function upgradeStatus(node: TestServer, cookie: string): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(wsUrl(node), { headers: { cookie } });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('error', () => undefined);
  });
}

const eventsOn = (peer: Peer, topic: string) => peer.messages.filter((message) => message.type === 'event' && message.topic === topic);
const announce = (topic: string, payload: unknown) => inTransaction(first.db, (tx) => publish(tx, topic, payload));
const staffIdOf = async (username: string) =>
  (await first.db.select({ id: staffMember.id }).from(staffMember).where(eq(staffMember.username, username)))[0]!.id;

describe('issue 25: ending a session closes the sockets it opened, on every node', () => {
  it("SESS-19 logging out on node 1 closes the player's socket on node 2 with 4001: no more player:<id> events, and the cookie opens no new socket", async () => {
    const player = await first.createSignedInPlayer();
    const topic = `player:${player.partyId}`;
    const peer = await connect(second, player.cookie);
    await subscribed(peer, topic);
    // The player's other session on node 2: it outlives the logout and shows when the next event has been delivered.
    const witness = await connect(second, `${SESSION_COOKIE}=${await createSession(first.db, player.partyId, OTHER_DEVICE_POLICY)}`);
    await subscribed(witness, topic);
    await announce(topic, { n: 1 });
    await expect.poll(() => eventsOn(peer, topic).length).toBe(1);

    expect((await games().call('POST', '/ps/logout', { cookie: player.cookie })).status).toBe(200);
    await expect.poll(() => peer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
    await announce(topic, { n: 2 });
    await expect.poll(() => eventsOn(witness, topic).length).toBe(2);
    expect(eventsOn(peer, topic)).toHaveLength(1);
    witness.close();
    expect(await upgradeStatus(second, player.cookie)).toBe(401);
  });

  it("SESS-19 logout ends the game sessions that portal session launched: their cookie plays no real money and opens no socket, and their socket on node 2 closes; a game launched from the player's other session plays on", async () => {
    const player = await first.createSignedInPlayer();
    await first.fundPlayer(player.partyId, 10_000n, 'EUR');
    const { cookie: gameCookie, session } = await games().openGame(player.cookie, SLOT, true);
    const stake = session.title.limits.steps[0]!;
    const spin = (cookie: string) => games().call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
    expect((await spin(gameCookie)).status).toBe(200);
    // The same player on another device: a session of its own, and a game of its own.
    const otherDevice = `${SESSION_COOKIE}=${await createSession(first.db, player.partyId, OTHER_DEVICE_POLICY)}`;
    const { cookie: otherGameCookie } = await games().openGame(otherDevice, SLOT, true);
    const peer = await connect(second, gameCookie);
    await subscribed(peer, `player:${player.partyId}`);

    expect((await games().call('POST', '/ps/logout', { cookie: player.cookie })).status).toBe(200);
    const before = await getPlayerBalance(first.db, player.partyId, 'EUR');
    const refused = await spin(gameCookie);
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe('INVALID_SESSIONKEY');
    expect(await getPlayerBalance(first.db, player.partyId, 'EUR')).toEqual(before);
    expect(await upgradeStatus(second, gameCookie)).toBe(401);
    await expect.poll(() => peer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);

    expect((await spin(otherGameCookie)).status).toBe(200);
    expect(await upgradeStatus(second, otherGameCookie)).toBe(101);
  });

  it('SESS-29 a password reset ends the game sessions too: a game launched before it plays no more and its socket closes', async () => {
    const player = await first.createSignedInPlayer();
    await first.fundPlayer(player.partyId, 10_000n, 'EUR');
    const { cookie: gameCookie, session } = await games().openGame(player.cookie, SLOT, true);
    const stake = session.title.limits.steps[0]!;
    const spin = () => games().call('POST', '/gs/slots/spin', { cookie: gameCookie, body: { stake, clientRequestId: randomUUID() } });
    expect((await spin()).status).toBe(200);
    const peer = await connect(second, gameCookie);
    await subscribed(peer, `player:${player.partyId}`);

    const [row] = await first.db
      .select({ username: playerTable.username, email: playerTable.email })
      .from(playerTable)
      .where(eq(playerTable.id, player.partyId));
    expect((await games().call('POST', '/ps/forgotPasswordStep1And2', { body: { email: row!.email } })).status).toBe(200);
    let key = '';
    await expect
      .poll(async () => {
        const mail = (await first.outbox(row!.email)).find((message) => message.template === 'password-reset');
        key = /Your reset key is: ([A-Z0-9]+)/.exec(mail?.text ?? '')?.[1] ?? '';
        return key.length;
      })
      .toBe(12);
    expect(
      (await games().call('POST', '/ps/forgotPasswordStep3', { body: { email: row!.email, resetPasswordKey: key, newPassword: 'blue7harbour' } })).status,
    ).toBe(200);

    const before = await getPlayerBalance(first.db, player.partyId, 'EUR');
    const refused = await spin();
    expect(refused.status).toBe(401);
    expect(refused.body.status).toBe('INVALID_SESSIONKEY');
    expect(await getPlayerBalance(first.db, player.partyId, 'EUR')).toEqual(before);
    await expect.poll(() => peer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await upgradeStatus(second, gameCookie)).toBe(401);
  });

  it("RG-60 DEF-11 a time-out imposed by staff on node 1 closes the player's sockets on node 2, opened with the portal or the game session, and no new one opens", async () => {
    const player = await first.createSignedInPlayer();
    const { cookie: gameCookie } = await games().openGame(player.cookie, SLOT, true);
    const portalPeer = await connect(second, player.cookie);
    const gamePeer = await connect(second, gameCookie);
    await subscribed(portalPeer, `player:${player.partyId}`);
    await subscribed(gamePeer, `player:${player.partyId}`);

    const operator = await staff.signIn('bo.operator');
    const locked = await staff.call('POST', `/bo/players/${player.partyId}/locks`, operator, {
      lockType: 'TIMEOUT',
      lockPeriodUnit: 'WEEK',
      lockPeriod: 1,
      reason: 'Asked on the phone',
    });
    expect(locked.status).toBe(200);
    await expect.poll(() => portalPeer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
    await expect.poll(() => gamePeer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(await upgradeStatus(second, player.cookie)).toBe(401);
    expect(await upgradeStatus(second, gameCookie)).toBe(401);
  });

  it('NS-28 disabling a support member on node 1 closes their socket on node 2: the next support-staff:queue message does not reach them, and their cookie opens no new socket', async () => {
    const support = await staff.signIn('bo.support');
    const desk = await connect(second, support);
    await subscribed(desk, SUPPORT_STAFF_TOPIC);
    // Another member answering support on node 2: shows when the queue's next event has been delivered.
    const witness = await connect(second, await staff.signIn('bo.operator'));
    await subscribed(witness, SUPPORT_STAFF_TOPIC);
    const player = await first.createSignedInPlayer();
    const write = (text: string) => staff.call('POST', '/ps/support/messages', player.cookie, { text });
    expect((await write('Before the disable')).status).toBe(200);
    await expect.poll(() => eventsOn(desk, SUPPORT_STAFF_TOPIC).length).toBe(1);

    const operator = await staff.signIn('bo.operator');
    const supportId = await staffIdOf('bo.support');
    expect((await staff.call('POST', `/bo/staff/${supportId}/disabled`, operator, { disabled: true })).status).toBe(200);
    try {
      await expect.poll(() => desk.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
      const delivered = eventsOn(witness, SUPPORT_STAFF_TOPIC).length;
      expect((await write('After the disable')).status).toBe(200);
      await expect.poll(() => eventsOn(witness, SUPPORT_STAFF_TOPIC).length).toBeGreaterThan(delivered);
      expect(eventsOn(desk, SUPPORT_STAFF_TOPIC)).toHaveLength(1);
      expect(await upgradeStatus(second, support)).toBe(401);
    } finally {
      witness.close();
      await staff.call('POST', `/bo/staff/${supportId}/disabled`, operator, { disabled: false });
    }
  });

  it("NS-28 a time-boxed member's socket on node 2 closes when the access end set on node 1 comes; after it neither their cookie nor a fresh sign-in (the password step, the code step) opens anything", async () => {
    const auditor = await staff.signIn('bo.auditor');
    // Half signed in before the end: the code step is tried after it.
    const halfway = await staff.passwordOnly('bo.auditor');
    const peer = await connect(second, auditor);
    await subscribed(peer, 'channel:20');

    const operator = await staff.signIn('bo.operator');
    const auditorId = await staffIdOf('bo.auditor');
    const accessEnd = new Date(Date.now() + 1_500);
    expect((await staff.call('POST', `/bo/staff/${auditorId}/accessEnd`, operator, { accessExpiresAt: accessEnd.toISOString() })).status).toBe(200);
    await expect.poll(() => peer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(Date.now()).toBeGreaterThanOrEqual(accessEnd.getTime());
    expect(await upgradeStatus(second, auditor)).toBe(401);

    const password = await staff.call('POST', '/bo/signIn', null, { username: 'bo.auditor', password: DEMO_STAFF_PASSWORD });
    expect(password.status).toBe(403);
    expect(password.headers.getSetCookie().some((cookie) => cookie.startsWith('BO_SESSION=') && !cookie.startsWith('BO_SESSION=;'))).toBe(false);
    // A code one step ahead: never the step the sign-in above used.
    const code = await generate({ secret: staffSecretOf('bo.auditor'), epoch: authenticatorSeconds(first) + 30 });
    const verified = await staff.call('POST', '/bo/twoFactor/verify', halfway, { code });
    expect(verified.status).toBe(403);
    const signedInSince = await first.db
      .select()
      .from(staffSession)
      .where(and(eq(staffSession.staffId, auditorId), isNotNull(staffSession.twoFactorAt), gt(staffSession.createdAt, accessEnd)));
    expect(signedInSince).toEqual([]);
  });

  it('a session ended without a notice reaching the node (one lost while it was not listening) is caught at the next subscribe: the socket closes instead of subscribing', async () => {
    const player = await first.createSignedInPlayer();
    const peer = await connect(second, player.cookie);
    await subscribed(peer, 'channel:20');
    // Ended in the database only, as no operation of ours would: no notice is sent.
    await first.db
      .update(playerSession)
      .set({ endedAt: sql`now()` })
      .where(eq(playerSession.playerId, player.partyId));
    peer.send({ type: 'subscribe', topic: `player:${player.partyId}` });
    await expect.poll(() => peer.closedWith(), CLOSE_WITHIN).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(peer.messages.some((message) => message.type === 'subscribed' && message.topic === `player:${player.partyId}`)).toBe(false);
  });
});
