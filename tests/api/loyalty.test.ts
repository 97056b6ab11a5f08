import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeSpinGrant, loyaltyAccount, loyaltyPointsEntry, player, playerBonus } from '../../server/db/schema';
import { DEFAULT_LOYALTY_SETTINGS, loyaltyPointsPolicy, type LoyaltySettings } from '../../server/platform/loyalty';
import { replaceMoneyPolicy } from '../support/money-policies';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { seedDemoLoyalty } from '../../server/seed/demo/loyalty';
import { cashierPlayer } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { fundedWalletPlayer, gameBody, walletCall } from '../support/wallet-helpers';

/**
 * The loyalty programme (issue 14; LOY-02, LOY-08, NS-04, NS-05): points earned on the cash part of
 * real-money stakes at the wallet's policy point (once per bet, on the general and the one-statement
 * path), shown in getBalance and loyaltyPointsStatus, and spent at once by the shop's checkout.
 * Default rates: EUR slot 10 points per €1, roulette 2, blackjack 1, any other kind 5.
 */

let server: TestServer;
const SLOT = 'SR-1001';

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoBonusPlans(server.db);
  await seedDemoLoyalty(server.db, { startingPoints: false });
});
afterAll(() => server.close());

type Signed = Awaited<ReturnType<typeof cashierPlayer>>;
const pointsOf = async (playerId: string) => (await server.db.select().from(loyaltyAccount).where(eq(loyaltyAccount.playerId, playerId)))[0]?.points ?? 0n;
const earnRows = (playerId: string) =>
  server.db.select().from(loyaltyPointsEntry).where(eq(loyaltyPointsEntry.playerId, playerId)).orderBy(loyaltyPointsEntry.id);
const give = (playerId: string, points: bigint) => server.db.insert(loyaltyPointsEntry).values({ playerId, kind: 'GRANT', points, note: 'test' });
const debit = (playerId: string, amount: number, kind?: string, currency = 'EUR') =>
  walletCall(server.url, 'debit', gameBody(playerId, { amount, currency, ...(kind ? { kind } : {}) }));
const status = (client: Signed['client']) =>
  client.get<{ points: number; earnedPoints: number; level: string; nextLevel: string | null; nextLevelPoints: number | null }>('/ps/loyaltyPointsStatus');
const buy = (client: Signed['client'], items: { itemCode: string; quantity: number }[], requestId: string = randomUUID()) =>
  client.post<{ status: string; order: { orderId: number; total: number; lines: { bonusIds: number[] }[] }; points: number; errors?: { field: string }[] }>(
    '/ps/loyaltyCheckout',
    { requestId, items },
  );

async function funded(cents = 10_000n): Promise<Signed> {
  const signed = await cashierPlayer(server);
  await server.fundPlayer(signed.partyId, cents);
  return signed;
}

describe('earning points (LOY-08)', () => {
  it('a real-money bet earns at its game kind’s rate, once, even when the same bet request is retried; getBalance shows the points', async () => {
    const { client, partyId } = await funded();
    const bet = gameBody(partyId, { amount: 2, kind: 'slot' });
    expect((await walletCall(server.url, 'debit', bet)).status).toBe(200);
    // The provider retries the same request (same transaction id): a replay, no second earn.
    const retried = await walletCall(server.url, 'debit', bet);
    expect(retried.status).toBe(200);
    expect(await pointsOf(partyId)).toBe(20n);
    expect(await earnRows(partyId)).toHaveLength(1);
    // Parallel retries of one new bet: still one earn.
    const twice = gameBody(partyId, { amount: 1, kind: 'slot' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => walletCall(server.url, 'debit', twice)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await pointsOf(partyId)).toBe(30n);

    expect((await debit(partyId, 5, 'roulette')).status).toBe(200); // 2 per €1
    expect((await debit(partyId, 3, 'blackjack')).status).toBe(200); // 1 per €1
    expect((await debit(partyId, 1)).status).toBe(200); // kind not said: 5 per €1
    expect((await debit(partyId, 0.05, 'slot')).status).toBe(200); // half a point: nothing
    expect(await pointsOf(partyId)).toBe(30n + 10n + 3n + 5n);
    const balance = await client.get<{ currencyBalances: { currency: string; loyaltyPoint: number }[] }>('/ps/getBalance');
    expect(balance.body.currencyBalances.find((entry) => entry.currency === 'EUR')?.loyaltyPoint).toBe(48);
    const answer = await status(client);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ points: 48, earnedPoints: 48, level: 'BRONZE', nextLevel: 'SILVER', nextLevelPoints: 1000 });
  });

  it('the rate is per currency: a GBP stake earns at the GBP rate, a currency without rates earns nothing', async () => {
    // The server's points policy with rates of this test's own, as the composition root builds it.
    const withRates = (rates: LoyaltySettings['rates']) =>
      replaceMoneyPolicy(server.db, loyaltyPointsPolicy({ inducements: server.context.inducements, settings: { ...DEFAULT_LOYALTY_SETTINGS, rates } }));
    const restore = withRates({ EUR: { slot: 10 }, GBP: { slot: 3 } });
    try {
      const { partyId } = await cashierPlayer(server, { currencies: ['GBP', 'EUR'] });
      await server.fundPlayer(partyId, 10_000n, 'GBP');
      await server.fundPlayer(partyId, 10_000n, 'EUR');
      expect((await debit(partyId, 10, 'slot', 'GBP')).status).toBe(200);
      expect(await pointsOf(partyId)).toBe(30n);
      expect((await debit(partyId, 10, 'slot', 'EUR')).status).toBe(200);
      expect(await pointsOf(partyId)).toBe(130n);
      expect((await debit(partyId, 10, 'roulette', 'EUR')).status).toBe(200); // no roulette rate and no '*'
      withRates({ GBP: { slot: 3 } });
      expect((await debit(partyId, 10, 'slot', 'EUR')).status).toBe(200); // EUR has no rates now
      expect(await pointsOf(partyId)).toBe(130n);
      expect((await earnRows(partyId)).map((row) => [row.currency, row.gameKind, row.stake, row.points])).toEqual([
        ['GBP', 'slot', 1_000n, 30n],
        ['EUR', 'slot', 1_000n, 100n],
      ]);
    } finally {
      restore();
    }
  });

  it('a slot spin on the one-statement path earns once; free play and stakes of bonus money earn nothing', async () => {
    const { cookie, partyId } = await funded();
    const games = gameClient(server);
    const real = await games.openGame(cookie, SLOT, true);
    const spin = { stake: 1, clientRequestId: randomUUID() };
    const spun = await games.call('POST', '/gs/slots/spin', { cookie: real.cookie, body: spin });
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    // The same spin request again (a client retry) is answered from the first round.
    expect((await games.call('POST', '/gs/slots/spin', { cookie: real.cookie, body: spin })).status).toBe(200);
    const rows = await earnRows(partyId);
    expect(rows.map((row) => [row.kind, row.gameKind, row.stake, row.points])).toEqual([['EARN', 'slot', 100n, 10n]]);
    expect(await pointsOf(partyId)).toBe(10n);

    await games.publishFreeGame(SLOT, 'loyalty-free-slot', 'Free slot');
    const free = await games.openGame(cookie, SLOT, false);
    expect((await games.call('POST', '/gs/slots/spin', { cookie: free.cookie, body: { stake: 1, clientRequestId: randomUUID() } })).status).toBe(200);
    expect(await pointsOf(partyId)).toBe(10n);

    const bonusOnly = await fundedWalletPlayer(server.db, `loyalty_bonus_${Date.now()}`, 0n, 1_000n);
    expect((await debit(bonusOnly, 5, 'slot')).status).toBe(200);
    expect(await getPlayerBalance(server.db, bonusOnly, 'EUR')).toMatchObject({ bonus: 500n });
    expect(await pointsOf(bonusOnly)).toBe(0n);
  });

  it('a bet its provider rolls back gives back what it earned, once, and never more than is left', async () => {
    const { partyId } = await funded();
    const bet = gameBody(partyId, { amount: 3, kind: 'slot' });
    expect((await walletCall(server.url, 'debit', bet)).status).toBe(200);
    expect((await debit(partyId, 1, 'slot')).status).toBe(200);
    expect(await pointsOf(partyId)).toBe(40n);
    const rollback = { ...gameBody(partyId), originalTransactionId: bet.transactionId };
    expect((await walletCall(server.url, 'rollback', rollback)).status).toBe(200);
    // The provider retries the rollback, under the same and under another id: one reversal.
    expect((await walletCall(server.url, 'rollback', rollback)).status).toBe(200);
    expect((await walletCall(server.url, 'rollback', { ...rollback, transactionId: randomUUID() })).status).toBe(200);
    expect(await pointsOf(partyId)).toBe(10n);
    const [account] = await server.db.select().from(loyaltyAccount).where(eq(loyaltyAccount.playerId, partyId));
    expect(account?.earned).toBe(10n);
    expect((await earnRows(partyId)).map((row) => [row.kind, row.points])).toEqual([
      ['EARN', 30n],
      ['EARN', 10n],
      ['REVERSE', -30n],
    ]);

    // Points already spent stay spent: the reversal takes what is left, and the balance stays at zero or above.
    const spender = await funded();
    const spent = gameBody(spender.partyId, { amount: 5, kind: 'slot' });
    expect((await walletCall(server.url, 'debit', spent)).status).toBe(200);
    await server.db
      .insert(loyaltyPointsEntry)
      .values({ playerId: spender.partyId, kind: 'SPEND', points: -45n, orderId: 900_000_000n + BigInt(Date.now() % 1_000_000) });
    expect(await pointsOf(spender.partyId)).toBe(5n);
    expect((await walletCall(server.url, 'rollback', { ...gameBody(spender.partyId), originalTransactionId: spent.transactionId })).status).toBe(200);
    expect(await pointsOf(spender.partyId)).toBe(0n);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('points never go below zero: the account’s CHECK refuses a spend past the balance', async () => {
    const { partyId } = await cashierPlayer(server);
    await give(partyId, 100n);
    await expect(
      server.db.execute(sql`INSERT INTO loyalty_points_entry (player_id, kind, points, order_id) VALUES (${partyId}, 'SPEND', -101, 999999999)`),
    ).rejects.toThrow();
    await expect(
      server.db.execute(sql`INSERT INTO loyalty_points_entry (player_id, kind, points, note) VALUES (${partyId}, 'GRANT', -1, 'x')`),
    ).rejects.toThrow();
    expect(await pointsOf(partyId)).toBe(100n);
  });

  it('the level follows points earned and is the vipStatus; a VIP tier given by hand (LORD) is kept', async () => {
    const { client, partyId } = await funded();
    await give(partyId, 1_200n);
    expect((await status(client)).body).toMatchObject({ points: 1_200, level: 'SILVER', nextLevel: 'GOLD', nextLevelPoints: 5_000 });
    expect((await client.get<{ user: { vipStatus: string } }>('/ps/getPlayerInfo')).body.user.vipStatus).toBe('SILVER');
    // Spending does not lower the level.
    expect((await buy(client, [{ itemCode: 'MUG', quantity: 3 }])).status).toBe(200);
    expect((await status(client)).body).toMatchObject({ points: 300, earnedPoints: 1_200, level: 'SILVER' });

    const lord = await cashierPlayer(server);
    await server.db.update(player).set({ vipStatus: 'LORD' }).where(eq(player.id, lord.partyId));
    await give(lord.partyId, 6_000n);
    expect((await status(lord.client)).body).toMatchObject({ level: 'LORD', nextLevel: null });
    expect((await lord.client.get<{ user: { vipStatus: string } }>('/ps/getPlayerInfo')).body.user.vipStatus).toBe('LORD');
  });
});

describe('the shop (LOY-02, NS-05)', () => {
  it('getLoyaltyItems answers the spec’s fields; bonus money only in the player’s currency; descriptions in mk', async () => {
    const { client } = await cashierPlayer(server);
    const answer = await client.get<{ items: Record<string, unknown>[] }>('/ps/getLoyaltyItems');
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((item) => item.itemCode)).toEqual(['BONUS-EUR-5', 'BONUS-EUR-10', 'SPINS-20', 'MUG', 'CAP']);
    expect(answer.body.items[0]).toMatchObject({
      itemCode: 'BONUS-EUR-5',
      imageUrl: '/images/loyalty/bonus-5.svg',
      description: '€5 bonus money, 1× wagering within 30 days',
      price: 500,
      brand: 'Emerald',
      loyaltyItemStatus: 'ACTIVE',
      type: 'BONUS_MONEY',
      freespin: false,
      noOfFreespin: 0,
      bonusAmount: 5,
      currency: 'EUR',
    });
    expect(typeof answer.body.items[0]?.updateDate).toBe('string');
    expect(answer.body.items[2]).toMatchObject({ itemCode: 'SPINS-20', type: 'FREE_SPINS', freespin: true, noOfFreespin: 20, price: 400, bonusAmount: null });
    const mk = await client.get<{ items: { description: string }[] }>('/ps/getLoyaltyItems?lang=mk');
    expect(mk.body.items[3]?.description).toBe('Emerald шолја, испратена на вашата адреса');
    const gbp = await cashierPlayer(server, { currencies: ['GBP'] });
    expect((await gbp.client.get<{ items: { itemCode: string }[] }>('/ps/getLoyaltyItems')).body.items.map((item) => item.itemCode)).toEqual([
      'BONUS-GBP-5',
      'MUG',
      'CAP',
    ]);
  });

  it('checkout spends the cart’s total at once; not enough points is refused with INSUFFICIENT_POINTS and changes nothing', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await give(partyId, 1_000n);
    const short = await buy(client, [
      { itemCode: 'MUG', quantity: 2 },
      { itemCode: 'CAP', quantity: 1 },
    ]); // 1 050
    expect(short.status).toBe(400);
    expect(short.body.status).toBe('INSUFFICIENT_POINTS');
    expect(short.body.errors?.[0]?.field).toBe('items');
    expect(await pointsOf(partyId)).toBe(1_000n);
    const done = await buy(client, [
      { itemCode: 'MUG', quantity: 1 },
      { itemCode: 'CAP', quantity: 1 },
    ]);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.order.total).toBe(750);
    expect(done.body.points).toBe(250);
    expect(await pointsOf(partyId)).toBe(250n);
    const read = await client.get<{ order: { orderId: number; total: number } }>(`/ps/getLoyaltyOrder?orderId=${done.body.order.orderId}`);
    expect(read.body.order).toMatchObject({ orderId: done.body.order.orderId, total: 750 });
  });

  it('a checkout retried with the same request id answers the same order and spends once; another cart under that id is a conflict', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await give(partyId, 1_000n);
    const requestId = randomUUID();
    const answers = await Promise.all([0, 1, 2].map(() => buy(client, [{ itemCode: 'MUG', quantity: 1 }], requestId)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.order.orderId)).size).toBe(1);
    expect(await pointsOf(partyId)).toBe(700n);
    const conflict = await buy(client, [{ itemCode: 'CAP', quantity: 1 }], requestId);
    expect(conflict.status).toBe(409);
    expect(conflict.body.errors?.[0]?.field).toBe('requestId');
    expect(await pointsOf(partyId)).toBe(700n);
  });

  it('10 parallel checkouts with points for 3 cannot overspend: exactly 3 succeed', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await give(partyId, 900n);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(client, [{ itemCode: 'MUG', quantity: 1 }])));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((code) => code === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.status)).toEqual(Array(7).fill('INSUFFICIENT_POINTS'));
    expect(await pointsOf(partyId)).toBe(0n);
    const spends = (await earnRows(partyId)).filter((row) => row.kind === 'SPEND');
    expect(spends.reduce((sum, row) => sum + row.points, 0n)).toBe(-900n);
  });

  it('a bonus-money item is granted as a bonus through the wallet; the ledger’s invariants hold; bets during the checkout do not deadlock', async () => {
    const { client, partyId } = await funded();
    await give(partyId, 2_000n);
    const [done] = await Promise.all([
      buy(client, [
        { itemCode: 'BONUS-EUR-5', quantity: 1 },
        { itemCode: 'BONUS-EUR-10', quantity: 1 },
      ]),
      ...Array.from({ length: 4 }, () => debit(partyId, 1, 'slot')),
    ]);
    expect(done?.status, JSON.stringify(done?.body)).toBe(200);
    const bonusIds = done!.body.order.lines.flatMap((line) => line.bonusIds);
    expect(bonusIds).toHaveLength(2);
    const bonuses = await server.db.select().from(playerBonus).where(eq(playerBonus.playerId, partyId)).orderBy(playerBonus.id);
    expect(bonuses.map((bonus) => [bonus.planId, bonus.status, bonus.amount])).toEqual([
      [1101, 'ACTIVE', 500n],
      [1101, 'QUEUED', 1_000n],
    ]);
    expect((await getPlayerBalance(server.db, partyId, 'EUR')).bonus).toBe(500n);
    // 2 000 given + 4 × 10 earned − 500 − 900 spent.
    expect(await pointsOf(partyId)).toBe(640n);
    const bonusList = await client.get<{ bonuses: { id: number }[] }>(
      `/ps/getBonuses?startDate=${new Date().toISOString().slice(0, 10)}&endDate=${new Date().toISOString().slice(0, 10)}`,
    );
    expect(bonusList.body.bonuses.map((bonus) => bonus.id).sort()).toEqual([...bonusIds].sort());
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });
});

describe('free spins from the shop', () => {
  it('a free-spins item is granted as a free-spin bonus on its title, once even when the checkout is retried', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await give(partyId, 1_000n);
    const requestId = randomUUID();
    const first = await buy(client, [{ itemCode: 'SPINS-20', quantity: 2 }], requestId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await buy(client, [{ itemCode: 'SPINS-20', quantity: 2 }], requestId);
    expect(again.body.order.orderId).toBe(first.body.order.orderId);
    expect(await pointsOf(partyId)).toBe(200n);
    const grants = await server.db.select().from(freeSpinGrant).where(eq(freeSpinGrant.playerId, partyId)).orderBy(freeSpinGrant.id);
    expect(grants.map((grant) => [grant.planId, grant.spinsTotal, grant.spinsLeft, grant.stake, grant.gameIds])).toEqual([
      [1103, 20, 20, 10n, ['SR-1004']],
      [1103, 20, 20, 10n, ['SR-1004']],
    ]);
    expect(first.body.order.lines[0]?.bonusIds.sort()).toEqual(grants.map((grant) => Number(grant.bonusId)).sort());
    // The game offers them (the free-spin bonuses' own operation) on the item's title.
    const games = gameClient(server);
    const { cookie: gameCookie } = await games.openGame(`SESSION_KEY=${client.cookies.get('SESSION_KEY')}`, 'SR-1004', true);
    const offers = await games.call('GET', '/gs/free-spins', { cookie: gameCookie });
    expect(offers.status, JSON.stringify(offers.body)).toBe(200);
    expect((offers.body.freeSpins as unknown[]).length).toBe(2);
  });
});

describe('input, session and ownership', () => {
  it('bad input is 400 naming the field and changes nothing', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await give(partyId, 1_000n);
    const cases: [unknown, string][] = [
      [{ requestId: 'nope', items: [{ itemCode: 'MUG', quantity: 1 }] }, 'requestId'],
      [{ requestId: randomUUID(), items: [] }, 'items'],
      [{ requestId: randomUUID() }, 'items'],
      [{ requestId: randomUUID(), items: [{ itemCode: 'MUG', quantity: 0 }] }, 'items.0.quantity'],
      [{ requestId: randomUUID(), items: [{ itemCode: 'MUG', quantity: 1.5 }] }, 'items.0.quantity'],
      [{ requestId: randomUUID(), items: [{ itemCode: '', quantity: 1 }] }, 'items.0.itemCode'],
      [
        {
          requestId: randomUUID(),
          items: [
            { itemCode: 'MUG', quantity: 1 },
            { itemCode: 'MUG', quantity: 1 },
          ],
        },
        'items',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await client.post<{ status: string; errors: { field: string }[] }>('/ps/loyaltyCheckout', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(
        answer.body.errors.map((error) => error.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const lang = await client.get<{ errors: { field: string }[] }>('/ps/getLoyaltyItems?lang=de');
    expect(lang.status).toBe(400);
    expect(lang.body.errors[0]?.field).toBe('lang');
    const order = await client.get<{ errors: { field: string }[] }>('/ps/getLoyaltyOrder?orderId=abc');
    expect(order.status).toBe(400);
    expect(order.body.errors[0]?.field).toBe('orderId');
    expect(await pointsOf(partyId)).toBe(1_000n);
  });

  it('without a session every operation is 401', async () => {
    const { client } = await cashierPlayer(server);
    client.cookies.clear();
    for (const path of ['/ps/loyaltyPointsStatus', '/ps/getLoyaltyItems', '/ps/getLoyaltyOrder?orderId=1'])
      expect((await client.get(path)).status, path).toBe(401);
    expect((await buy(client, [{ itemCode: 'MUG', quantity: 1 }])).status).toBe(401);
  });

  it('another player’s order, an unknown item and an item of another currency are not found (404)', async () => {
    const owner = await cashierPlayer(server);
    await give(owner.partyId, 1_000n);
    const bought = await buy(owner.client, [{ itemCode: 'MUG', quantity: 1 }]);
    expect(bought.status).toBe(200);
    const other = await cashierPlayer(server);
    await give(other.partyId, 1_000n);
    const foreign = await other.client.get<{ errors: { field: string }[] }>(`/ps/getLoyaltyOrder?orderId=${bought.body.order.orderId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0]?.field).toBe('orderId');
    for (const itemCode of ['NO-SUCH-ITEM', 'BONUS-GBP-5']) {
      const answer = await buy(other.client, [
        { itemCode: 'MUG', quantity: 1 },
        { itemCode, quantity: 1 },
      ]);
      expect(answer.status, itemCode).toBe(404);
      expect(answer.body.errors?.[0]?.field).toBe('items.1.itemCode');
    }
    expect(await pointsOf(other.partyId)).toBe(1_000n);
  });
});
