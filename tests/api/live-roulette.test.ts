import { randomUUID } from 'node:crypto';
// First: the server's own import order (the game registry before its kinds), as in production.
import { startTestServer, type TestServer } from '../support/test-server';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { liveBetReceiptSchema, liveTableResponseSchema } from '../../contracts/games/live-roulette';
import { liveBet, liveRound, walletTransaction } from '../../server/db/schema';
import { drawPocket, liveLobbyFrom, placeLiveBets, tick, type LiveLobby, type LiveTable } from '../../server/games/kinds/live-roulette';
import { gameSessionOfCookie } from '../../server/games/play/game-session';
import { STUDIO_PROVIDER_ID } from '../../server/games/play/rounds';
import { fairSource, hashServerSeed } from '../../server/games/rng/rng';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { gameKey } from '../../server/platform/wallet/seamless-wallet';
import { fieldsOf, gameClient, minor } from '../support/game-play';

/** Issue 16, live tables: shared roulette rounds run by the server (gameId 101, the live lobby). */

const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
const BLACK = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => !RED.includes(n));
const lobby: LiveLobby = liveLobbyFrom({ LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: 20, LIVE_ROULETTE_RESULT_SECONDS: 1 });
const table = lobby.tables[0]!;

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer({ LIVE_ROULETTE_BETTING_SECONDS: '20', LIVE_ROULETTE_RESULT_SECONDS: '1' });
  client = gameClient(server);
});
afterAll(() => server.close());

async function livePlayer(funds = 10_000n) {
  const signedIn = await server.createSignedInPlayer();
  await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  const { cookie, session } = await client.openGame(signedIn.cookie, '101', true);
  return { ...signedIn, gameCookie: cookie, session };
}

const bet = (cookie: string, body: Record<string, unknown>) =>
  client.call('POST', '/gs/live-roulette/bets', { cookie, body: { tableId: table.id, clientRequestId: randomUUID(), ...body } });
const tableNow = async (cookie: string) => liveTableResponseSchema.parse((await client.call('GET', `/gs/live-roulette/tables/${table.id}`, { cookie })).body);
const credits = async (betIds: string[]) =>
  server.db
    .select()
    .from(walletTransaction)
    .where(
      inArray(
        walletTransaction.idempotencyKey,
        betIds.map((id) => gameKey(STUDIO_PROVIDER_ID, `live:${id}:win`)),
      ),
    );

describe('live roulette (gameId 101)', () => {
  it('launches the live lobby as a real-money game session of kind live-roulette', async () => {
    const player = await livePlayer();
    expect(player.session.title).toMatchObject({ gameId: '101', kind: 'live-roulette', currency: 'EUR' });
    const free = await client.call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: '101', playForReal: false } });
    expect(free.status).toBe(403);
    expect(fieldsOf(free)).toEqual(['playForReal']);
  });

  it('refuses a bet after the betting window by the server clock (400 naming roundId) and moves nothing', async () => {
    const player = await livePlayer();
    const opened = await tick(server.db, table, 'node-a', new Date(Date.now() - 25_000));
    expect(opened).toMatchObject({ driving: true, step: 'opened' });
    const state = await tableNow(player.gameCookie);
    expect(state.round).toMatchObject({ status: 'BETTING', serverSeed: null, result: null });
    const late = await bet(player.gameCookie, { roundId: state.round!.roundId, bets: [{ type: 'red', numbers: RED, stake: 1 }] });
    expect(late.status).toBe(400);
    expect(fieldsOf(late)).toEqual(['roundId']);
    expect(late.body.message).toMatch(/No more bets/);
    expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(10_000n);
    // The round closes with nothing to pay.
    expect(await tick(server.db, table, 'node-a', new Date(Date.now() - 5_000))).toMatchObject({ step: 'settled' });
  });

  it('answers 401 without a game session and 400 naming the field for bad bets', async () => {
    const player = await livePlayer();
    const roundId = randomUUID();
    expect((await bet('', { roundId, bets: [{ type: 'red', numbers: RED, stake: 1 }] })).status).toBe(401);
    expect((await client.call('GET', `/gs/live-roulette/tables/${table.id}`)).status).toBe(401);
    const cases: [Record<string, unknown>, string][] = [
      [{ roundId: 'not-a-round', bets: [{ type: 'red', numbers: RED, stake: 1 }] }, 'roundId'],
      [{ roundId, bets: [] }, 'bets'],
      [{ roundId, bets: [{ type: 'pocket', numbers: [1], stake: 1 }] }, 'bets.0.type'],
      [{ roundId, tableId: 'No Table', bets: [{ type: 'red', numbers: RED, stake: 1 }] }, 'tableId'],
    ];
    for (const [body, field] of cases) {
      const answer = await bet(player.gameCookie, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(fieldsOf(answer)).toContain(field);
    }
    await tick(server.db, table, 'node-a', new Date());
    const open = (await tableNow(player.gameCookie)).round!;
    const illegal = await bet(player.gameCookie, { roundId: open.roundId, bets: [{ type: 'split', numbers: [1, 5], stake: 1 }] });
    expect(illegal.status).toBe(400);
    expect(fieldsOf(illegal)).toEqual(['bets.0.numbers']);
    const unknownTable = await bet(player.gameCookie, { roundId: open.roundId, tableId: 'roulette-9', bets: [{ type: 'red', numbers: RED, stake: 1 }] });
    expect(unknownTable.status).toBe(404);
    const unknownRound = await bet(player.gameCookie, { roundId: randomUUID(), bets: [{ type: 'red', numbers: RED, stake: 1 }] });
    expect(unknownRound.status).toBe(404);
    expect(fieldsOf(unknownRound)).toEqual(['roundId']);
  });

  it('settles every bet of a shared round once, pays what the layout pays, balances the ledger and reveals a seed that reproduces the result', async () => {
    const players = await Promise.all([livePlayer(), livePlayer(), livePlayer()]);
    const round = (await tableNow(players[0]!.gameCookie)).round!;
    expect(round.status).toBe('BETTING');
    // Everyone sees the same round and its commitment.
    for (const player of players) expect((await tableNow(player.gameCookie)).round).toMatchObject({ roundId: round.roundId, commitment: round.commitment });

    const stakes = [
      [{ type: 'red', numbers: RED, stake: 2 }],
      [
        { type: 'black', numbers: BLACK, stake: 1.5 },
        { type: 'straight', numbers: [0], stake: 0.5 },
      ],
      [{ type: 'dozen', numbers: Array.from({ length: 12 }, (_, i) => i + 13), stake: 3 }],
    ];
    const receipts = [];
    for (const [index, player] of players.entries()) {
      const clientRequestId = randomUUID();
      const answer = await bet(player.gameCookie, { roundId: round.roundId, bets: stakes[index], clientRequestId });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const receipt = liveBetReceiptSchema.parse(answer.body);
      expect(receipt).toMatchObject({ roundId: round.roundId, commitment: round.commitment, windowClosesAt: round.closesAt, win: null });
      expect(new Date(receipt.acceptedAt).getTime()).toBeLessThan(new Date(receipt.windowClosesAt).getTime());
      // A retry answers the same receipt and takes nothing more.
      const retry = await bet(player.gameCookie, { roundId: round.roundId, bets: stakes[index], clientRequestId });
      expect(liveBetReceiptSchema.parse(retry.body).betId).toBe(receipt.betId);
      receipts.push(receipt);
    }
    expect(receipts.map((receipt) => receipt.stake)).toEqual([2, 2, 3]);
    for (const [index, player] of players.entries()) {
      expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(10_000n - minor(receipts[index]!.stake));
    }

    // Another node cannot drive meanwhile (the driver's lease is renewed at every tick); the driver
    // closes and settles once the window is over.
    expect(await tick(server.db, table, 'node-a', new Date(Date.parse(round.closesAt) - 500))).toMatchObject({ driving: true, step: 'waiting' });
    expect(await tick(server.db, table, 'node-b', new Date(Date.parse(round.closesAt) + 1_000))).toEqual({ driving: false });
    const settled = await tick(server.db, table, 'node-a', new Date(Date.parse(round.closesAt) + 1_000));
    expect(settled).toMatchObject({ driving: true, step: 'settled' });
    // Ticking again pays nothing twice.
    await tick(server.db, table, 'node-a', new Date(Date.parse(round.closesAt) + 1_500));

    const after = (await tableNow(players[0]!.gameCookie)).round!;
    expect(after).toMatchObject({ roundId: round.roundId, status: 'SETTLED' });
    expect(hashServerSeed(after.serverSeed!)).toBe(round.commitment);
    expect(fairSource({ serverSeed: after.serverSeed!, clientSeed: after.clientSeed, nonce: 0 }).randomInt(37)).toBe(after.result);
    const pocket = after.result!;
    const expected = [
      RED.includes(pocket) ? 400n : 0n,
      (BLACK.includes(pocket) ? 300n : 0n) + (pocket === 0 ? 50n * 36n : 0n),
      pocket >= 13 && pocket <= 24 ? 900n : 0n,
    ];
    for (const [index, player] of players.entries()) {
      const receipt = liveBetReceiptSchema.parse(
        (await client.call('GET', `/gs/live-roulette/bets/${receipts[index]!.betId}`, { cookie: player.gameCookie })).body,
      );
      expect(receipt).toMatchObject({ result: pocket, win: Number(expected[index]) / 100 });
      expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(10_000n - minor(receipts[index]!.stake) + expected[index]!);
    }
    const paid = await credits(receipts.map((receipt) => receipt.betId));
    expect(paid.map((row) => row.amount).sort()).toEqual([...expected].sort());
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
    // Another player's receipt is not found.
    const foreign = await client.call('GET', `/gs/live-roulette/bets/${receipts[0]!.betId}`, { cookie: players[1]!.gameCookie });
    expect(foreign.status).toBe(404);
  });

  it('shows everyone at the table the same round over the WebSocket gateway: betting open, no more bets, the result with its seed', async () => {
    const players = await Promise.all([livePlayer(), livePlayer()]);
    const frames: Record<string, unknown>[][] = [[], []];
    const sockets = await Promise.all(
      players.map(
        (player, index) =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/gs/ws`, { headers: { cookie: player.gameCookie } });
            socket.on('message', (data) => frames[index]!.push(JSON.parse(String(data)) as Record<string, unknown>));
            socket.once('open', () => {
              socket.send(JSON.stringify({ type: 'subscribe', topic: `live-roulette:${table.id}` }));
              resolve(socket);
            });
            socket.once('error', reject);
          }),
      ),
    );
    await expect.poll(() => frames.every((list) => list.some((frame) => frame.type === 'subscribed'))).toBe(true);
    const t = Date.now() + 60_000;
    expect(await tick(server.db, table, 'node-a', new Date(t))).toMatchObject({ step: 'opened' });
    expect(await tick(server.db, table, 'node-a', new Date(t + 21_000))).toMatchObject({ step: 'settled' });
    const events = (index: number) =>
      frames[index]!.filter((frame) => frame.type === 'event').map(
        (frame) => frame.payload as { type: string; round?: { roundId: string; commitment: string; serverSeed: string | null; result: number | null } },
      );
    await expect.poll(() => events(0).map((event) => event.type)).toEqual(['betting-open', 'no-more-bets', 'result']);
    await expect.poll(() => events(1).map((event) => event.type)).toEqual(['betting-open', 'no-more-bets', 'result']);
    const [opened, , result] = events(0);
    expect(events(1)[0]!.round!.roundId).toBe(opened!.round!.roundId);
    expect(opened!.round).toMatchObject({ serverSeed: null, result: null });
    expect(hashServerSeed(result!.round!.serverSeed!)).toBe(opened!.round!.commitment);
    expect(result!.round!.result).toBe(drawPocket(result!.round!.serverSeed!, `${table.id}-round-${(await tableNow(players[0]!.gameCookie)).round!.number}`));
    for (const socket of sockets) socket.close();
  });

  it('has one driver per table; when it stops, another takes over and resumes from the stored state without paying twice', async () => {
    const own: LiveTable = { ...table, id: `takeover-${randomUUID().slice(0, 8)}`, resultMs: 1_000 };
    const ownLobby: LiveLobby = { gameId: '101', tables: [own] };
    const player = await livePlayer();
    const session = await gameSessionOfCookie(server.db, player.gameCookie.split('=')[1], { visitorJurisdiction: 'IE' });
    const t0 = Date.now();
    const at = (seconds: number) => new Date(t0 + seconds * 1000);

    expect(await tick(server.db, own, 'node-a', at(0))).toMatchObject({ driving: true, step: 'opened' });
    expect(await tick(server.db, own, 'node-b', at(1))).toEqual({ driving: false });
    const [round1] = await server.db.select().from(liveRound).where(eq(liveRound.tableId, own.id));
    const first = await placeLiveBets(
      server.db,
      ownLobby,
      session,
      { tableId: own.id, roundId: round1!.id, bets: [{ type: 'red', numbers: RED, stake: 1 }], clientRequestId: randomUUID() },
      at(2),
    );

    // node-a stops ticking; its lease lapses and node-b closes and settles round 1.
    expect(await tick(server.db, own, 'node-b', at(5))).toEqual({ driving: false });
    expect(await tick(server.db, own, 'node-b', at(21))).toMatchObject({ driving: true, step: 'settled' });
    expect(await tick(server.db, own, 'node-a', at(22))).toEqual({ driving: false });

    // node-b opens round 2 and stops mid-settlement: the round is CLOSED, its bet not paid yet.
    const opened = await tick(server.db, own, 'node-b', at(23));
    expect(opened).toMatchObject({ driving: true, step: 'opened' });
    const round2 = (opened as { round: { id: string; number: number } }).round;
    expect(round2.number).toBe(2);
    const second = await placeLiveBets(
      server.db,
      ownLobby,
      session,
      { tableId: own.id, roundId: round2.id, bets: [{ type: 'black', numbers: BLACK, stake: 1 }], clientRequestId: randomUUID() },
      at(24),
    );
    await server.db
      .update(liveRound)
      .set({ status: 'CLOSED', closedAt: at(43) })
      .where(eq(liveRound.id, round2.id));

    // node-a takes over after the lease, both nodes tick at once from then on: one drives.
    const results = await Promise.all([tick(server.db, own, 'node-a', at(60)), tick(server.db, own, 'node-b', at(60))]);
    expect(
      results.filter((result) => result.driving),
      JSON.stringify(results),
    ).toHaveLength(1);
    await Promise.all([tick(server.db, own, 'node-a', at(60.5)), tick(server.db, own, 'node-b', at(60.5))]);

    const bets = await server.db
      .select()
      .from(liveBet)
      .where(inArray(liveBet.id, [first.betId, second.betId]));
    expect(bets.every((row) => row.settledAt !== null)).toBe(true);
    const [stored2] = await server.db.select().from(liveRound).where(eq(liveRound.id, round2.id));
    expect(stored2).toMatchObject({ status: 'SETTLED', result: drawPocket(stored2!.serverSeed, stored2!.clientSeed) });
    const paid = await credits([first.betId, second.betId]);
    expect(paid).toHaveLength(2);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
    const rounds = await server.db.select({ number: liveRound.number }).from(liveRound).where(eq(liveRound.tableId, own.id));
    expect(rounds.map((round) => round.number).sort()).toEqual([1, 2, 3].slice(0, rounds.length));
  });
});
