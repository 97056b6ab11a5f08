import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPlan, payment, player } from '../../server/db/schema';
import { planDefinitionProblem } from '../../server/platform/bonuses';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { DEMO_BONUS_PLANS, DEMO_CONTRIBUTIONS, seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { cashierPlayer, requestId } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * What players see of their bonuses beyond the list (issue 14): the cancel preview ("you keep €X
 * cash and forfeit €Y bonus", from the ledger), the active bonus's live wagering progress in the
 * wallet (/ps) and the game client (/gs), a plan's full terms before opting in (GB cap of 10×),
 * casino-only contributions (no bonus mixes products), and cash always withdrawable.
 */

interface ErrorBody {
  status: string;
  errors: { field: string; error: string }[];
}

let server: TestServer;
const SLOT = 'SR-1001';

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoBonusPlans(server.db);
  await server.db.insert(bonusPlan).values({
    kind: 'CODE',
    name: 'Preview thirty',
    currency: 'GBP',
    cap: 2_000n,
    code: 'PREVIEW30',
    wageringMultiplier: 30,
    contributions: DEMO_CONTRIBUTIONS,
    validityDays: 7,
  });
});
afterAll(() => server.close());

const balance = (playerId: string, currency = 'EUR') => getPlayerBalance(server.db, playerId, currency);
const debit = (playerId: string, amount: number, kind?: string) => walletCall(server.url, 'debit', gameBody(playerId, { amount, ...(kind ? { kind } : {}) }));

describe('cancel preview (BON-06, BON-11; issue 14)', () => {
  it('an ACTIVE bonus: keep all cash, forfeit the BONUS balance now; the cancel then does exactly that', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 200n);
    const redeemed = await client.post<{ bonus: { id: number } }>('/ps/redeemBonus', { code: 'WELCOME10' });
    const id = redeemed.body.bonus.id;
    // A €5 stake takes €2 cash then €3 bonus; a €2 win is cash.
    expect((await debit(partyId, 5, 'slot')).status).toBe(200);
    const bet = gameBody(partyId, { amount: 2, kind: 'slot' });
    expect((await walletCall(server.url, 'credit', bet)).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 200n, bonus: 700n });

    const preview = await client.get<Record<string, unknown>>(`/ps/bonus/cancelPreview?bonusId=${id}`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toEqual({
      status: 'SUCCESS',
      bonusId: id,
      bonusPlanName: 'WELCOME10: €10 free',
      bonusStatus: 'ACTIVE',
      currency: 'EUR',
      keepCash: 2,
      forfeitBonus: 7,
    });
    // The preview changes nothing.
    expect(await balance(partyId)).toMatchObject({ cash: 200n, bonus: 700n });

    const cancelled = await client.post<{ bonus: { forfeited: number } }>('/ps/cancelBonus', { bonusId: id });
    expect(cancelled.body.bonus.forfeited).toBe(7);
    expect(await balance(partyId)).toMatchObject({ cash: 200n, bonus: 0n });
    // An ended bonus has nothing to preview.
    const ended = await client.get<ErrorBody>(`/ps/bonus/cancelPreview?bonusId=${id}`);
    expect(ended.status).toBe(400);
    expect(ended.body.errors[0]).toEqual({ field: 'bonusId', error: 'This bonus is cancelled' });
  });

  it('a QUEUED bonus gives up its amount, never paid; the active one is untouched', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.db.insert(bonusPlan).values({
      kind: 'CODE',
      name: 'Queued five',
      currency: 'EUR',
      cap: 500n,
      code: `QUEUE${partyId.slice(0, 6).toUpperCase()}`,
      wageringMultiplier: 5,
      contributions: DEMO_CONTRIBUTIONS,
      validityDays: 7,
    });
    await server.fundPlayer(partyId, 1_000n);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const queued = await client.post<{ bonus: { id: number; status: string } }>('/ps/redeemBonus', { code: `QUEUE${partyId.slice(0, 6).toUpperCase()}` });
    expect(queued.body.bonus.status).toBe('QUEUED');
    const preview = await client.get<Record<string, unknown>>(`/ps/bonus/cancelPreview?bonusId=${queued.body.bonus.id}`);
    expect(preview.body).toMatchObject({ bonusStatus: 'QUEUED', keepCash: 10, forfeitBonus: 5 });
  });

  it('bad input names the field (400), no session is 401, another player’s bonus is 404', async () => {
    const { client } = await cashierPlayer(server);
    const redeemed = await client.post<{ bonus: { id: number } }>('/ps/redeemBonus', { code: 'WELCOME10' });
    for (const bonusId of ['abc', '-1', '1.5', '0', '1e30', '']) {
      const bad = await client.get<ErrorBody>(`/ps/bonus/cancelPreview?bonusId=${encodeURIComponent(bonusId)}`);
      expect(bad.status, bonusId).toBe(400);
      expect(bad.body.errors[0]?.field).toBe('bonusId');
    }
    expect((await client.get<ErrorBody>('/ps/bonus/cancelPreview')).status).toBe(400);
    const anonymous = await fetch(`${server.url}/ps/bonus/cancelPreview?bonusId=${redeemed.body.bonus.id}`);
    expect(anonymous.status).toBe(401);
    const other = await cashierPlayer(server);
    const foreign = await other.client.get<ErrorBody>(`/ps/bonus/cancelPreview?bonusId=${redeemed.body.bonus.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0]?.field).toBe('bonusId');
    const missing = await client.get<ErrorBody>(`/ps/bonus/cancelPreview?bonusId=${Number.MAX_SAFE_INTEGER}`);
    expect(missing.status).toBe(404);
  });
});

describe('live wagering progress (issue 14)', () => {
  it('the wallet and the game client show wagered against required and what it releases; none without an active bonus', async () => {
    const { client, partyId, cookie } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 1_000n);
    expect((await client.get('/ps/bonus/progress')).body).toEqual({ status: 'SUCCESS', progress: null });
    const redeemed = await client.post<{ bonus: { id: number } }>('/ps/redeemBonus', { code: 'WELCOME10' });

    const games = gameClient(server);
    const { cookie: gameCookie } = await games.openGame(cookie, SLOT, true);
    const spun = await games.call('POST', '/gs/slots/spin', { cookie: gameCookie, body: { stake: 1, clientRequestId: requestId() } });
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    // Roulette counts 10 %: a €2 stake adds €0.20.
    expect((await debit(partyId, 2, 'roulette')).status).toBe(200);

    const { cash, bonus } = await balance(partyId);
    const expected = {
      bonusId: redeemed.body.bonus.id,
      bonusPlanName: 'WELCOME10: €10 free',
      currency: 'EUR',
      amount: 10,
      wagerRequirement: 100,
      amountWagered: 1.2,
      remaining: 98.8,
      releases: Number(bonus) / 100,
      maxStake: 5,
    };
    expect(cash + bonus).toBeGreaterThan(0n);
    const wallet = await client.get<{ progress: Record<string, unknown> }>('/ps/bonus/progress');
    expect(wallet.status).toBe(200);
    expect(wallet.body.progress).toMatchObject(expected);
    expect(typeof wallet.body.progress.expiryDate).toBe('string');
    const inGame = await games.call('GET', '/gs/bonus-progress', { cookie: gameCookie });
    expect(inGame.status, JSON.stringify(inGame.body)).toBe(200);
    expect(inGame.body).toEqual(wallet.body);

    // Free play has no bonus to wager (404); no game session is 401; no portal session is 401.
    await games.publishFreeGame(SLOT, 'sr-1001-free', 'Free slot');
    const { cookie: freeCookie } = await games.openGame(cookie, SLOT, false);
    expect((await games.call('GET', '/gs/bonus-progress', { cookie: freeCookie })).status).toBe(404);
    expect((await games.call('GET', '/gs/bonus-progress')).status).toBe(401);
    expect((await fetch(`${server.url}/ps/bonus/progress`)).status).toBe(401);
  });
});

describe('full terms before opting in (issue 14 "Fair by rule")', () => {
  it('plan 1001 with every term; GB players see the 10× cap; unknown, foreign-currency and bad ids are refused', async () => {
    const { client } = await cashierPlayer(server);
    const answer = await client.get<{ terms: Record<string, unknown> }>('/ps/bonus/planTerms?bonusPlanId=1001');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.terms).toEqual({
      bonusPlanId: 1001,
      bonusPlanName: 'Welcome Bonus: 100% up to €100',
      kind: 'DEPOSIT_MATCH',
      currency: 'EUR',
      percentage: 100,
      cap: 100,
      minDeposit: 10,
      firstDepositOnly: true,
      wageringMultiplier: 10,
      planWageringMultiplier: 10,
      gbCapApplied: false,
      contributions: [
        { kind: 'slot', percent: 100 },
        { kind: 'plinko', percent: 100 },
        { kind: 'mines', percent: 100 },
        { kind: 'roulette', percent: 10 },
        { kind: 'blackjack', percent: 10 },
      ],
      maxStake: 5,
      validityDays: 30,
      product: 'CASINO',
    });

    const gb = await cashierPlayer(server, { currencies: ['GBP'] });
    await server.db.update(player).set({ country: 'GB' }).where(eq(player.id, gb.partyId));
    const [plan] = await server.db.select().from(bonusPlan).where(eq(bonusPlan.code, 'PREVIEW30'));
    // A code plan's terms need its code (ids are easy to count through, names carry codes), or a bonus on it.
    expect((await gb.client.get(`/ps/bonus/planTerms?bonusPlanId=${plan!.id}`)).status).toBe(404);
    expect((await gb.client.get(`/ps/bonus/planTerms?bonusPlanId=${plan!.id}&code=WRONG`)).status).toBe(404);
    const capped = await gb.client.get<{ terms: Record<string, unknown> }>(`/ps/bonus/planTerms?bonusPlanId=${plan!.id}&code=preview30`);
    expect(capped.status).toBe(200);
    expect(capped.body.terms).toMatchObject({ wageringMultiplier: 10, planWageringMultiplier: 30, gbCapApplied: true });
    expect((await gb.client.post('/ps/redeemBonus', { code: 'PREVIEW30' })).status).toBe(200);
    expect((await gb.client.get(`/ps/bonus/planTerms?bonusPlanId=${plan!.id}`)).status).toBe(200);
    const tooLong = await gb.client.get<ErrorBody>(`/ps/bonus/planTerms?bonusPlanId=${plan!.id}&code=${'x'.repeat(65)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0]?.field).toBe('code');
    // A EUR plan is not offered to a GBP player.
    expect((await gb.client.get('/ps/bonus/planTerms?bonusPlanId=1001')).status).toBe(404);

    for (const id of ['x', '0', '-3', '2.5', '99999999999']) {
      const bad = await client.get<ErrorBody>(`/ps/bonus/planTerms?bonusPlanId=${id}`);
      expect(bad.status, id).toBe(400);
      expect(bad.body.errors[0]?.field).toBe('bonusPlanId');
    }
    expect((await client.get<ErrorBody>('/ps/bonus/planTerms?bonusPlanId=999999')).status).toBe(404);
    expect((await fetch(`${server.url}/ps/bonus/planTerms?bonusPlanId=1001`)).status).toBe(401);
  });

  it('no bonus mixes products: contributions name casino game kinds only, whole percents 0–100; every seeded plan passes', async () => {
    for (const plan of DEMO_BONUS_PLANS) expect(planDefinitionProblem({ contributions: plan.contributions! })).toBeNull();
    const seeded = await server.db.select().from(bonusPlan);
    expect(seeded.length).toBeGreaterThanOrEqual(DEMO_BONUS_PLANS.length);
    for (const plan of seeded) expect(planDefinitionProblem(plan), plan.name).toBeNull();
    expect(planDefinitionProblem({ contributions: { slot: 100, bingo: 100 } })).toEqual({
      field: 'contributions',
      error: 'A bonus counts casino games only: bingo is not a casino game kind',
    });
    expect(planDefinitionProblem({ contributions: { sportsbook: 50 } })?.field).toBe('contributions');
    expect(planDefinitionProblem({ contributions: { roulette: 150 } })?.error).toContain('from 0 to 100');
    expect(planDefinitionProblem({ contributions: { roulette: 12.5 } })?.error).toContain('whole percent');
    // One product per incentive (SR 5.1.1(3b)): a bingo plan counts bingo only; ANY money is only a plan with nothing to wager.
    expect(planDefinitionProblem({ product: 'BINGO', contributions: { bingo: 100 } })).toBeNull();
    expect(planDefinitionProblem({ product: 'BINGO', contributions: { slot: 100 } })).toEqual({
      field: 'contributions',
      error: 'A bonus counts bingo games only: slot is not a bingo game kind',
    });
    expect(planDefinitionProblem({ product: 'LIVE', contributions: { 'live-roulette': 50, roulette: 10 } })?.field).toBe('contributions');
    expect(planDefinitionProblem({ product: 'ANY', wageringMultiplier: 10, contributions: {} })?.field).toBe('product');
    expect(planDefinitionProblem({ product: 'ANY', wageringMultiplier: 0, contributions: { slot: 100, bingo: 100 } })).toBeNull();
  });
});

describe('cash is always withdrawable (issue 14 "Fair by rule")', () => {
  it('with an ACTIVE bonus the player withdraws all their cash; only cash moves and the bonus stays', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const paymentId = await server.fundPlayer(partyId, 5_000n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'cash@example.test' }).where(eq(payment.id, paymentId));
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    expect(await balance(partyId)).toMatchObject({ cash: 5_000n, bonus: 1_000n });
    const withdrawn = await client.post<Record<string, unknown>>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 50,
      payFromEmail: 'cash@example.test',
    });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body.status).toBe('SUCCESS');
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    // Bonus money is not withdrawable: one cent more than the cash is refused.
    await server.fundPlayer(partyId, 100n, 'EUR', { methodCode: 'NETELLER' });
    const over = await client.post<ErrorBody>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 1.01,
      payFromEmail: 'cash@example.test',
    });
    expect(over.status).toBe(400);
    expect(await balance(partyId)).toMatchObject({ cash: 100n, bonus: 1_000n });
  });
});

describe('lifetime figures of bonuses (ACC-32)', () => {
  it('a released bonus shows what it granted and what became cash on the released side', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 10_000n);
    await client.post('/ps/redeemBonus', { code: 'WELCOME10' });
    const before = await client.get<{ releasedBonus: Record<string, number>; playableBonus: Record<string, number> }>('/ps/getLtdData');
    expect(before.body.releasedBonus).toMatchObject({ bonusGrantAmount: 0, bonusReleaseAmount: 0 });
    expect(before.body.playableBonus).toMatchObject({ bonusGrantAmount: 10 });
    // €100 of slot stakes (cash first) completes the 10× requirement: the €10 becomes cash.
    for (let index = 0; index < 20; index += 1) expect((await debit(partyId, 5, 'slot')).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 1_000n, bonus: 0n });
    const after = await client.get<{ releasedBonus: Record<string, number> }>('/ps/getLtdData');
    expect(after.status).toBe(200);
    expect(after.body.releasedBonus).toEqual({ gameBetAmount: 0, gameWinAmount: 0, bonusGrantAmount: 10, bonusReleaseAmount: 10, bonusWithdrawnAmount: 0 });
  });
});
