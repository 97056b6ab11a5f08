import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { testBingoRoom } from '../support/bingo-rooms';
import {
  bingoBuyResponseSchema,
  bingoEventsResponseSchema,
  bingoGameStateResponseSchema,
  bingoMyTicketsResponseSchema,
  bingoRoomsResponseSchema,
  bingoVerifyResponseSchema,
} from '../../contracts/games/bingo';
import { bingoCall, bingoGame, bingoPurchase, bingoTicket, bingoWin, walletTransaction } from '../../server/db/schema';
import { createBingoDriver, type BingoDriver } from '../../server/games/kinds/bingo/driver';
import { ballOrder } from '../../server/games/kinds/bingo/fairness';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { eventsAfter } from '../../server/realtime/event-bus';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { ApiClient } from '../support/api-client';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Bingo (issue 16): rooms from BINGO_ROOMS, tickets through the wallet, the driver's calls and
 * prizes, cancel and refund, a second node taking a room over, verification. The server's own
 * driver is off in tests (NODE_ENV=test); each test drives its own room with `tick(now)` at the
 * times it chooses. Games start at the next slot of a room's clock: every 1440 minutes here, so the
 * next game always starts at the coming midnight UTC and sales stay open for the purchases.
 */

const room = (id: string, overrides: Partial<BingoRoomConfig> = {}): BingoRoomConfig =>
  testBingoRoom(id, {
    minPlayers: 2,
    prizes: [
      { prize: 'ONE_LINE', shareBps: 1_000 },
      { prize: 'TWO_LINES', shareBps: 2_000 },
      { prize: 'FULL_HOUSE', fixed: 100 },
    ],
    // Every full house is within 90 calls: the full-house call also wins the jackpot (two prizes on one call).
    jackpot: { calls: 90, contributionBps: 1_000 },
    ...overrides,
  });

const ROOMS: BingoRoomConfig[] = [
  room('shop'),
  room('full'),
  room('cancel'),
  room('takeover', {
    prizes: [
      { prize: 'ONE_LINE', fixed: 7 },
      { prize: 'TWO_LINES', fixed: 11 },
      { prize: 'FULL_HOUSE', fixed: 50 },
    ],
  }),
  room('race', {
    prizes: [
      { prize: 'ONE_LINE', fixed: 5 },
      { prize: 'TWO_LINES', fixed: 10 },
      { prize: 'FULL_HOUSE', fixed: 20 },
    ],
  }),
  room('stars', {
    balls: 75,
    ticketPrice: 2,
    prizes: [
      { prize: 'LINE', shareBps: 3_000 },
      { prize: 'FULL_HOUSE', shareBps: 5_000 },
    ],
    jackpot: { calls: 40, contributionBps: 500 },
  }),
];
const rooms = bingoRooms({ BINGO_ROOMS: JSON.stringify(ROOMS) });
const roomNamed = (id: string) => rooms.find((r) => r.id === id)!;

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer({ BINGO_ROOMS: JSON.stringify(ROOMS) });
  client = gameClient(server);
});
afterAll(() => server.close());

const driver = (roomId: string, driverId = `node-${roomId}`, leaseMs = 10_000): BingoDriver =>
  createBingoDriver(server.db, [roomNamed(roomId)], { driverId, leaseMs, lobbyGameId: 'bingo' });

async function bingoPlayer(funds = 10_000n) {
  const signedIn = await server.createSignedInPlayer({ currencies: ['EUR'] });
  if (funds > 0n) await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  const { cookie, session } = await client.openGame(signedIn.cookie, 'bingo', true);
  return { ...signedIn, gameCookie: cookie, session };
}

const buy = (cookie: string, gameId: string, tickets: number, clientRequestId: string = randomUUID()) =>
  client.call('POST', '/gs/bingo/tickets', { cookie, body: { gameId, tickets, clientRequestId } });

async function gameOf(roomId: string, status: 'SELLING' | 'PLAYING' | 'ENDED' | 'CANCELLED' = 'SELLING') {
  const [game] = await server.db
    .select()
    .from(bingoGame)
    .where(and(eq(bingoGame.roomId, roomId), eq(bingoGame.status, status)));
  if (!game) throw new Error(`no ${status} game in ${roomId}`);
  return game;
}

/** Ticks one call interval at a time from `from` until the game has ended; answers the time after. */
async function playToEnd(drivers: BingoDriver[], gameId: string, from: Date): Promise<Date> {
  let now = from;
  for (let i = 0; i < 200; i++) {
    for (const d of drivers) await d.tick(now);
    const [game] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, gameId));
    if (game?.status === 'ENDED' || game?.status === 'CANCELLED') return now;
    now = new Date(now.getTime() + 1_000);
  }
  throw new Error('the game did not end');
}

/** A whole game is some 90 ticks of a few statements each: more than the default 30 s on a busy machine. */
const GAME_TIMEOUT_MS = 180_000;

const sumOf = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('bingo lobby: launch and rooms', () => {
  it('POST /gs/launch with gameId bingo opens the bingo lobby (real play only); the rooms show the next game, its commitment and the jackpot funding', async () => {
    const player = await bingoPlayer(0n);
    expect(player.session.title).toMatchObject({ gameId: 'bingo', kind: 'bingo', currency: 'EUR' });
    const free = await client.call('POST', '/gs/launch', { cookie: player.cookie, body: { gameId: 'bingo', playForReal: false } });
    expect(free.status).toBe(403);
    await driver('shop').tick(new Date());
    const answer = await client.call('GET', '/gs/bingo/rooms');
    expect(answer.status).toBe(200);
    const parsed = bingoRoomsResponseSchema.parse(answer.body);
    const shop = parsed.rooms.find((r) => r.roomId === 'shop')!;
    expect(shop).toMatchObject({ balls: 90, ticketPrice: 0.1, maxTicketsPerPlayer: 12, jackpot: { calls: 90, contributionPercent: 10 } });
    expect(shop.jackpot!.rule).toMatch(/full house within 90 calls/);
    expect(shop.nextGame?.status).toBe('SELLING');
    expect(shop.nextGame?.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(parsed.rooms.find((r) => r.roomId === 'stars')?.balls).toBe(75);
  });
});

describe('bingo tickets', () => {
  it('a 90-ball strip of six uses 1–90 exactly once; each ticket has 15 numbers, five a row, each column in its range', async () => {
    const player = await bingoPlayer();
    const game = await gameOf('shop');
    const answer = await buy(player.gameCookie, game.id, 6);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const bought = bingoBuyResponseSchema.parse(answer.body);
    expect(bought.tickets).toHaveLength(6);
    const all = bought.tickets.flatMap((ticket) => ticket.grid.flat().filter((n) => n > 0)).sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    for (const ticket of bought.tickets) {
      expect(ticket.grid).toHaveLength(3);
      for (const row of ticket.grid) expect(row.filter((n) => n > 0)).toHaveLength(5);
      for (let column = 0; column < 9; column++) {
        const numbers = ticket.grid.map((row) => row[column]!).filter((n) => n > 0);
        expect(numbers.length).toBeGreaterThanOrEqual(1);
        const low = column === 0 ? 1 : column * 10;
        const high = column === 8 ? 90 : column * 10 + 9;
        for (const n of numbers) expect(n >= low && n <= high).toBe(true);
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });

  it('a purchase debits once per clientRequestId; a retry answers the same tickets; another purchase under the same id is refused', async () => {
    const player = await bingoPlayer(1_000n);
    const game = await gameOf('shop');
    const key = randomUUID();
    const first = bingoBuyResponseSchema.parse((await buy(player.gameCookie, game.id, 3, key)).body);
    expect(first).toMatchObject({ amount: 0.3, replayed: false, balance: 9.7 });
    const again = bingoBuyResponseSchema.parse((await buy(player.gameCookie, game.id, 3, key)).body);
    expect(again).toMatchObject({ purchaseId: first.purchaseId, replayed: true, balance: 9.7 });
    expect(again.tickets.map((t) => t.ticketId).sort()).toEqual(first.tickets.map((t) => t.ticketId).sort());
    const debits = await server.db
      .select()
      .from(walletTransaction)
      .where(and(eq(walletTransaction.playerId, player.partyId), eq(walletTransaction.kind, 'GAME_BET')));
    expect(debits.map((row) => row.amount)).toEqual([30n]);
    const conflict = await buy(player.gameCookie, game.id, 2, key);
    expect(conflict.status).toBe(409);
    expect(fieldsOf(conflict)).toEqual(['clientRequestId']);
    expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(970n);
  });

  it("refuses tickets beyond the room's maximum per player (400 naming tickets) and moves nothing", async () => {
    const player = await bingoPlayer(1_000n);
    const game = await gameOf('shop');
    expect((await buy(player.gameCookie, game.id, 10)).status).toBe(200);
    const over = await buy(player.gameCookie, game.id, 3);
    expect(over.status).toBe(400);
    expect(fieldsOf(over)).toEqual(['tickets']);
    expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(900n);
  });

  it('refuses a player on a time-out (403 PLAYER_LOCKED), as for any stake', async () => {
    const player = await bingoPlayer(1_000n);
    const game = await gameOf('shop');
    const portal = new ApiClient(server.url);
    portal.cookies.set('SESSION_KEY', player.token);
    const locked = await portal.post('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'DAY', lockPeriod: 1 });
    expect(locked.status).toBe(200);
    const answer = await buy(player.gameCookie, game.id, 1);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ status: 'PLAYER_LOCKED' });
    expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(1_000n);
  });

  it('refuses a purchase without enough money (nothing stored)', async () => {
    const player = await bingoPlayer(5n);
    const game = await gameOf('shop');
    const answer = await buy(player.gameCookie, game.id, 1);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'INSUFFICIENT_FUNDS' });
    expect(await server.db.select().from(bingoPurchase).where(eq(bingoPurchase.playerId, player.partyId))).toEqual([]);
  });

  it('bonus money never pays for tickets (issue 14 "Fair by rule": a casino bonus is never wagered on bingo): cash short is 400 naming amount even when the bonus would cover it; with cash enough the bonus is untouched', async () => {
    const player = await bingoPlayer(5n);
    const portal = new ApiClient(server.url);
    portal.cookies.set('SESSION_KEY', player.token);
    expect((await portal.post('/ps/redeemBonus', { code: 'WELCOME10' })).status).toBe(200);
    const before = await getPlayerBalance(server.db, player.partyId, 'EUR');
    expect(before).toMatchObject({ cash: 5n });
    await driver('shop').tick(new Date());
    expect(before.bonus).toBeGreaterThanOrEqual(10n);
    const game = await gameOf('shop');
    const refused = await buy(player.gameCookie, game.id, 1);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 'INSUFFICIENT_FUNDS' });
    expect(fieldsOf(refused)).toEqual(['amount']);
    expect(JSON.stringify(refused.body)).toContain('€0.10');
    expect(await server.db.select().from(bingoPurchase).where(eq(bingoPurchase.playerId, player.partyId))).toEqual([]);
    expect(await getPlayerBalance(server.db, player.partyId, 'EUR')).toEqual(before);

    await server.fundPlayer(player.partyId, 20n, 'EUR');
    expect((await buy(player.gameCookie, game.id, 2)).status).toBe(200);
    expect(await getPlayerBalance(server.db, player.partyId, 'EUR')).toMatchObject({ cash: 5n, bonus: before.bonus });
  });

  it('bad input is 400 naming the field; no game session is 401; another player’s ticket is 404; an unknown game is 404', async () => {
    const player = await bingoPlayer();
    const other = await bingoPlayer();
    const game = await gameOf('shop');
    expect(fieldsOf(await buy(player.gameCookie, game.id, 0))).toEqual(['tickets']);
    expect(fieldsOf(await buy(player.gameCookie, 'not-a-game', 1))).toEqual(['gameId']);
    const noKey = await client.call('POST', '/gs/bingo/tickets', { cookie: player.gameCookie, body: { gameId: game.id, tickets: 1 } });
    expect(noKey.status).toBe(400);
    expect(fieldsOf(noKey)).toEqual(['clientRequestId']);
    expect(fieldsOf(await client.call('GET', `/gs/bingo/games/${game.id}/events?afterSeq=-1`))).toEqual(['afterSeq']);
    expect((await buy('', game.id, 1)).status).toBe(401);
    expect((await client.call('GET', `/gs/bingo/games/${game.id}/tickets`)).status).toBe(401);
    const bought = bingoBuyResponseSchema.parse((await buy(other.gameCookie, game.id, 1)).body);
    const foreign = await client.call('GET', `/gs/bingo/tickets/${bought.tickets[0]!.ticketId}`, { cookie: player.gameCookie });
    expect(foreign.status).toBe(404);
    expect((await client.call('GET', `/gs/bingo/tickets/${bought.tickets[0]!.ticketId}`, { cookie: other.gameCookie })).status).toBe(200);
    const mine = bingoMyTicketsResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${game.id}/tickets`, { cookie: player.gameCookie })).body);
    expect(mine.tickets).toEqual([]);
    expect((await buy(player.gameCookie, randomUUID(), 1)).status).toBe(404);
    expect((await client.call('GET', `/gs/bingo/games/${randomUUID()}`)).status).toBe(404);
    // A slot's game session is not the bingo lobby's.
    const slot = await client.openGame(player.cookie, 'SR-1001', true);
    const wrong = await buy(slot.cookie, game.id, 1);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ status: 'WRONG_GAME' });
  });
});

describe('a bingo game to full house', () => {
  let gameId: string;
  const players: Awaited<ReturnType<typeof bingoPlayer>>[] = [];

  it(
    'several players, the same card: every prize is split exactly on the same ball (remainder to the earliest-bought tickets), a full house within the jackpot calls pays both on one call, players away are paid, the ledger balances',
    async () => {
      const d = driver('full');
      await d.tick(new Date());
      const game = await gameOf('full');
      gameId = game.id;
      for (let i = 0; i < 3; i++) players.push(await bingoPlayer(1_000n));
      const bought = [];
      for (const player of players) bought.push(bingoBuyResponseSchema.parse((await buy(player.gameCookie, game.id, 1)).body));
      // The tie, built on purpose: all three players hold the first player's card, so they complete every prize on the same ball.
      const card = bought[0]!.tickets[0]!.grid;
      await server.db.update(bingoTicket).set({ grid: card }).where(eq(bingoTicket.gameId, game.id));
      // A ticket bought after sales close is refused.
      await d.tick(game.startsAt);
      const closed = await gameOf('full', 'PLAYING');
      const late = await buy(players[0]!.gameCookie, game.id, 1);
      expect(late.status).toBe(400);
      expect(fieldsOf(late)).toEqual(['gameId']);
      // Mid-game the tickets come sorted by numbers to go.
      for (let i = 0; i < 10; i++) await d.tick(new Date(game.startsAt.getTime() + i * 1_000));
      const midway = bingoMyTicketsResponseSchema.parse(
        (await client.call('GET', `/gs/bingo/games/${game.id}/tickets`, { cookie: players[0]!.gameCookie })).body,
      );
      // Each ticket is marked with exactly the numbers called so far that it holds (after ten calls a
      // ticket of 15 may well hold none of them, so the check is the marks themselves, not their count).
      const calledSoFar = (await server.db.select().from(bingoCall).where(eq(bingoCall.gameId, game.id))).map((call) => call.number);
      expect(calledSoFar.length).toBeGreaterThan(0);
      const byNumber = (a: number, b: number) => a - b;
      expect([...midway.tickets[0]!.marked].sort(byNumber)).toEqual(calledSoFar.filter((number) => card.flat().includes(number)).sort(byNumber));
      await playToEnd([d], closed.id, new Date(game.startsAt.getTime() + 10_000));

      const state = bingoGameStateResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${game.id}`)).body);
      expect(state.gameStatus).toBe('ENDED');
      // Sales 3 × 0.10: one line 10% = 0.03, two lines 20% = 0.06, full house fixed 1.00, jackpot 10% = 0.03.
      expect(state.pools).toEqual([
        { prize: 'ONE_LINE', amount: 0.03 },
        { prize: 'TWO_LINES', amount: 0.06 },
        { prize: 'FULL_HOUSE', amount: 1 },
      ]);
      const wins = await server.db.select().from(bingoWin).where(eq(bingoWin.gameId, game.id));
      const tickets = await server.db.select().from(bingoTicket).where(eq(bingoTicket.gameId, game.id)).orderBy(asc(bingoTicket.serial));
      const expected: Record<string, bigint[]> = { ONE_LINE: [1n, 1n, 1n], TWO_LINES: [2n, 2n, 2n], FULL_HOUSE: [34n, 33n, 33n], JACKPOT: [1n, 1n, 1n] };
      for (const [prize, amounts] of Object.entries(expected)) {
        const ofPrize = wins.filter((win) => win.prize === prize);
        expect(new Set(ofPrize.map((win) => win.callSeq)).size, prize).toBe(1);
        // In ticket-purchase order: the remainder's unit goes to the earliest-bought ticket.
        expect(
          tickets.map((ticket) => ofPrize.find((win) => win.ticketId === ticket.id)?.amount),
          prize,
        ).toEqual(amounts);
      }
      const fullHouse = wins.find((win) => win.prize === 'FULL_HOUSE')!;
      expect(wins.find((win) => win.prize === 'JACKPOT')!.callSeq).toBe(fullHouse.callSeq);
      expect(state.calls).toHaveLength(fullHouse.callSeq);
      expect(state.winners.map((w) => w.prize)).toEqual(['ONE_LINE', 'TWO_LINES', 'FULL_HOUSE', 'JACKPOT']);

      // The ledger: each player paid 0.10 and won their shares, through the wallet only; stakes = prizes + the house's part.
      const rows = await server.db.select().from(walletTransaction).where(eq(walletTransaction.reference, game.id));
      const stakes = sumOf(rows.filter((row) => row.kind === 'GAME_BET').map((row) => row.amount));
      const prizes = sumOf(rows.filter((row) => row.kind === 'GAME_WIN').map((row) => row.amount));
      expect(stakes).toBe(30n);
      expect(prizes).toBe(sumOf(wins.map((win) => win.amount)));
      expect(prizes).toBe(3n + 6n + 100n + 3n);
      const house = stakes - prizes;
      expect(house).toBe(-82n);
      for (const [index, player] of players.entries()) {
        const won = sumOf(wins.filter((win) => win.playerId === player.partyId).map((win) => win.amount));
        expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash, `player ${index}`).toBe(1_000n - 10n + won);
      }
      expect(auditProblems(await auditLedger(server.db))).toEqual([]);
    },
    GAME_TIMEOUT_MS,
  );

  it('events are stored in order with no gaps and read after a seq: sales closed with the commitment, each call, the prizes, the end with the seed', async () => {
    const all = bingoEventsResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${gameId}/events?afterSeq=0`)).body).events;
    expect(all.map((event) => event.seq)).toEqual(all.map((_, i) => i + 1));
    const [game] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, gameId));
    expect(all[0]).toMatchObject({ type: 'SALES_CLOSED', payload: { commitment: game!.serverSeedHash, tickets: 3, players: 3 } });
    expect(all.at(-1)).toMatchObject({ type: 'END', payload: { serverSeed: game!.serverSeed } });
    const calls = all.filter((event) => event.type === 'CALL').map((event) => event.payload.number);
    const stored = await server.db.select().from(bingoCall).where(eq(bingoCall.gameId, gameId)).orderBy(asc(bingoCall.seq));
    expect(calls).toEqual(stored.map((call) => call.number));
    expect(all.filter((event) => event.type === 'PRIZE').map((event) => event.payload.prize)).toEqual(['ONE_LINE', 'TWO_LINES', 'FULL_HOUSE', 'JACKPOT']);
    // The same events, in the same order, on the real-time bus (topic bingo:<room>) for every node's WebSocket clients.
    const onBus = await eventsAfter(server.db, 'bingo:full', 0, 1_000);
    expect(onBus.map((event) => event.payload).filter((payload) => (payload as { gameId: string }).gameId === gameId)).toEqual(all);
    const after = bingoEventsResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${gameId}/events?afterSeq=5`)).body).events;
    expect(after[0]!.seq).toBe(6);
    expect(after).toHaveLength(all.length - 5);
  });

  it('the revealed order verifies: the endpoint and an independent recomputation agree with the calls', async () => {
    const verified = bingoVerifyResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${gameId}/verify`)).body);
    expect(verified.verified).toBe(true);
    expect(createHash('sha256').update(Buffer.from(verified.serverSeed, 'hex')).digest('hex')).toBe(verified.serverSeedHash);
    expect(ballOrder(verified.serverSeed, gameId, 90)).toEqual(verified.ballOrder);
    expect(verified.ballOrder.slice(0, verified.calls.length)).toEqual(verified.calls);
    expect([...verified.ballOrder].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
  });

  it('a game still on sale cannot be verified yet (400 SEED_NOT_REVEALED), its state shows no seed', async () => {
    const next = await gameOf('full');
    const answer = await client.call('GET', `/gs/bingo/games/${next.id}/verify`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'SEED_NOT_REVEALED' });
    expect(bingoGameStateResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${next.id}`)).body).serverSeed).toBeNull();
  });
});

describe('a cancelled bingo game', () => {
  it('too few players: the game is cancelled and every purchase refunded once, however often the driver ticks', async () => {
    const d = driver('cancel');
    await d.tick(new Date());
    const game = await gameOf('cancel');
    const player = await bingoPlayer(1_000n);
    expect((await buy(player.gameCookie, game.id, 4)).status).toBe(200);
    expect((await buy(player.gameCookie, game.id, 2)).status).toBe(200);
    expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(940n);
    await d.tick(game.startsAt);
    await d.tick(new Date(game.startsAt.getTime() + 1_000));
    await driver('cancel', 'another-node', 10_000).tick(new Date(game.startsAt.getTime() + 60_000));
    const [cancelled] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
    expect(cancelled!.status).toBe('CANCELLED');
    expect((await getPlayerBalance(server.db, player.partyId, 'EUR')).cash).toBe(1_000n);
    const rollbacks = await server.db
      .select()
      .from(walletTransaction)
      .where(and(eq(walletTransaction.reference, game.id), eq(walletTransaction.kind, 'GAME_ROLLBACK')));
    expect(rollbacks.map((row) => row.amount).sort()).toEqual([20n, 40n]);
    const events = bingoEventsResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${game.id}/events`)).body).events;
    expect(events.map((event) => event.type)).toEqual(['CANCEL']);
    expect(events[0]!.payload).toMatchObject({ reason: 'fewer than 2 players', refunds: 2 });
    // A new game is on sale in the room.
    expect((await gameOf('cancel')).id).not.toBe(game.id);
  });
});

describe('bingo across nodes', () => {
  it(
    'the driving node stops mid-game; another takes the room over once the lease expires and carries on: no call repeated or skipped, no prize paid twice',
    async () => {
      const first = driver('takeover', 'node-a', 5_000);
      const second = driver('takeover', 'node-b', 5_000);
      await first.tick(new Date());
      const game = await gameOf('takeover');
      for (let i = 0; i < 3; i++) {
        const player = await bingoPlayer(1_000n);
        expect((await buy(player.gameCookie, game.id, 6)).status).toBe(200);
      }
      let now = game.startsAt;
      await first.tick(now);
      for (let i = 0; i < 12; i++) {
        now = new Date(now.getTime() + 1_000);
        await first.tick(now);
      }
      const [before] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
      expect(before!.callsMade).toBe(12);
      // node-a stops (no release: as if killed). node-b cannot drive while node-a's lease runs.
      now = new Date(now.getTime() + 1_000);
      await second.tick(now);
      const [waiting] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
      expect(waiting!.callsMade).toBe(12);
      // Once it has expired, node-b takes over and calls the 13th ball.
      now = new Date(now.getTime() + 5_000);
      await second.tick(now);
      const [resumed] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
      expect(resumed!.callsMade).toBe(13);
      // node-a comes back at the same moment: it no longer holds the lease and changes nothing.
      await first.tick(now);
      await first.tick(new Date(now.getTime() + 1_000));
      const [afterZombie] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
      expect(afterZombie!.callsMade).toBe(13);
      await playToEnd([second, first], game.id, new Date(now.getTime() + 1_000));

      const calls = await server.db.select().from(bingoCall).where(eq(bingoCall.gameId, game.id)).orderBy(asc(bingoCall.seq));
      expect(calls.map((call) => call.seq)).toEqual(calls.map((_, i) => i + 1));
      const [ended] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
      expect(calls.map((call) => call.number)).toEqual(ballOrder(ended!.serverSeed, game.id, 90).slice(0, calls.length));
      const wins = await server.db.select().from(bingoWin).where(eq(bingoWin.gameId, game.id));
      const credits = await server.db
        .select()
        .from(walletTransaction)
        .where(and(eq(walletTransaction.reference, game.id), eq(walletTransaction.kind, 'GAME_WIN')));
      expect(credits).toHaveLength(wins.length);
      for (const prize of ['ONE_LINE', 'TWO_LINES', 'FULL_HOUSE']) {
        const ofPrize = wins.filter((win) => win.prize === prize);
        expect(ofPrize.length, prize).toBeGreaterThan(0);
        expect(new Set(ofPrize.map((win) => win.callSeq)).size, prize).toBe(1);
      }
      expect(sumOf(wins.filter((w) => w.prize === 'FULL_HOUSE').map((w) => w.amount))).toBe(50n);
      const verified = bingoVerifyResponseSchema.parse((await client.call('GET', `/gs/bingo/games/${game.id}/verify`)).body);
      expect(verified.verified).toBe(true);
      expect(auditProblems(await auditLedger(server.db))).toEqual([]);
    },
    GAME_TIMEOUT_MS,
  );
});

describe('bingo on two nodes at once', () => {
  it(
    'two nodes on their own connections tick the same room at the same moments: one drives, the other takes over when it stops; every call once, in order',
    async () => {
      const second = await startTestServer({ BINGO_ROOMS: JSON.stringify(ROOMS) }, { sameDatabaseAs: server });
      try {
        const a = createBingoDriver(server.db, [roomNamed('race')], { driverId: 'race-a', leaseMs: 3_000, lobbyGameId: 'bingo' });
        const b = createBingoDriver(second.db, [roomNamed('race')], { driverId: 'race-b', leaseMs: 3_000, lobbyGameId: 'bingo' });
        await Promise.all([a.tick(new Date()), b.tick(new Date())]);
        const game = await gameOf('race');
        for (let i = 0; i < 2; i++) expect((await buy((await bingoPlayer(1_000n)).gameCookie, game.id, 6)).status).toBe(200);
        let now = game.startsAt;
        for (let i = 0; i < 15; i++) {
          await Promise.all([a.tick(now), b.tick(now)]);
          now = new Date(now.getTime() + 1_000);
        }
        const [lease] = await server.db
          .execute<{ holder: string }>(sql`SELECT holder FROM bingo_room_lease WHERE room_id = 'race'`)
          .then((r) => (Array.isArray(r) ? r : (r as { rows: { holder: string }[] }).rows));
        const [holder, other] = lease!.holder === 'race-a' ? [a, b] : [b, a];
        const [midway] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
        expect(midway!.callsMade).toBe(14);
        // The holder stops; the other node's ticks take over after the lease runs out.
        await holder.stop().catch(() => undefined);
        await server.db.execute(sql`UPDATE bingo_room_lease SET expires_at = ${new Date(now.getTime() + 3_000)} WHERE room_id = 'race'`);
        await playToEnd([other], game.id, new Date(now.getTime() + 3_000));
        const calls = await server.db.select().from(bingoCall).where(eq(bingoCall.gameId, game.id)).orderBy(asc(bingoCall.seq));
        const [ended] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, game.id));
        expect(calls.map((call) => call.number)).toEqual(ballOrder(ended!.serverSeed, game.id, 90).slice(0, calls.length));
        expect(new Set(calls.map((call) => call.number)).size).toBe(calls.length);
        const wins = await server.db.select().from(bingoWin).where(eq(bingoWin.gameId, game.id));
        const credits = await server.db
          .select()
          .from(walletTransaction)
          .where(and(eq(walletTransaction.reference, game.id), eq(walletTransaction.kind, 'GAME_WIN')));
        expect(credits).toHaveLength(wins.length);
        expect(sumOf(wins.filter((w) => w.prize === 'FULL_HOUSE').map((w) => w.amount))).toBe(20n);
      } finally {
        await second.close();
      }
    },
    GAME_TIMEOUT_MS,
  );
});

describe('75-ball', () => {
  it(
    'cards are 5×5 with a free centre, B 1–15 … O 61–75; a game plays to a full house with a line first',
    async () => {
      const d = driver('stars');
      await d.tick(new Date());
      const game = await gameOf('stars');
      const a = await bingoPlayer(1_000n);
      const b = await bingoPlayer(1_000n);
      const bought = bingoBuyResponseSchema.parse((await buy(a.gameCookie, game.id, 2)).body);
      expect((await buy(b.gameCookie, game.id, 2)).status).toBe(200);
      for (const ticket of bought.tickets) {
        expect(ticket.grid).toHaveLength(5);
        expect(ticket.grid[2]![2]).toBe(0);
        for (let column = 0; column < 5; column++) {
          for (const n of ticket.grid.map((row) => row[column]!).filter((v) => v > 0)) expect(n > column * 15 && n <= column * 15 + 15).toBe(true);
        }
      }
      await d.tick(game.startsAt);
      await playToEnd([d], game.id, new Date(game.startsAt.getTime() + 1_000));
      const wins = await server.db
        .select()
        .from(bingoWin)
        .where(and(eq(bingoWin.gameId, game.id), inArray(bingoWin.prize, ['LINE', 'FULL_HOUSE'])));
      const line = wins.find((w) => w.prize === 'LINE')!;
      const house = wins.find((w) => w.prize === 'FULL_HOUSE')!;
      expect(line.callSeq).toBeLessThan(house.callSeq);
    },
    GAME_TIMEOUT_MS,
  );
});
