import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinResponseSchema } from '../../contracts/games/play';
import { loadConfig } from '../../server/config/env';
import { gameRound, player } from '../../server/db/schema';
import { LONGEST_GAME_CYCLE_MS } from '../../server/jurisdiction';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { fieldsOf, gameClient, type Answer } from '../support/game-play';
import { gameBody, uniqueId, walletCall } from '../support/wallet-helpers';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 29, item 1: UKGC RTS 14G (in force since 17 January 2025) — every casino game other than
 * slots takes at least 5 s per game cycle for GB players: roulette, blackjack, plinko, mines (and
 * the live table's shared round, by its configuration). The server refuses a round of a game started
 * sooner after the player's previous round of that game started, whatever session started it.
 */

const ROULETTE = 'NT-4001';
const BLACKJACK = 'NT-4002';
const PLINKO = 'PA-5001';
const MINES = 'PA-5002';
const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(ROULETTE, 'roulette-cycle', 'European Roulette');
});
afterAll(() => server.close());

async function playerIn(country: string | null, funds = 100_000n) {
  const signedIn = await server.createSignedInPlayer();
  await server.db.update(player).set({ country }).where(eq(player.id, signedIn.partyId));
  if (funds > 0n) await server.fundPlayer(signedIn.partyId, funds, 'EUR');
  return signedIn;
}

const rouletteSpin = (cookie: string, clientRequestId = randomUUID()) =>
  client.call('POST', '/gs/roulette/spin', { cookie, body: { bets: [{ type: 'red', numbers: RED, stake: 1 }], clientRequestId } });
const plinkoDrop = (cookie: string) => client.call('POST', '/gs/plinko/drop', { cookie, body: { stake: 1, risk: 'low', clientRequestId: randomUUID() } });
const deal = (cookie: string) => client.call('POST', '/gs/blackjack/deal', { cookie, body: { stake: 1, clientRequestId: randomUUID() } });
const act = (cookie: string, roundId: string, action: string, seq: number, take?: boolean) =>
  client.call('POST', '/gs/blackjack/action', { cookie, body: { roundId, action, seq, ...(take === undefined ? {} : { take }) } });
const minesStart = (cookie: string) => client.call('POST', '/gs/mines/start', { cookie, body: { stake: 1, mines: 3, clientRequestId: randomUUID() } });

const rounds = (partyId: string) => server.db.select().from(gameRound).where(eq(gameRound.playerId, partyId));

/** Moves the player's rounds back in time, as if they had started `ms` earlier. */
/**
 * Sets when the player's rounds started to `ms` before now. The rule is measured from the last
 * round's start on the server's clock, so the tests set that start rather than count on how long
 * their own requests take (a loaded machine can take seconds between two of them).
 */
async function startedAgo(partyId: string, ms: number) {
  await server.db
    .update(gameRound)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(gameRound.playerId, partyId));
}

function expectCycleRefusal(answer: Answer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  expect(answer.body.status).toBe('TOO_MANY_REQUESTS');
  expect(answer.body.message).toMatch(/GB rules: a game takes at least 5 seconds/);
  expect(fieldsOf(answer)).toEqual(['minGameCycle']);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(5);
}

describe('the 5 s game cycle of casino games other than slots (GB, RTS 14G)', () => {
  it('is in the session answer: 5000 ms for GB, none for IE and players without a country', async () => {
    expect((await client.openGame((await playerIn('GB')).cookie, ROULETTE, true)).session.rules.minGameCycleMs).toBe(5000);
    expect((await client.openGame((await playerIn('IE')).cookie, ROULETTE, true)).session.rules.minGameCycleMs).toBe(0);
    expect((await client.openGame((await playerIn(null)).cookie, ROULETTE, true)).session.rules.minGameCycleMs).toBe(0);
  });

  it('refuses a GB roulette spin within 5 s of the last (429, Retry-After, the rule named), moving nothing; a retry of the last is answered; after 5 s it plays', async () => {
    const gb = await playerIn('GB');
    const { cookie } = await client.openGame(gb.cookie, ROULETTE, true);
    const firstId = randomUUID();
    const first = spinResponseSchema.parse((await rouletteSpin(cookie, firstId)).body);
    const balance = await getPlayerBalance(server.db, gb.partyId, 'EUR');

    await startedAgo(gb.partyId, 0);
    expectCycleRefusal(await rouletteSpin(cookie));
    expect(await rounds(gb.partyId)).toHaveLength(1);
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(balance);

    const retry = await rouletteSpin(cookie, firstId);
    expect(retry.status).toBe(200);
    expect(retry.body.roundId).toBe(first.roundId);

    await startedAgo(gb.partyId, 3_000);
    expectCycleRefusal(await rouletteSpin(cookie));
    await startedAgo(gb.partyId, 5_100);
    expect((await rouletteSpin(cookie)).status).toBe(200);
  });

  it('holds under parallel starts: of eight GB spins at once one plays and seven are refused, the stake taken once', async () => {
    const gb = await playerIn('GB');
    const { cookie } = await client.openGame(gb.cookie, ROULETTE, true);
    const before = await getPlayerBalance(server.db, gb.partyId, 'EUR');
    const answers = await Promise.all(Array.from({ length: 8 }, () => rouletteSpin(cookie)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) expectCycleRefusal(refused);
    const [round] = await rounds(gb.partyId);
    expect(await rounds(gb.partyId)).toHaveLength(1);
    const after = await getPlayerBalance(server.db, gb.partyId, 'EUR');
    expect(after.cash).toBe(before.cash - round!.stake + round!.win);
  });

  it('binds GB free play too, and a second game session of the same game', async () => {
    const gb = await playerIn('GB', 0n);
    const free = await client.openGame(gb.cookie, ROULETTE, false);
    expect((await rouletteSpin(free.cookie)).status).toBe(200);
    await startedAgo(gb.partyId, 0);
    expectCycleRefusal(await rouletteSpin(free.cookie));
    const again = await client.openGame(gb.cookie, ROULETTE, false);
    await startedAgo(gb.partyId, 0);
    expectCycleRefusal(await rouletteSpin(again.cookie));
  });

  it('binds plinko drops, blackjack deals and mines starts; each game keeps its own cycle', async () => {
    const gb = await playerIn('GB');
    const plinko = await client.openGame(gb.cookie, PLINKO, true);
    expect((await plinkoDrop(plinko.cookie)).status).toBe(200);
    await startedAgo(gb.partyId, 0);
    expectCycleRefusal(await plinkoDrop(plinko.cookie));

    // Another game is another cycle: the plinko drop does not hold a blackjack deal back.
    const blackjack = await client.openGame(gb.cookie, BLACKJACK, true);
    let spin = spinResponseSchema.parse((await deal(blackjack.cookie)).body);
    type View = { inPlay: boolean; phase: string; seq: number };
    const view = () => spin.outcome as View;
    if (view().phase === 'insurance') spin = spinResponseSchema.parse((await act(blackjack.cookie, spin.roundId, 'insurance', 0, false)).body);
    while (view().inPlay) spin = spinResponseSchema.parse((await act(blackjack.cookie, spin.roundId, 'stand', view().seq)).body);
    await startedAgo(gb.partyId, 0);
    expectCycleRefusal(await deal(blackjack.cookie));

    const mines = await client.openGame(gb.cookie, MINES, true);
    const started = await minesStart(mines.cookie);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const roundId = started.body.roundId as string;
    // The round ends at its first pick on a mine or by cashing out after a safe one.
    const picked = await client.call('POST', '/gs/mines/pick', { cookie: mines.cookie, body: { roundId, cell: 0 } });
    expect(picked.status).toBe(200);
    if ((picked.body.outcome as { inPlay: boolean }).inPlay)
      expect((await client.call('POST', '/gs/mines/cashout', { cookie: mines.cookie, body: { roundId } })).status).toBe(200);
    await startedAgo(gb.partyId, 0);
    expectCycleRefusal(await minesStart(mines.cookie));

    await startedAgo(gb.partyId, 5_100);
    expect((await plinkoDrop(plinko.cookie)).status).toBe(200);
    expect((await deal(blackjack.cookie)).status).toBe(200);
  });

  it('leaves IE players and players without a country free to start the next round at once', async () => {
    for (const country of ['IE', null]) {
      const someone = await playerIn(country);
      const { cookie } = await client.openGame(someone.cookie, ROULETTE, true);
      for (let i = 0; i < 3; i++) expect((await rouletteSpin(cookie)).status).toBe(200);
    }
  });

  it("binds a provider's rounds through the seamless wallet: a GB player's new roulette round within 5 s is refused, a round's further bets and slots are not", async () => {
    const gb = await playerIn('GB');
    const bet = (overrides: Record<string, unknown>) =>
      walletCall(server.url, 'debit', gameBody(gb.partyId, { gameId: 'provider-roulette', kind: 'roulette', ...overrides }));
    const first = uniqueId('round');
    expect((await bet({ roundId: first })).status).toBe(200);
    // A further chip on the same round is no new game cycle.
    expect((await bet({ roundId: first })).status).toBe(200);
    const before = await getPlayerBalance(server.db, gb.partyId, 'EUR');
    const tooSoon = await bet({ roundId: uniqueId('round') });
    expect(tooSoon.status, JSON.stringify(tooSoon.body)).toBe(429);
    expect(tooSoon.body.message).toMatch(/GB rules: a game takes at least 5 seconds/);
    expect(tooSoon.body.errors?.map((error) => error.field)).toEqual(['roundId']);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(before);
    // Parallel new rounds: all refused while the cycle runs, none moves money.
    const parallel = await Promise.all(Array.from({ length: 6 }, () => bet({ roundId: uniqueId('round') })));
    expect(parallel.map((answer) => answer.status)).toEqual(Array(6).fill(429));
    expect(await getPlayerBalance(server.db, gb.partyId, 'EUR')).toEqual(before);
    // Another game, a slot (its own 2.5 s rule is the game server's), and a kind the provider does not say are not held.
    expect((await bet({ roundId: uniqueId('round'), gameId: 'provider-blackjack', kind: 'blackjack' })).status).toBe(200);
    expect((await bet({ roundId: uniqueId('round'), gameId: 'provider-slot', kind: 'slot' })).status).toBe(200);
    expect((await walletCall(server.url, 'debit', gameBody(gb.partyId, { gameId: 'provider-roulette' }))).status).toBe(200);
    // An IE player's rounds follow each other at once.
    const ie = await playerIn('IE');
    for (let i = 0; i < 3; i++)
      expect((await walletCall(server.url, 'debit', gameBody(ie.partyId, { gameId: 'provider-roulette', kind: 'roulette' }))).status).toBe(200);
  });

  it('holds parallel first bets of new provider rounds to one', async () => {
    const gb = await playerIn('GB');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => walletCall(server.url, 'debit', gameBody(gb.partyId, { gameId: 'provider-baccarat', kind: 'baccarat' }))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
  });

  it('refuses a configuration whose live roulette round is shorter than the 5 s cycle', () => {
    expect(LONGEST_GAME_CYCLE_MS).toBe(5_000);
    expect(() => loadConfig({ NODE_ENV: 'test', LIVE_ROULETTE_BETTING_SECONDS: '2', LIVE_ROULETTE_RESULT_SECONDS: '2' })).toThrow(
      /LIVE_ROULETTE_BETTING_SECONDS.*5 seconds/s,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', LIVE_ROULETTE_BETTING_SECONDS: '4', LIVE_ROULETTE_RESULT_SECONDS: '1' })).not.toThrow();
  });
});
