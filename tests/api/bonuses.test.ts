import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPlan, gameSeed, player, playerBonus } from '../../server/db/schema';
import { rouletteOutcome } from '../../server/games/kinds/roulette/roulette-kind';
import { getTitle } from '../../server/games/titles/registry';
import type { RouletteTitle } from '../../server/games/titles/types';
import { expireBonuses, redeemBonus } from '../../server/platform/bonuses';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { DEMO_CONTRIBUTIONS, seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { cashierPlayer, requestId } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, uniqueId, walletCall } from '../support/wallet-helpers';

/**
 * The bonus engine (issue 14; BON-*, DEP-15…31): the demo plans (1001: 100 % first-deposit match up
 * to €100, WELCOME10: €10 no-deposit, both 10× wagering, €5 maximum stake; slots 100 %, roulette
 * and blackjack 10 %), granted through the wallet, wagered at the wallet's policy point by real
 * bets (slot spins through /gs, other kinds through the seamless wallet), released to cash at the
 * requirement, forfeited on cancel, expiry and lock — never touching cash.
 */

interface BonusBody {
  id: number;
  bonusPlanId: number;
  status: string;
  amount: number;
  wagerRequirement: number;
  amountWagered: number;
  released: number;
  forfeited: number;
}

let server: TestServer;
const SLOT = 'SR-1001';

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoBonusPlans(server.db);
  // A GB test plan with a 30× requirement, to see the UKGC cap of 10×.
  // A deposit voucher: 50 % of any deposit of €20 or more by bank, up to €25.
  await server.db.insert(bonusPlan).values({
    kind: 'DEPOSIT_MATCH',
    name: 'Half match',
    currency: 'EUR',
    percentage: 50,
    cap: 2_500n,
    minDeposit: 2_000n,
    methods: ['OMEGA_BANK'],
    code: 'HALF25',
    wageringMultiplier: 10,
    contributions: DEMO_CONTRIBUTIONS,
    validityDays: 7,
  });
  await server.db.insert(bonusPlan).values({
    kind: 'CODE',
    name: 'Thirty times',
    currency: 'GBP',
    cap: 2_000n,
    code: 'THIRTYX',
    wageringMultiplier: 30,
    contributions: DEMO_CONTRIBUTIONS,
    validityDays: 7,
  });
});
afterAll(() => server.close());

const today = () => new Date().toISOString().slice(0, 10);
const balance = (playerId: string, currency = 'EUR') => getPlayerBalance(server.db, playerId, currency);
const rowsOf = (playerId: string) => server.db.select().from(playerBonus).where(eq(playerBonus.playerId, playerId)).orderBy(playerBonus.id);

async function bonusesOf(client: Awaited<ReturnType<typeof cashierPlayer>>['client'], path = '/ps/getBonuses') {
  const answer = await client.get<{ status: string; bonuses: BonusBody[] }>(`${path}?startDate=${today()}&endDate=${today()}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.bonuses;
}

const debit = (playerId: string, amount: number, kind?: string) => walletCall(server.url, 'debit', gameBody(playerId, { amount, ...(kind ? { kind } : {}) }));

describe('granting (BON-13, DEP-15…23)', () => {
  it('a first deposit with the 100 % match plan grants the match into BONUS when the deposit is credited; it is first-deposit only', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const eligible = await client.get<{ bonusPlans: { bonusPlanId: number }[] }>('/ps/getDepositEligibleBonusPlans?paymentMethod=OMEGA_BANK&depositAmount=50');
    expect(eligible.body.bonusPlans.map((plan) => plan.bonusPlanId)).toEqual([1001]);
    // Under the plan's minimum deposit (€10) nothing is eligible.
    expect(
      (await client.get<{ bonusPlans: unknown[] }>('/ps/getDepositEligibleBonusPlans?paymentMethod=PAYMENTIQ_ALL&depositAmount=9.99')).body.bonusPlans,
    ).toEqual([]);
    const done = await client.post<{ paymentId: string; bonusPlanName: string | null }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 50,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: 1001,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // DEP-28: the answer and the payment's status name the plan taken.
    expect(done.body.bonusPlanName).toBe('Welcome Bonus: 100% up to €100');
    expect((await client.get<{ bonusPlanName: string | null }>(`/ps/getPaymentStatus?paymentId=${done.body.paymentId}`)).body.bonusPlanName).toBe(
      'Welcome Bonus: 100% up to €100',
    );
    expect(await balance(partyId)).toMatchObject({ cash: 5_000n, bonus: 5_000n });
    const [bonus] = await bonusesOf(client);
    expect(bonus).toMatchObject({ bonusPlanId: 1001, status: 'ACTIVE', amount: 50, wagerRequirement: 500, amountWagered: 0 });
    // DIS-14: the alias answers the same.
    expect(await bonusesOf(client, '/ps/getPlayerBonuses')).toEqual(await bonusesOf(client));
    expect((await client.get<{ bonusPlans: unknown[] }>('/ps/getDepositEligibleBonusPlans?paymentMethod=OMEGA_BANK&depositAmount=50')).body.bonusPlans).toEqual(
      [],
    );
    const again = await client.post<{ errors: { field: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 50,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: 1001,
    });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]?.field).toBe('requestedBonusPlanId');
    expect(await balance(partyId)).toMatchObject({ cash: 5_000n, bonus: 5_000n });
  });

  it('the match is capped at €100; a declined deposit grants nothing', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const refused = await client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 300,
      accountId: 'IE29AIBK93115212345678',
      secureId: '000000',
      requestedBonusPlanId: 1001,
    });
    expect(refused.status).toBe(402);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 0n });
    expect((await rowsOf(partyId)).map((row) => row.status)).toEqual(['CANCELLED']);
    const done = await client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 300,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: 1001,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 30_000n, bonus: 10_000n });
    expect((await bonusesOf(client)).find((bonus) => bonus.status === 'ACTIVE')).toMatchObject({ amount: 100, wagerRequirement: 1000 });
  });

  it('redeemBonus: WELCOME10 (any case) grants €10 at 10×, once; an unknown code names the field; a second bonus waits QUEUED', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const redeemed = await client.post<{ bonus: BonusBody }>('/ps/redeemBonus', { code: ' welcome10 ' });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.bonus).toMatchObject({ bonusPlanId: 1006, status: 'ACTIVE', amount: 10, wagerRequirement: 100 });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    const twice = await client.post<{ errors: { field: string; error: string }[] }>('/ps/redeemBonus', { bonusCode: 'WELCOME10' });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toEqual({ field: 'code', error: 'This code has already been used' });
    const unknown = await client.post<{ errors: { field: string; error: string }[] }>('/ps/redeemBonus', { code: 'NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toEqual({ field: 'code', error: 'Could not find a bonus for the code provided' });
    // A deposit match while WELCOME10 is active is QUEUED: its money arrives when it becomes active.
    const done = await client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 20,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: 1001,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await rowsOf(partyId)).map((row) => row.status)).toEqual(['ACTIVE', 'QUEUED']);
    expect(await balance(partyId)).toMatchObject({ cash: 2_000n, bonus: 1_000n });
    const active = (await rowsOf(partyId))[0]!;
    expect((await client.post('/ps/cancelBonus', { bonusId: Number(active.id) })).status).toBe(200);
    expect((await rowsOf(partyId)).map((row) => row.status)).toEqual(['CANCELLED', 'ACTIVE']);
    expect(await balance(partyId)).toMatchObject({ cash: 2_000n, bonus: 2_000n });
  });

  it('validateDepositBonusVoucher (DIS-05 aliases) answers the voucher plan only for a deposit it fits; a deposit with the voucher grants its match', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const plan = await server.db.select({ id: bonusPlan.id }).from(bonusPlan).where(eq(bonusPlan.code, 'HALF25'));
    // Plans created after the demo ones are numbered from 10 000, clear of the hand-written demo ids.
    expect(plan[0]!.id).toBeGreaterThanOrEqual(10_000);
    for (const query of ['depositAmount=40&voucherCode=half25', 'amount=40&code=HALF25']) {
      expect((await client.get(`/ps/validateDepositBonusVoucher?paymentMethod=OMEGA_BANK&${query}`)).body, query).toEqual({
        status: 'SUCCESS',
        bonusPlanId: plan[0]!.id,
      });
    }
    for (const query of [
      'paymentMethod=OMEGA_BANK&depositAmount=19.99&voucherCode=HALF25',
      'paymentMethod=NETELLER&depositAmount=40&voucherCode=HALF25',
      'paymentMethod=OMEGA_BANK&depositAmount=40&voucherCode=WELCOME10',
    ]) {
      expect((await client.get(`/ps/validateDepositBonusVoucher?${query}`)).body, query).toEqual({ status: 'SUCCESS', bonusPlanId: null });
    }
    // A plan with a code is not offered in the list, nor taken by its id.
    expect(
      (
        await client.get<{ bonusPlans: { bonusPlanId: number }[] }>('/ps/getDepositEligibleBonusPlans?paymentMethod=OMEGA_BANK&depositAmount=40')
      ).body.bonusPlans.map((p) => p.bonusPlanId),
    ).toEqual([1001]);
    const byId = await client.post<{ errors: { field: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 40,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: plan[0]!.id,
    });
    expect(byId.status).toBe(400);
    expect(byId.body.errors[0]?.field).toBe('requestedBonusPlanId');
    const wrong = await client.post<{ errors: { field: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 40,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      voucherCode: 'NOPE',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]?.field).toBe('voucherCode');
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 0n });
    const done = await client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 40,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      voucherCode: 'half25',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 4_000n, bonus: 2_000n });
  });

  it('GB players: wagering at most 10× the bonus (UKGC, from 19 January 2026)', async () => {
    const { client, partyId } = await cashierPlayer(server, { currencies: ['GBP'] });
    await server.db.update(player).set({ country: 'GB' }).where(eq(player.id, partyId));
    const redeemed = await client.post<{ bonus: BonusBody }>('/ps/redeemBonus', { code: 'THIRTYX' });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.bonus).toMatchObject({ amount: 20, wagerRequirement: 200 });
    // Elsewhere the plan's own 30× applies (Malta plays under DEFAULT; IE players get no bonus offers at all, issue 29 item 7).
    const other = await cashierPlayer(server, { currencies: ['GBP'] });
    await server.db.update(player).set({ country: 'MT' }).where(eq(player.id, other.partyId));
    expect((await other.client.post<{ bonus: BonusBody }>('/ps/redeemBonus', { code: 'THIRTYX' })).body.bonus).toMatchObject({
      amount: 20,
      wagerRequirement: 600,
    });
  });
});

describe('wagering at the wallet policy point', () => {
  it('each game kind counts at its contribution; the maximum stake is refused; at the requirement the bonus money becomes cash', async () => {
    const { client, partyId, cookie } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 20_000n);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const wagered = async () => (await rowsOf(partyId))[0]!.amountWagered;

    expect((await debit(partyId, 1, 'roulette')).status).toBe(200);
    expect(await wagered()).toBe(10n);
    expect((await debit(partyId, 1, 'blackjack')).status).toBe(200);
    expect(await wagered()).toBe(20n);
    // A provider that does not say the kind: the stake counts nothing.
    expect((await debit(partyId, 1)).status).toBe(200);
    expect(await wagered()).toBe(20n);
    expect((await debit(partyId, 1, 'slot')).status).toBe(200);
    expect(await wagered()).toBe(120n);

    // Over the €5 maximum stake while the bonus is active: refused naming stake, nothing moves.
    const before = await balance(partyId);
    const over = await debit(partyId, 5.01, 'slot');
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.field).toBe('stake');
    expect(await balance(partyId)).toEqual(before);

    // A real slot spin through the game server (the one-statement round falls back to the general path).
    const games = gameClient(server);
    const { cookie: gameCookie, session } = await games.openGame(cookie, SLOT, true);
    expect(session.title.limits.steps).toContain(1);
    const spun = await games.call('POST', '/gs/slots/spin', { cookie: gameCookie, body: { stake: 1, clientRequestId: randomUUID() } });
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    expect(await wagered()).toBe(220n);

    // €5 slot stakes (500 each) up to the requirement of €100 (10 000 minor units).
    for (let index = 0; index < 19; index += 1) expect((await debit(partyId, 5, 'slot')).status).toBe(200);
    const [still] = await rowsOf(partyId);
    expect(still).toMatchObject({ status: 'ACTIVE', amountWagered: 9_720n });
    const bonusBefore = (await balance(partyId)).bonus;
    const cashBefore = (await balance(partyId)).cash;
    expect(bonusBefore).toBe(1_000n); // stakes came from cash first
    expect((await debit(partyId, 5, 'slot')).status).toBe(200);
    const [released] = await rowsOf(partyId);
    expect(released).toMatchObject({ status: 'RELEASED', amountWagered: 10_220n, released: 1_000n });
    expect(await balance(partyId)).toMatchObject({ cash: cashBefore - 500n + 1_000n, bonus: 0n });
    // Without an active bonus the maximum stake no longer applies.
    expect((await debit(partyId, 6, 'slot')).status).toBe(200);
  });

  it('stakes take cash first, then bonus money; a win goes where its stake came from (issue 26)', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 200n);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const bet = gameBody(partyId, { amount: 5, kind: 'slot' });
    expect((await walletCall(server.url, 'debit', bet)).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 700n });
    // The stake was 2.00 of cash and 3.00 of bonus: 60 % of the 2.00 win is bonus money.
    expect((await walletCall(server.url, 'credit', { ...bet, transactionId: uniqueId(), amount: 2 })).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 80n, bonus: 820n });
  });
});

describe('winnings of bonus stakes are bonus money until the wagering is done (issue 26, defect 2)', () => {
  const ROULETTE = 'NT-4001';
  const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
  const roulette = getTitle(ROULETTE) as RouletteTitle;
  const onRed = [{ type: 'red' as const, numbers: RED, amount: 100 }];

  /** A seed under which twelve €1 spins on red can all be paid from a €10 bonus, and win at least twice. */
  function seedWithWins(): { serverSeed: string; clientSeed: string; wins: bigint } {
    for (;;) {
      const seed = { serverSeed: randomBytes(32).toString('hex'), clientSeed: randomUUID() };
      let left = 1_000n;
      let wins = 0n;
      let winning = 0;
      let played = 0;
      for (; played < 12 && left >= 100n; played += 1) {
        const won = BigInt(rouletteOutcome(roulette, onRed, seed, played).totalReturned);
        left += won - 100n;
        wins += won;
        if (won > 0n) winning += 1;
      }
      if (played === 12 && winning >= 2) return { ...seed, wins };
    }
  }

  it('WALLET-02, WALLET-13: with only WELCOME10 and 0.00 cash, 12 × €1 on red leave 0.00 withdrawable; the winnings are in the bonus balance', async () => {
    const { client, partyId, cookie } = await cashierPlayer(server);
    expect((await client.post('/ps/redeemBonus', { code: 'WELCOME10' })).status).toBe(200);
    // The player's seed, so the test knows the outcomes (the rounds are the ordinary, verifiable ones).
    const seed = seedWithWins();
    await server.db
      .insert(gameSeed)
      .values({ playerId: partyId, serverSeed: seed.serverSeed, serverSeedHash: `hash-${seed.serverSeed}`, clientSeed: seed.clientSeed });
    const games = gameClient(server);
    const { cookie: gameCookie } = await games.openGame(cookie, ROULETTE, true);
    for (let spin = 0; spin < 12; spin += 1) {
      const spun = await games.call('POST', '/gs/roulette/spin', {
        cookie: gameCookie,
        body: { bets: [{ type: 'red', numbers: RED, stake: 1 }], clientRequestId: randomUUID() },
      });
      expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    }
    // 1.20 of the 100.00 wagering (roulette counts 10 %): the bonus, winnings included, is not cash yet.
    expect((await rowsOf(partyId))[0]).toMatchObject({ status: 'ACTIVE', amountWagered: 120n, wagerRequirement: 10_000n });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n - 1_200n + seed.wins });
    const shown = await client.get<{ currencyBalances: { currency: string; withdrawableBalance: number; bonusBalance: number }[] }>('/ps/getBalance');
    expect(shown.body.currencyBalances.find((entry) => entry.currency === 'EUR')).toMatchObject({
      withdrawableBalance: 0,
      bonusBalance: Number(1_000n - 1_200n + seed.wins) / 100,
    });
    // The wagering progress the player sees counts the winnings in what the bonus releases.
    const progress = await client.get<{ progress: { releases: number; remaining: number } }>('/ps/bonus/progress');
    expect(progress.body.progress).toMatchObject({ releases: Number(1_000n - 1_200n + seed.wins) / 100, remaining: 98.8 });
  });

  it('a stake paid 30 % from cash and 70 % from bonus pays 70 % of its win, rounded up, into the bonus and the rest into cash', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 150n);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const bet = gameBody(partyId, { amount: 5, kind: 'slot' });
    expect((await walletCall(server.url, 'debit', bet)).status).toBe(200);
    // 10.01 × 70 % = 7.007: 7.01 to the bonus, 3.00 to cash.
    const won = await walletCall(server.url, 'credit', { ...bet, transactionId: uniqueId(), amount: 10.01 });
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(won.body).toMatchObject({ cashBalance: 3, bonusBalance: 13.51 });
    expect(await balance(partyId)).toMatchObject({ cash: 300n, bonus: 650n + 701n });
  });

  it('the stake that completes the wagering releases the bonus with its winnings as before, and its own win’s bonus share becomes cash too', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const first = gameBody(partyId, { amount: 2, kind: 'slot' });
    await walletCall(server.url, 'debit', first);
    await walletCall(server.url, 'credit', { ...first, transactionId: uniqueId(), amount: 6 });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_400n });
    // The requirement is 100.00; the next €2 slot stake completes it.
    await server.db.update(playerBonus).set({ amountWagered: 9_800n }).where(eq(playerBonus.playerId, partyId));
    const last = gameBody(partyId, { amount: 2, kind: 'slot' });
    expect((await walletCall(server.url, 'debit', last)).status).toBe(200);
    expect((await rowsOf(partyId))[0]).toMatchObject({ status: 'RELEASED', released: 1_200n });
    expect(await balance(partyId)).toMatchObject({ cash: 1_200n, bonus: 0n });
    expect((await walletCall(server.url, 'credit', { ...last, transactionId: uniqueId(), amount: 3 })).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 1_500n, bonus: 0n });
    expect((await rowsOf(partyId))[0]).toMatchObject({ status: 'RELEASED', released: 1_500n });
  });

  it('a win arriving after its round’s bonus was cancelled gives the bonus share to the house; cash keeps the cash share', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 100n);
    const redeemed = await client.post<{ bonus: BonusBody }>('/ps/redeemBonus', { code: 'WELCOME10' });
    const bet = gameBody(partyId, { amount: 4, kind: 'slot' });
    await walletCall(server.url, 'debit', bet);
    expect((await client.post('/ps/cancelBonus', { bonusId: redeemed.body.bonus.id })).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 0n });
    expect((await walletCall(server.url, 'credit', { ...bet, transactionId: uniqueId(), amount: 8 })).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 200n, bonus: 0n });
    expect((await rowsOf(partyId))[0]).toMatchObject({ status: 'CANCELLED', forfeited: 700n + 600n });
  });
});

describe('once-only bonuses are decided by the database (issue 26, defect 1)', () => {
  const firstDeposit = (client: Awaited<ReturnType<typeof cashierPlayer>>['client'], amount: number) =>
    client.post<{ errors?: { field: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: 1001,
    });

  it('DEP-23, DEP-25: ten parallel first deposits with the first-deposit Welcome Bonus grant it once; the others are refused naming requestedBonusPlanId and move nothing', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const answers = await Promise.all(Array.from({ length: 10 }, () => firstDeposit(client, 20)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors?.[0]?.field).toBe('requestedBonusPlanId');
    }
    expect(await rowsOf(partyId)).toMatchObject([{ planId: 1001, status: 'ACTIVE', amount: 2_000n }]);
    expect(await balance(partyId)).toMatchObject({ cash: 2_000n, bonus: 2_000n });
  });

  it('BON-13: eight parallel redemptions of WELCOME10 grant it once; the others are refused naming code', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client.post<{ errors?: { field: string; error: string }[] }>('/ps/redeemBonus', { code: 'WELCOME10' })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200)) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors?.[0]).toEqual({ field: 'code', error: 'This code has already been used' });
    }
    expect(await rowsOf(partyId)).toMatchObject([{ planId: 1006, status: 'ACTIVE', amount: 1_000n }]);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
  });
});

describe('concurrency', () => {
  it('parallel bets each count once; a cancel among them neither deadlocks nor loses a count, and takes only bonus money', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 10_000n);
    const redeemed = await client.post<{ bonus: BonusBody }>('/ps/redeemBonus', { code: 'WELCOME10' });
    const bets = Array.from({ length: 12 }, () => debit(partyId, 1, 'slot'));
    const results = await Promise.all(bets);
    expect(results.map((result) => result.status)).toEqual(Array(12).fill(200));
    expect((await rowsOf(partyId))[0]).toMatchObject({ status: 'ACTIVE', amountWagered: 1_200n });
    // Bets and a cancel at once: every answer is an answer (no 500), and the books add up.
    const mixed = await Promise.all([
      ...Array.from({ length: 8 }, () => debit(partyId, 1, 'slot')),
      client.post('/ps/cancelBonus', { bonusId: redeemed.body.bonus.id }),
    ]);
    expect(mixed.map((result) => result.status)).toEqual(Array(9).fill(200));
    const [ended] = await rowsOf(partyId);
    expect(ended).toMatchObject({ status: 'CANCELLED', forfeited: 1_000n });
    expect(ended!.amountWagered >= 1_200n && ended!.amountWagered <= 2_000n).toBe(true);
    expect(await balance(partyId)).toMatchObject({ cash: 10_000n - 2_000n, bonus: 0n });
  });
});

describe('ending a bonus', () => {
  it('expiry forfeits what remains (the timer, and lazily at the next bet); cash is kept', async () => {
    const first = await cashierPlayer(server);
    await server.fundPlayer(first.partyId, 3_000n);
    await first.client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    await server.db
      .update(playerBonus)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(playerBonus.playerId, first.partyId));
    expect(await expireBonuses(server.db)).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(first.partyId)).toMatchObject([{ status: 'EXPIRED', forfeited: 1_000n }]);
    expect(await balance(first.partyId)).toMatchObject({ cash: 3_000n, bonus: 0n });

    const second = await cashierPlayer(server);
    await server.fundPlayer(second.partyId, 3_000n);
    await second.client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    await server.db
      .update(playerBonus)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(playerBonus.playerId, second.partyId));
    // Past its expiry the bonus's maximum stake no longer applies, and the bet ends it.
    expect((await debit(second.partyId, 6, 'slot')).status).toBe(200);
    expect(await rowsOf(second.partyId)).toMatchObject([{ status: 'EXPIRED', amountWagered: 0n, forfeited: 1_000n }]);
    expect(await balance(second.partyId)).toMatchObject({ cash: 2_400n, bonus: 0n });
  });

  it('cancelBonus keeps cash and forfeits only the bonus; only QUEUED and ACTIVE; bad input, no session, another player', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 5_000n);
    const redeemed = await client.post<{ bonus: BonusBody }>('/ps/redeemBonus', { code: 'WELCOME10' });
    const id = redeemed.body.bonus.id;

    const other = await cashierPlayer(server);
    const foreign = await other.client.post<{ status: string; errors: { field: string }[] }>('/ps/cancelBonus', { bonusId: id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0]?.field).toBe('bonusId');
    const anonymous = await fetch(`${server.url}/ps/cancelBonus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bonusId: id }),
    });
    expect(anonymous.status).toBe(401);
    for (const bonusId of ['abc', -1, 1.5, 0, 1e30, null]) {
      const bad = await client.post<{ errors: { field: string }[] }>('/ps/cancelBonus', { bonusId });
      expect(bad.status, String(bonusId)).toBe(400);
      expect(bad.body.errors[0]?.field).toBe('bonusId');
    }
    expect((await client.post('/ps/cancelBonus', {})).status).toBe(400);
    expect(await balance(partyId)).toMatchObject({ cash: 5_000n, bonus: 1_000n });

    const cancelled = await client.post<{ bonus: BonusBody }>('/ps/cancelBonus', { bonusId: id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.bonus).toMatchObject({ status: 'CANCELLED', forfeited: 10 });
    expect(await balance(partyId)).toMatchObject({ cash: 5_000n, bonus: 0n });
    const again = await client.post<{ errors: { field: string; error: string }[] }>('/ps/cancelBonus', { bonusId: id });
    expect(again.status).toBe(400);
    expect(again.body.errors[0]).toEqual({ field: 'bonusId', error: 'This bonus is cancelled' });
  });

  it('a time-out forfeits active and queued bonuses; no bonus is granted while it runs', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 2_000n);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const locked = await client.post('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(await rowsOf(partyId)).toMatchObject([{ status: 'FORFEITED', forfeited: 1_000n }]);
    expect(await balance(partyId)).toMatchObject({ cash: 2_000n, bonus: 0n });
    await server.db.delete(playerBonus).where(and(eq(playerBonus.playerId, partyId)));
    await expect(redeemBonus(server.db, server.context.inducements, partyId, 'EUR', 'WELCOME10')).rejects.toMatchObject({ status: 'PLAYER_LOCKED' });
    expect(await rowsOf(partyId)).toEqual([]);
  });
});

describe('getBonuses (BON-02)', () => {
  it('answers bonuses from startDate to the end of endDate; bad dates and no session are refused', async () => {
    const { client } = await cashierPlayer(server);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    expect(await bonusesOf(client)).toHaveLength(1);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await client.get<{ bonuses: unknown[] }>(`/ps/getBonuses?startDate=${yesterday}&endDate=${yesterday}`)).body.bonuses).toEqual([]);
    for (const query of [
      'startDate=2026-13-01&endDate=2026-01-01',
      `startDate=${today()}&endDate=${yesterday}`,
      'endDate=2026-01-01',
      'startDate=2020-01-01&endDate=2026-01-01',
    ]) {
      const bad = await client.get<{ errors: { field: string }[] }>(`/ps/getBonuses?${query}`);
      expect(bad.status, query).toBe(400);
      expect(['startDate', 'endDate']).toContain(bad.body.errors[0]?.field);
    }
    expect((await fetch(`${server.url}/ps/getBonuses?startDate=${today()}&endDate=${today()}`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/ps/redeemBonus`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"code":"WELCOME10"}' })).status,
    ).toBe(401);
    const empty = await client.post<{ errors: { field: string }[] }>('/ps/redeemBonus', { code: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0]?.field).toBe('code');
  });
});

describe('the ledger after all of it', () => {
  it('balances, with every bucket equal to its entries', async () => {
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });
});
