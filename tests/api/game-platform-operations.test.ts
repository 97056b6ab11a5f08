import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { favoriteGameResponseSchema, gamesResponseSchema, transactionHistoryResponseSchema } from '../../contracts/platform/games/games';
import { gameRound } from '../../server/db/schema';
import { TITLES } from '../../server/games/titles/registry';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { fieldsOf, gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

const SLOT = 'SR-3001';
const ROULETTE = 'NT-4001';
const PLINKO = 'PA-5001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(SLOT, 'lucky-sevens-ops', 'Lucky Sevens Classic');
  await client.publishFreeGame(ROULETTE, 'roulette-ops', 'European Roulette');
  await client.publishFreeGame(PLINKO, 'plinko-ops', 'Plinko Pop');
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('getMostPopularGames and getHottestGames', () => {
  it('fall back to the catalogue order when there are no rounds', async () => {
    const popular = gamesResponseSchema.parse((await client.call('GET', '/ps/getMostPopularGames?count=5')).body);
    expect(popular.games.map((game) => game.gameId)).toEqual(TITLES.slice(0, 5).map((title) => title.gameId));
    expect(popular.games[0]).toEqual({ gameId: TITLES[0]!.gameId, platform: 'emerald-studio', gameName: TITLES[0]!.name });
    const hottest = gamesResponseSchema.parse((await client.call('GET', '/ps/getHottestGames?count=2')).body);
    expect(hottest.games.map((game) => game.gameId)).toEqual(TITLES.slice(0, 2).map((title) => title.gameId));
  });

  it('rank by distinct players over 30 days (popular) and by rounds in the last 24 hours (hottest)', async () => {
    for (let i = 0; i < 3; i++) {
      const signedIn = await server.createSignedInPlayer();
      const { cookie } = await client.openGame(signedIn.cookie, ROULETTE, false);
      expect(
        (
          await client.call('POST', '/gs/roulette/spin', {
            cookie,
            body: { bets: [{ type: 'straight', numbers: [i], stake: 1 }], clientRequestId: randomUUID() },
          })
        ).status,
      ).toBe(200);
    }
    const plinkoPlayer = await server.createSignedInPlayer();
    const plinko = await client.openGame(plinkoPlayer.cookie, PLINKO, false);
    for (let i = 0; i < 5; i++)
      expect(
        (await client.call('POST', '/gs/plinko/drop', { cookie: plinko.cookie, body: { stake: 1, risk: 'low', clientRequestId: randomUUID() } })).status,
      ).toBe(200);
    // Two players of the slot, whose 12 rounds are two days old: popular over 30 days, not hot.
    for (let p = 0; p < 2; p++) {
      const signedIn = await server.createSignedInPlayer();
      const slot = await client.openGame(signedIn.cookie, SLOT, false);
      for (let i = 0; i < 6; i++)
        expect(
          (
            await client.call('POST', '/gs/slots/spin', {
              cookie: slot.cookie,
              body: { stake: slot.session.title.limits.steps[0], clientRequestId: randomUUID() },
            })
          ).status,
        ).toBe(200);
    }
    await server.db
      .update(gameRound)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) })
      .where(eq(gameRound.gameId, SLOT));

    const popular = gamesResponseSchema.parse((await client.call('GET', '/ps/getMostPopularGames?count=5')).body);
    expect(popular.games.slice(0, 3).map((game) => game.gameId)).toEqual([ROULETTE, SLOT, PLINKO]);
    expect(popular.games).toHaveLength(5);
    expect(new Set(popular.games.map((game) => game.gameId)).size).toBe(5);
    const hottest = gamesResponseSchema.parse((await client.call('GET', '/ps/getHottestGames?count=2')).body);
    expect(hottest.games.map((game) => game.gameId)).toEqual([PLINKO, ROULETTE]);
  });

  it('answer 400 naming count for a bad count', async () => {
    for (const path of ['/ps/getMostPopularGames?count=0', '/ps/getHottestGames?count=abc', '/ps/getFavoriteGames?count=51']) {
      const signedIn = await server.createSignedInPlayer();
      const answer = await client.call('GET', path, { cookie: signedIn.cookie });
      expect(answer.status, path).toBe(400);
      expect(fieldsOf(answer)).toEqual(['count']);
    }
  });
});

describe('favourites', () => {
  it('answer 401 without a session', async () => {
    expect((await client.call('POST', '/ps/addFavoriteGame', { body: { gameId: SLOT } })).status).toBe(401);
    expect((await client.call('POST', '/ps/removeFavoriteGame', { body: { gameId: SLOT } })).status).toBe(401);
    expect((await client.call('GET', '/ps/getFavoriteGames')).status).toBe(401);
  });

  it('adds, lists newest first (4 by default), and removes favourites', async () => {
    const signedIn = await server.createSignedInPlayer();
    const ids = TITLES.slice(0, 5).map((title) => title.gameId);
    for (const gameId of ids) {
      const added = favoriteGameResponseSchema.parse((await client.call('POST', '/ps/addFavoriteGame', { cookie: signedIn.cookie, body: { gameId } })).body);
      expect(added.message).toMatch(/added/);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const again = favoriteGameResponseSchema.parse(
      (await client.call('POST', '/ps/addFavoriteGame', { cookie: signedIn.cookie, body: { gameId: ids[0] } })).body,
    );
    expect(again.message).toMatch(/already/);
    const home = gamesResponseSchema.parse((await client.call('GET', '/ps/getFavoriteGames', { cookie: signedIn.cookie })).body);
    expect(home.games.map((game) => game.gameId)).toEqual([...ids].reverse().slice(0, 4));
    expect(home.games[0]).toEqual({ gameId: ids[4], platform: 'emerald-studio', gameName: TITLES[4]!.name });
    const two = gamesResponseSchema.parse((await client.call('GET', '/ps/getFavoriteGames?count=2&version=2', { cookie: signedIn.cookie })).body);
    expect(two.games).toHaveLength(2);

    const removed = favoriteGameResponseSchema.parse(
      (await client.call('POST', '/ps/removeFavoriteGame', { cookie: signedIn.cookie, body: { gameId: ids[4] } })).body,
    );
    expect(removed.message).toMatch(/removed/);
    const notThere = favoriteGameResponseSchema.parse(
      (await client.call('POST', '/ps/removeFavoriteGame', { cookie: signedIn.cookie, body: { gameId: ids[4] } })).body,
    );
    expect(notThere.message).toMatch(/not one of your favourites/);
    const after = gamesResponseSchema.parse((await client.call('GET', '/ps/getFavoriteGames?count=10', { cookie: signedIn.cookie })).body);
    expect(after.games.map((game) => game.gameId)).toEqual([...ids.slice(0, 4)].reverse());

    const other = await server.createSignedInPlayer();
    expect(gamesResponseSchema.parse((await client.call('GET', '/ps/getFavoriteGames', { cookie: other.cookie })).body).games).toEqual([]);
  });

  it('refuses a missing or unknown gameId naming gameId', async () => {
    const signedIn = await server.createSignedInPlayer();
    const missing = await client.call('POST', '/ps/addFavoriteGame', { cookie: signedIn.cookie, body: {} });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing)).toEqual(['gameId']);
    const unknown = await client.call('POST', '/ps/addFavoriteGame', { cookie: signedIn.cookie, body: { gameId: 'NO-SUCH-GAME' } });
    expect(unknown.status).toBe(404);
    expect(fieldsOf(unknown)).toEqual(['gameId']);
    const blank = await client.call('POST', '/ps/removeFavoriteGame', { cookie: signedIn.cookie, body: { gameId: '  ' } });
    expect(blank.status).toBe(400);
    expect(fieldsOf(blank)).toEqual(['gameId']);
  });
});

describe('getTransactionHistory', () => {
  it('answers 401 without a session', async () => {
    expect((await client.call('GET', `/ps/getTransactionHistory?date=${today()}&type=game`)).status).toBe(401);
  });

  it("lists the day's game bets and wins newest first, with the balance after each", async () => {
    const signedIn = await server.createSignedInPlayer();
    await server.fundPlayer(signedIn.partyId, 10_000n, 'EUR');
    const { cookie, session } = await client.openGame(signedIn.cookie, SLOT, true);
    const stake = session.title.limits.steps[0]!;
    const spins = [];
    for (let i = 0; i < 4; i++)
      spins.push(spinResponseSchema.parse((await client.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } })).body));

    const answer = await client.call('GET', `/ps/getTransactionHistory?date=${today()}&type=game`, { cookie: signedIn.cookie });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { transactions } = transactionHistoryResponseSchema.parse(answer.body);
    const wins = spins.filter((spin) => spin.win > 0).length;
    expect(transactions).toHaveLength(4 + wins);
    expect(transactions.filter((row) => row.tranType === 'GAME_BET').every((row) => row.amount === stake)).toBe(true);
    expect(transactions.every((row) => row.gameName === 'Lucky Sevens Classic' && row.currency === 'EUR')).toBe(true);
    const times = transactions.map((row) => Date.parse(row.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The newest row's balance is the wallet's; walking back, each row undoes its movement.
    const balance = await getPlayerBalance(server.db, signedIn.partyId, 'EUR');
    expect(minor(transactions[0]!.postBalance)).toBe(balance.cash + balance.bonus);
    for (let i = 0; i + 1 < transactions.length; i++) {
      const row = transactions[i]!;
      const delta = row.tranType === 'GAME_WIN' ? minor(row.amount) : -minor(row.amount);
      expect(minor(transactions[i + 1]!.postBalance)).toBe(minor(row.postBalance) - delta);
    }
    expect(minor(transactions.at(-1)!.postBalance)).toBe(10_000n - minor(stake));

    const otherHour = (new Date().getUTCHours() + 1) % 24;
    const hourAnswer = transactionHistoryResponseSchema.parse(
      (await client.call('GET', `/ps/getTransactionHistory?date=${today()}&hour=${otherHour}&type=game`, { cookie: signedIn.cookie })).body,
    );
    expect(hourAnswer.transactions).toEqual([]);
    const thisHour = transactionHistoryResponseSchema.parse(
      (await client.call('GET', `/ps/getTransactionHistory?date=${today()}&hour=${new Date().getUTCHours()}`, { cookie: signedIn.cookie })).body,
    );
    expect(thisHour.transactions.length).toBeGreaterThanOrEqual(1);
    const yesterday = new Date(Date.now() - 24 * 60 * 60_000).toISOString().slice(0, 10);
    expect(
      transactionHistoryResponseSchema.parse((await client.call('GET', `/ps/getTransactionHistory?date=${yesterday}`, { cookie: signedIn.cookie })).body)
        .transactions,
    ).toEqual([]);
  });

  it('answers 400 naming the field for a bad date, hour or type', async () => {
    const signedIn = await server.createSignedInPlayer();
    for (const [query, field] of [
      ['date=2026-13-01', 'date'],
      ['', 'date'],
      [`date=${today()}&hour=24`, 'hour'],
      [`date=${today()}&type=deposit`, 'type'],
    ] as const) {
      const answer = await client.call('GET', `/ps/getTransactionHistory?${query}`, { cookie: signedIn.cookie });
      expect(answer.status, query).toBe(400);
      expect(fieldsOf(answer), query).toEqual([field]);
    }
  });
});
