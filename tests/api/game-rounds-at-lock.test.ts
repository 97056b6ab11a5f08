import { randomUUID } from 'node:crypto';
import path from 'node:path';
// First: the server's own import order (the game registry before its kinds), as in production.
import { startTestServer, type TestServer } from '../support/test-server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BingoRoomConfig } from '../../contracts/games/bingo';
import { testBingoRoom } from '../support/bingo-rooms';
import { spinResponseSchema } from '../../contracts/games/play';
import { liveBetReceiptSchema, liveTableResponseSchema } from '../../contracts/games/live-roulette';
import { loadConfig } from '../../server/config/env';
import { bingoGame, bingoPurchase, gameRound, liveBet } from '../../server/db/schema';
import { playerRounds, recallPlayerRound, settleRoundsInPlay } from '../../server/games';
import { createBingoDriver } from '../../server/games/kinds/bingo/driver';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
import { liveLobbyFrom, liveBetReceipt, tick } from '../../server/games/kinds/live-roulette';
import { gameSessionOfCookie } from '../../server/games/play/game-session';
import { STUDIO_PROVIDER_ID } from '../../server/games/play/rounds';
import { lockPlayer } from '../../server/platform/limits';
import { endAllSessions } from '../../server/platform/session';
import { createSeamlessWallet } from '../../server/platform/wallet';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { gameClient } from '../support/game-play';

/**
 * Issue 26, item 7: a round in play when a lock starts is settled at the lock, at the player's best
 * outcome that takes no new risk (server/games/README.md "Rounds in play at a lock"): a mines round
 * with a safe tile cashed out, one without voided; a blackjack hand stood or voided, whichever
 * returns more; a live bet on a round still open voided; bingo tickets for a game on sale returned.
 * Once each, also when the settlement runs twice or twice at once (run this file on PostgreSQL for
 * the real race), through the wallet although the player is locked, and visible in the history.
 */

const MINES = 'PA-5002';
const BLACKJACK = 'NT-4002';
const ROOM: BingoRoomConfig = testBingoRoom('lock-room', { prizes: [{ prize: 'FULL_HOUSE', fixed: 100 }] });
const ENV = { BINGO_ROOMS: JSON.stringify([ROOM]), LIVE_ROULETTE_BETTING_SECONDS: '20', LIVE_ROULETTE_RESULT_SECONDS: '1' };
const root = path.resolve(import.meta.dirname, '../..');
const config = loadConfig({ NODE_ENV: 'test', SEED_DEMO_CONTENT: 'false', DATA_DIR: path.join(root, 'tests/.artifacts/unused-data'), ...ENV }, root);
const lobby = liveLobbyFrom(config);
const table = lobby.tables[0]!;
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer(ENV);
  client = gameClient(server);
  await client.publishFreeGame(MINES, 'mines-at-lock', 'Mines of Gold');
});
afterAll(() => server.close());

const context = () => ({ config, database: server.database });
const cashOf = async (playerId: string) => {
  const balance = await getPlayerBalance(server.db, playerId, 'EUR');
  return balance.cash + balance.bonus;
};
const roundRow = async (roundId: string) => (await server.db.select().from(gameRound).where(eq(gameRound.id, roundId)))[0]!;
/**
 * What the player's real rounds already settled moved (wins − stakes): a blackjack deal that ends at
 * once (a natural) before the hand that stays in play pays or takes money of its own. Read before
 * the lock, while the rounds under test are still in play.
 */
const settledDealsNet = async (playerId: string) =>
  (
    await server.db
      .select()
      .from(gameRound)
      .where(and(eq(gameRound.playerId, playerId), eq(gameRound.mode, 'REAL'), eq(gameRound.status, 'SETTLED')))
  ).reduce((net, round) => net + round.win - round.stake, 0n);
const lock = (playerId: string) => lockPlayer(server.db, playerId, { lockType: 'TIMEOUT', lockPeriodUnit: 'DAY', lockPeriod: 1 }, endAllSessions);

async function player(funds = 100_000n) {
  const signedIn = await server.createSignedInPlayer({ currencies: ['EUR'] });
  await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  return signedIn;
}

/** A mines round in play with `reveals` safe tiles uncovered (the stored mines tell which are safe). */
async function minesRound(portalCookie: string, reveals: number) {
  const { cookie } = await client.openGame(portalCookie, MINES, true);
  const started = spinResponseSchema.parse(
    (await client.call('POST', '/gs/mines/start', { cookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } })).body,
  );
  const mines = ((await roundRow(started.roundId)).outcome as { state: { minePositions: number[] } }).state.minePositions;
  const safe = Array.from({ length: 25 }, (_, cell) => cell).filter((cell) => !mines.includes(cell));
  for (const cell of safe.slice(0, reveals)) {
    const picked = await client.call('POST', '/gs/mines/pick', { cookie, body: { roundId: started.roundId, cell } });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
  }
  return { roundId: started.roundId, cookie };
}

/** A blackjack hand in play (a natural settles at the deal: deal again until one stays open). */
async function blackjackHand(portalCookie: string) {
  const { cookie } = await client.openGame(portalCookie, BLACKJACK, true);
  for (let attempt = 0; attempt < 20; attempt++) {
    const dealt = spinResponseSchema.parse(
      (await client.call('POST', '/gs/blackjack/deal', { cookie, body: { stake: 2, clientRequestId: randomUUID() } })).body,
    );
    if (dealt.roundStatus === 'OPEN') return { roundId: dealt.roundId, cookie };
  }
  throw new Error('no blackjack hand stayed in play');
}

describe('rounds in play settle at the lock (issue 26, item 7)', () => {
  it('cashes out a mines round with a safe tile, voids one without, settles a blackjack hand at the better of stand and void — once, for a locked player', async () => {
    const signedIn = await player();
    const before = await cashOf(signedIn.partyId);
    const revealed = await minesRound(signedIn.cookie, 1);
    // One round in play per game and mode: the round with nothing revealed is this player's free-play round.
    const { cookie: freeCookie } = await client.openGame(signedIn.cookie, MINES, false);
    const freeRound = spinResponseSchema.parse(
      (await client.call('POST', '/gs/mines/start', { cookie: freeCookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } })).body,
    );
    const hand = await blackjackHand(signedIn.cookie);
    const handBefore = await roundRow(hand.roundId);
    const staked = 100n + handBefore.stake;
    const start = before + (await settledDealsNet(signedIn.partyId));
    expect(await cashOf(signedIn.partyId)).toBe(start - staked);

    await lock(signedIn.partyId);
    // The lock alone strands them: the round cannot be finished any more.
    expect((await client.call('POST', '/gs/mines/cashout', { cookie: revealed.cookie, body: { roundId: revealed.roundId } })).status).not.toBe(200);

    const settled = await settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT');
    expect(settled.map((entry) => entry.id).sort()).toEqual([revealed.roundId, freeRound.roundId, hand.roundId].sort());

    // Mines, one safe tile: cashed out at the current multiplier, as the player's cash-out pays.
    const cashed = await roundRow(revealed.roundId);
    expect(cashed.status).toBe('SETTLED');
    expect(cashed.outcome).toMatchObject({
      inPlay: false,
      state: { phase: 'cashed' },
      settledAtLock: { reason: 'TIMEOUT', resolution: 'CASHED_OUT', returned: Number(cashed.win) },
    });
    expect(cashed.win).toBeGreaterThan(100n);

    // Mines, nothing revealed (free play): voided, nothing paid.
    const voided = await roundRow(freeRound.roundId);
    expect(voided.status).toBe('ROLLED_BACK');
    expect(voided.win).toBe(0n);
    expect(voided.outcome).toMatchObject({ inPlay: false, settledAtLock: { resolution: 'VOIDED', returned: 100 } });

    // Blackjack: standing when that returns at least the stakes, else the stakes back; never less.
    const closed = await roundRow(hand.roundId);
    const mark = (closed.outcome as { settledAtLock: { resolution: string; returned: number } }).settledAtLock;
    if (mark.resolution === 'STOOD') {
      expect(closed.status).toBe('SETTLED');
      expect(closed.win).toBeGreaterThanOrEqual(closed.stake);
      expect(closed.outcome).toMatchObject({ inPlay: false, state: { phase: 'settled' } });
      expect(BigInt(mark.returned)).toBe(closed.win);
    } else {
      expect(mark.resolution).toBe('VOIDED');
      expect(closed.status).toBe('ROLLED_BACK');
      expect(BigInt(mark.returned)).toBe(closed.stake);
    }
    const handReturned = BigInt(mark.returned);
    expect(handReturned).toBeGreaterThanOrEqual(closed.stake);
    const after = start - staked + cashed.win + handReturned;
    expect(await cashOf(signedIn.partyId)).toBe(after);

    // Twice, and twice at once: nothing more moves.
    expect(await settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT')).toEqual([]);
    const again = await Promise.all([settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT'), settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT')]);
    expect(again.flat()).toEqual([]);
    expect(await cashOf(signedIn.partyId)).toBe(after);

    // The history shows each round and how the lock closed it; verification still holds once the seed is known.
    const { rounds } = await playerRounds(server.db, signedIn.partyId, { offset: 0, limit: 10 });
    const byId = new Map(rounds.map((round) => [round.roundId, round]));
    expect(byId.get(revealed.roundId)).toMatchObject({ status: 'SETTLED', settledAtLock: { resolution: 'CASHED_OUT', reason: 'TIMEOUT' } });
    expect(byId.get(freeRound.roundId)).toMatchObject({ status: 'ROLLED_BACK', settledAtLock: { resolution: 'VOIDED' } });
    expect(byId.get(hand.roundId)?.settledAtLock?.resolution).toBe(mark.resolution);
    const recalled = await recallPlayerRound(server.db, signedIn.partyId, hand.roundId);
    expect(recalled.outcome).toMatchObject({ inPlay: false, legalActions: [], settledAtLock: { resolution: mark.resolution } });

    // A new stake after the lock is refused: by the game server, and by the wallet itself.
    expect(
      (await client.call('POST', '/gs/mines/start', { cookie: revealed.cookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } })).status,
    ).not.toBe(200);
    await expect(
      createSeamlessWallet(server.db).debit({
        providerId: STUDIO_PROVIDER_ID,
        playerId: signedIn.partyId,
        transactionId: `after-lock-${randomUUID()}`,
        roundId: randomUUID(),
        gameId: MINES,
        gameKind: 'mines',
        currency: 'EUR',
        amount: 100n,
      }),
    ).rejects.toMatchObject({ status: 'PLAYER_LOCKED' });
    expect(await cashOf(signedIn.partyId)).toBe(after);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('pays once when two settlements race on a fresh lock', async () => {
    const signedIn = await player();
    const before = await cashOf(signedIn.partyId);
    const revealed = await minesRound(signedIn.cookie, 2);
    const hand = await blackjackHand(signedIn.cookie);
    const start = before + (await settledDealsNet(signedIn.partyId));
    await lock(signedIn.partyId);
    const raced = await Promise.all([
      settleRoundsInPlay(context(), signedIn.partyId, 'EXCLUSION'),
      settleRoundsInPlay(context(), signedIn.partyId, 'EXCLUSION'),
    ]);
    expect(
      raced
        .flat()
        .map((entry) => entry.id)
        .sort(),
    ).toEqual([revealed.roundId, hand.roundId].sort());
    const cashed = await roundRow(revealed.roundId);
    const closed = await roundRow(hand.roundId);
    const handReturned = BigInt((closed.outcome as { settledAtLock: { returned: number } }).settledAtLock.returned);
    expect(await cashOf(signedIn.partyId)).toBe(start - 100n - closed.stake + cashed.win + handReturned);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('voids a live bet on a round not yet resolved and returns bingo tickets for a game not yet started', async () => {
    const signedIn = await player(10_000n);
    const before = await cashOf(signedIn.partyId);
    // Live roulette: a bet on the round whose window is open.
    await tick(server.db, table, 'lock-node', new Date());
    const { cookie: liveCookie } = await client.openGame(signedIn.cookie, lobby.gameId, true);
    const state = liveTableResponseSchema.parse((await client.call('GET', `/gs/live-roulette/tables/${table.id}`, { cookie: liveCookie })).body);
    const placed = await client.call('POST', '/gs/live-roulette/bets', {
      cookie: liveCookie,
      body: { tableId: table.id, roundId: state.round!.roundId, clientRequestId: randomUUID(), bets: [{ type: 'red', numbers: RED, stake: 5 }] },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const receipt = liveBetReceiptSchema.parse(placed.body);
    // Bingo: tickets for the game on sale.
    await createBingoDriver(server.db, bingoRooms(config), { driverId: 'lock-bingo', lobbyGameId: config.BINGO_GAME_ID }).tick(new Date());
    const [game] = await server.db
      .select()
      .from(bingoGame)
      .where(and(eq(bingoGame.roomId, ROOM.id), eq(bingoGame.status, 'SELLING')));
    const { cookie: bingoCookie } = await client.openGame(signedIn.cookie, config.BINGO_GAME_ID, true);
    const bought = await client.call('POST', '/gs/bingo/tickets', {
      cookie: bingoCookie,
      body: { gameId: game!.id, tickets: 3, clientRequestId: randomUUID() },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(await cashOf(signedIn.partyId)).toBe(before - 500n - 30n);
    const session = await gameSessionOfCookie(server.db, liveCookie.split('=')[1]!, { visitorJurisdiction: config.VISITOR_JURISDICTION });

    await lock(signedIn.partyId);
    const settled = await Promise.all([settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT'), settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT')]);
    expect(
      settled
        .flat()
        .map((entry) => [entry.kind, entry.resolution, entry.returned])
        .sort(),
    ).toEqual([
      ['bingo', 'VOIDED', 30],
      ['live-roulette', 'VOIDED', 500],
    ]);
    expect(await cashOf(signedIn.partyId)).toBe(before);
    expect(await settleRoundsInPlay(context(), signedIn.partyId, 'TIMEOUT')).toEqual([]);

    const [bet] = await server.db.select().from(liveBet).where(eq(liveBet.id, receipt.betId));
    expect(bet!.settledAt).not.toBeNull();
    expect(await liveBetReceipt(server.db, lobby, session, receipt.betId)).toMatchObject({ win: null, settledAtLock: { resolution: 'VOIDED', returned: 500 } });
    const [purchase] = await server.db.select().from(bingoPurchase).where(eq(bingoPurchase.playerId, signedIn.partyId));
    expect(purchase!.refundedAt).not.toBeNull();

    // The round closes and the game's sales close without them: nothing more is paid to or taken from the player.
    await tick(server.db, table, 'lock-node', new Date(Date.now() + 25_000));
    expect(await cashOf(signedIn.partyId)).toBe(before);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });
});
