import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotateSeedResponseSchema, spinResponseSchema, verifyResponseSchema } from '../../contracts/games/play';
import { gameRound, walletTransaction } from '../../server/db/schema';
import { betTransactionId, STUDIO_PROVIDER_ID, winTransactionId } from '../../server/games/play/rounds';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { gameKey } from '../../server/platform/wallet/seamless-wallet';
import { fieldsOf, gameClient, minor } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

const ROULETTE = 'NT-4001';
const PLINKO = 'PA-5001';

let server: TestServer;
let client: ReturnType<typeof gameClient>;
beforeAll(async () => {
  server = await startTestServer();
  client = gameClient(server);
  await client.publishFreeGame(ROULETTE, 'european-roulette-test', 'European Roulette');
  await client.publishFreeGame(PLINKO, 'plinko-pop-test', 'Plinko Pop');
});
afterAll(() => server.close());

async function funded(amount: bigint) {
  const signedIn = await server.createSignedInPlayer();
  if (amount > 0n) await server.fundPlayer(signedIn.partyId, amount, 'EUR');
  return signedIn;
}

const rouletteSpin = (cookie: string, bets: unknown, clientRequestId: string = randomUUID()) =>
  client.call('POST', '/gs/roulette/spin', { cookie, body: { bets, clientRequestId } });
const plinkoDrop = (cookie: string, stake: number, risk = 'medium', clientRequestId: string = randomUUID()) =>
  client.call('POST', '/gs/plinko/drop', { cookie, body: { stake, risk, clientRequestId } });

async function ledgerOf(roundId: string) {
  const keys = [gameKey(STUDIO_PROVIDER_ID, betTransactionId(roundId)), gameKey(STUDIO_PROVIDER_ID, winTransactionId(roundId))];
  const rows = await server.db.select().from(walletTransaction).where(inArray(walletTransaction.idempotencyKey, keys));
  return rows.map((row) => [row.kind, row.amount]).sort();
}

describe('POST /gs/roulette/spin', () => {
  it('answers 401 without a game session', async () => {
    expect((await rouletteSpin('', [{ type: 'red', numbers: [1], stake: 1 }])).status).toBe(401);
  });

  it('debits the total of the bets and credits exactly what the winning bets return', async () => {
    const signedIn = await funded(10_000n);
    const { cookie, session } = await client.openGame(signedIn.cookie, ROULETTE, true);
    expect(session.title.kind).toBe('roulette');
    const red = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36].includes(n));
    const bets = [
      { type: 'straight', numbers: [17], stake: 0.5 },
      { type: 'red', numbers: red, stake: 2 },
      { type: 'dozen', numbers: Array.from({ length: 12 }, (_, i) => i + 13), stake: 1.1 },
    ];
    let before = 10_000n;
    for (let i = 0; i < 6; i++) {
      const answer = await rouletteSpin(cookie, bets);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const result = spinResponseSchema.parse(answer.body);
      expect(result.stake).toBe(3.6);
      const outcome = result.outcome as { number: number; totalReturned: number; results: { won: boolean; returned: number }[] };
      let expected = 0;
      if (outcome.number === 17) expected += 50 * 36;
      if (red.includes(outcome.number)) expected += 200 * 2;
      if (outcome.number >= 13 && outcome.number <= 24) expected += 110 * 3;
      expect(outcome.totalReturned).toBe(expected);
      expect(minor(result.win)).toBe(BigInt(expected));
      const after = await getPlayerBalance(server.db, signedIn.partyId, 'EUR');
      expect(after.cash + after.bonus).toBe(before - 360n + BigInt(expected));
      expect(minor(result.balance)).toBe(after.cash + after.bonus);
      expect(await ledgerOf(result.roundId)).toEqual(
        [
          ['GAME_BET', 360n],
          ['GAME_WIN', BigInt(expected)],
        ].sort(),
      );
      before = after.cash + after.bonus;
    }
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('refuses an illegal bet, an unknown type, a stake off the chip unit and a total over the table limit (400 naming the field), moving nothing', async () => {
    const signedIn = await funded(100_000n);
    const { cookie } = await client.openGame(signedIn.cookie, ROULETTE, true);
    const notASplit = await rouletteSpin(cookie, [{ type: 'split', numbers: [1, 5], stake: 1 }]);
    expect(notASplit.status).toBe(400);
    expect(fieldsOf(notASplit)).toEqual(['bets.0.numbers']);
    const unknownType = await rouletteSpin(cookie, [{ type: 'basket', numbers: [0, 1, 2], stake: 1 }]);
    expect(unknownType.status).toBe(400);
    expect(fieldsOf(unknownType)).toEqual(['bets.0.type']);
    const offUnit = await rouletteSpin(cookie, [
      { type: 'straight', numbers: [0], stake: 1 },
      { type: 'straight', numbers: [3], stake: 0.15 },
    ]);
    expect(offUnit.status).toBe(400);
    expect(fieldsOf(offUnit)).toEqual(['bets.1.stake']);
    const overLimit = await rouletteSpin(cookie, [
      { type: 'red', numbers: [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36], stake: 300 },
      { type: 'odd', numbers: Array.from({ length: 18 }, (_, i) => 2 * i + 1), stake: 300 },
    ]);
    expect(overLimit.status).toBe(400);
    expect(fieldsOf(overLimit)).toEqual(['bets']);
    const none = await rouletteSpin(cookie, []);
    expect(none.status).toBe(400);
    expect(fieldsOf(none)).toEqual(['bets']);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId))).toEqual([]);
    expect((await getPlayerBalance(server.db, signedIn.partyId, 'EUR')).cash).toBe(100_000n);
  });

  it('refuses bets over the balance (400 INSUFFICIENT_FUNDS, no round)', async () => {
    const signedIn = await funded(100n);
    const { cookie } = await client.openGame(signedIn.cookie, ROULETTE, true);
    const answer = await rouletteSpin(cookie, [{ type: 'straight', numbers: [7], stake: 1.5 }]);
    expect(answer.status).toBe(400);
    expect(answer.body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId))).toEqual([]);
  });

  it('answers a retry with the same clientRequestId with the same round, moving money once', async () => {
    const signedIn = await funded(10_000n);
    const { cookie } = await client.openGame(signedIn.cookie, ROULETTE, true);
    const id = randomUUID();
    const bets = [{ type: 'even', numbers: Array.from({ length: 18 }, (_, i) => 2 * i + 2), stake: 5 }];
    const first = spinResponseSchema.parse((await rouletteSpin(cookie, bets, id)).body);
    const again = spinResponseSchema.parse((await rouletteSpin(cookie, bets, id)).body);
    expect(again.roundId).toBe(first.roundId);
    expect(again.balance).toBe(first.balance);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId))).toHaveLength(1);
    const conflict = await rouletteSpin(cookie, [{ ...bets[0], stake: 10 }], id);
    expect(conflict.status).toBe(409);
  });

  it('refuses roulette in a session of another game', async () => {
    const signedIn = await funded(0n);
    const { cookie } = await client.openGame(signedIn.cookie, PLINKO, false);
    expect((await rouletteSpin(cookie, [{ type: 'straight', numbers: [7], stake: 1 }])).status).toBe(400);
  });
});

describe('POST /gs/plinko/drop', () => {
  it('moves the free balance by stake and win, and the win is the slot multiplier', async () => {
    const signedIn = await funded(0n);
    const { cookie, session } = await client.openGame(signedIn.cookie, PLINKO, false);
    let balance = 100_000n;
    for (let i = 0; i < 5; i++) {
      const result = spinResponseSchema.parse((await plinkoDrop(cookie, 1, i % 2 ? 'high' : 'low')).body);
      const outcome = result.outcome as { path: number[]; slot: number; multiplierTenths: number; win: number };
      expect(outcome.path).toHaveLength(12);
      expect(outcome.slot).toBe(outcome.path.reduce((a, b) => a + b, 0));
      expect(outcome.win).toBe(10 * outcome.multiplierTenths);
      balance = balance - 100n + BigInt(outcome.win);
      expect(minor(result.balance)).toBe(balance);
    }
    expect(session.title.kind).toBe('plinko');
  });

  it('pays real play exactly, and verifies a drop after the seed is revealed', async () => {
    const signedIn = await funded(10_000n);
    const { cookie } = await client.openGame(signedIn.cookie, PLINKO, true);
    const result = spinResponseSchema.parse((await plinkoDrop(cookie, 2)).body);
    expect(await ledgerOf(result.roundId)).toEqual(
      [
        ['GAME_BET', 200n],
        ['GAME_WIN', minor(result.win)],
      ].sort(),
    );
    const after = await getPlayerBalance(server.db, signedIn.partyId, 'EUR');
    expect(after.cash + after.bonus).toBe(10_000n - 200n + minor(result.win));
    rotateSeedResponseSchema.parse((await client.call('POST', '/gs/seeds/rotate', { cookie, body: {} })).body);
    const verified = verifyResponseSchema.parse((await client.call('GET', `/gs/rounds/${result.roundId}/verify`, { cookie })).body);
    expect(verified.verified).toBe(true);
  });

  it('refuses a bad stake or risk (400 naming the field) and a stake over the balance', async () => {
    const signedIn = await funded(100n);
    const { cookie } = await client.openGame(signedIn.cookie, PLINKO, true);
    const offStep = await plinkoDrop(cookie, 0.3);
    expect(offStep.status).toBe(400);
    expect(fieldsOf(offStep)).toEqual(['stake']);
    const tooBig = await plinkoDrop(cookie, 100);
    expect(tooBig.status).toBe(400);
    expect(fieldsOf(tooBig)).toEqual(['stake']);
    const badRisk = await plinkoDrop(cookie, 1, 'extreme');
    expect(badRisk.status).toBe(400);
    expect(fieldsOf(badRisk)).toEqual(['risk']);
    const overBalance = await plinkoDrop(cookie, 2);
    expect(overBalance.status).toBe(400);
    expect(overBalance.body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId))).toEqual([]);
  });

  it('answers a retry with the same clientRequestId with the same drop', async () => {
    const signedIn = await funded(10_000n);
    const { cookie } = await client.openGame(signedIn.cookie, PLINKO, true);
    const id = randomUUID();
    const first = spinResponseSchema.parse((await plinkoDrop(cookie, 1, 'medium', id)).body);
    const again = spinResponseSchema.parse((await plinkoDrop(cookie, 1, 'medium', id)).body);
    expect(again.roundId).toBe(first.roundId);
    expect(again.outcome).toEqual(first.outcome);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, signedIn.partyId))).toHaveLength(1);
  });
});

describe('roulette verification', () => {
  it('recomputes a roulette round from the revealed seed', async () => {
    const signedIn = await funded(10_000n);
    const { cookie } = await client.openGame(signedIn.cookie, ROULETTE, true);
    const result = spinResponseSchema.parse(
      (await rouletteSpin(cookie, [{ type: 'column', numbers: Array.from({ length: 12 }, (_, i) => 3 * i + 1), stake: 1 }])).body,
    );
    await client.call('POST', '/gs/seeds/rotate', { cookie, body: {} });
    const verified = verifyResponseSchema.parse((await client.call('GET', `/gs/rounds/${result.roundId}/verify`, { cookie })).body);
    expect(verified.verified).toBe(true);
  });
});
