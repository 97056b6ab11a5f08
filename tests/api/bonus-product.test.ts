import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPlan, playerBonus, staffAudit } from '../../server/db/schema';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { staffApi } from '../support/back-office';
import { cashierPlayer } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * One product per incentive (SR 5.1.1(3b), issue 29 item 4): a bonus plan names the one product its
 * stakes and wagering apply to. A casino bonus's money is never spent on a bingo ticket or a live
 * bet — cash pays, or the stake is refused when cash is short — and those stakes count nothing
 * toward its wagering; a slot stake does. A bingo bonus is the other way round. The back office's
 * plan editor refuses a plan without a valid product.
 */

let server: TestServer;
const { call, signIn } = staffApi(() => server);

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoBonusPlans(server.db);
  // A bingo bonus: €10, 10× wagering on bingo tickets only.
  await server.db.insert(bonusPlan).values({
    kind: 'CODE',
    name: 'Bingo ten',
    currency: 'EUR',
    cap: 1_000n,
    code: 'BINGO10',
    wageringMultiplier: 10,
    contributions: { bingo: 100 },
    validityDays: 7,
    product: 'BINGO',
  });
});
afterAll(() => server.close());

const balance = (playerId: string) => getPlayerBalance(server.db, playerId, 'EUR');
const stake = (playerId: string, amount: number, kind: string) => walletCall(server.url, 'debit', gameBody(playerId, { amount, kind }));
const activeBonus = async (playerId: string) => {
  const [row] = await server.db
    .select()
    .from(playerBonus)
    .where(and(eq(playerBonus.playerId, playerId), eq(playerBonus.status, 'ACTIVE')));
  return row;
};

/** A player with `cash` (minor units) and the bonus of `code` active. */
async function playerWithBonus(cash: bigint, code = 'WELCOME10') {
  const created = await cashierPlayer(server);
  if (cash > 0n) await server.fundPlayer(created.partyId, cash, 'EUR');
  const redeemed = await created.client.post<{ status: string }>('/ps/redeemBonus', { code });
  expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  return created;
}

describe('a casino bonus (WELCOME10, CASINO)', () => {
  it('is not spent on a bingo ticket or a live bet: refused without cash, paid from cash with it; neither counts toward wagering', async () => {
    const { partyId } = await playerWithBonus(0n);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    for (const kind of ['bingo', 'live-roulette']) {
      const refused = await stake(partyId, 2, kind);
      expect(refused.status, `${kind}: ${JSON.stringify(refused.body)}`).not.toBe(200);
      expect(refused.body.status).toBe('INSUFFICIENT_FUNDS');
    }
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    await server.fundPlayer(partyId, 300n, 'EUR');
    // €3 of cash: a €2 ticket and then a €1 live bet are paid from cash only.
    expect((await stake(partyId, 2, 'bingo')).status).toBe(200);
    expect((await stake(partyId, 1, 'live-roulette')).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    // A stake that cash covers only in part is refused whole: bonus money never tops it up.
    await server.fundPlayer(partyId, 100n, 'EUR');
    expect((await stake(partyId, 2, 'bingo')).body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await balance(partyId)).toMatchObject({ cash: 100n, bonus: 1_000n });
    expect((await activeBonus(partyId))?.amountWagered).toBe(0n);
  });

  it('a slot stake takes bonus money once cash is spent and counts toward wagering', async () => {
    const { partyId } = await playerWithBonus(100n);
    expect((await stake(partyId, 3, 'slot')).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 800n });
    expect((await activeBonus(partyId))?.amountWagered).toBe(300n);
  });

  it('parallel stakes keep it exact: bingo tickets take cash only and count nothing, slot stakes count each one once', async () => {
    const { partyId } = await playerWithBonus(500n);
    const tickets = await Promise.all(Array.from({ length: 10 }, () => stake(partyId, 1, 'bingo')));
    expect(tickets.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(tickets.filter((answer) => answer.status !== 200).every((answer) => answer.body.status === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    expect((await activeBonus(partyId))?.amountWagered).toBe(0n);
    const spins = await Promise.all(Array.from({ length: 6 }, () => stake(partyId, 1, 'slot')));
    expect(spins.every((answer) => answer.status === 200)).toBe(true);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 400n });
    expect((await activeBonus(partyId))?.amountWagered).toBe(600n);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });
});

describe('a bingo bonus (BINGO10, BINGO)', () => {
  it('is spent on bingo tickets and counts there; a slot or live stake is paid from cash only and counts nothing', async () => {
    const { partyId, client } = await playerWithBonus(0n, 'BINGO10');
    expect((await stake(partyId, 2, 'bingo')).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 800n });
    expect((await activeBonus(partyId))?.amountWagered).toBe(200n);
    for (const kind of ['slot', 'live-roulette']) expect((await stake(partyId, 1, kind)).body.status, kind).toBe('INSUFFICIENT_FUNDS');
    // A provider that does not say the kind plays casino titles: not the bingo bonus's product either.
    expect((await walletCall(server.url, 'debit', gameBody(partyId, { amount: 1 }))).body.status).toBe('INSUFFICIENT_FUNDS');
    await server.fundPlayer(partyId, 100n, 'EUR');
    expect((await stake(partyId, 1, 'slot')).status).toBe(200);
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 800n });
    expect((await activeBonus(partyId))?.amountWagered).toBe(200n);
    // The player sees the product in the bonus list and in the plan's terms.
    const today = new Date().toISOString().slice(0, 10);
    const listed = await client.get<{ bonuses: { product: string }[] }>(`/ps/getBonuses?startDate=${today}&endDate=${today}`);
    expect(listed.body.bonuses.map((bonus) => bonus.product)).toEqual(['BINGO']);
    const [plan] = await server.db.select().from(bonusPlan).where(eq(bonusPlan.code, 'BINGO10'));
    const terms = await client.get<{ terms: { product: string; contributions: { kind: string }[] } }>(`/ps/bonus/planTerms?bonusPlanId=${plan!.id}`);
    expect(terms.body.terms).toMatchObject({ product: 'BINGO', contributions: [{ kind: 'bingo' }] });
  });
});

describe('the back office plan editor', () => {
  const plan = (overrides: Record<string, unknown> = {}) => ({
    name: 'Editor plan',
    kind: 'CODE',
    currency: 'EUR',
    product: 'CASINO',
    capMinor: 500,
    code: `ED${Date.now().toString(36).toUpperCase()}`,
    wageringMultiplier: 10,
    contributions: { slot: 100, roulette: 10 },
    validityDays: 7,
    ...overrides,
  });
  const fieldsOf = async (response: Response) => ((await response.json()) as { errors?: { field: string }[] }).errors?.map((error) => error.field) ?? [];

  it('refuses a missing or invalid product (400 naming product), and contributions of another product', async () => {
    const operator = await signIn('bo.operator');
    const { product: _product, ...without } = plan();
    for (const body of [without, plan({ product: 'SPORTS' }), plan({ product: null }), plan({ product: 'ANY' })]) {
      const answer = await call('POST', '/bo/bonusPlans', operator, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(await fieldsOf(answer)).toContain('product');
    }
    const mixed = await call('POST', '/bo/bonusPlans', operator, plan({ contributions: { slot: 100, bingo: 100 } }));
    expect(mixed.status).toBe(400);
    expect(await fieldsOf(mixed)).toContain('contributions');
  });

  it('stores a plan with its product, changes it, and audits both; ANY only with nothing to wager', async () => {
    const operator = await signIn('bo.operator');
    const created = await call('POST', '/bo/bonusPlans', operator, plan({ product: 'LIVE', contributions: { 'live-roulette': 50 } }));
    expect(created.status).toBe(200);
    const { plan: stored } = (await created.json()) as { plan: { planId: number; product: string } };
    expect(stored.product).toBe('LIVE');
    const changed = await call(
      'PUT',
      `/bo/bonusPlans/${stored.planId}`,
      operator,
      plan({ code: null, product: 'ANY', wageringMultiplier: 0, contributions: {} }),
    );
    expect(changed.status).toBe(200);
    const [row] = await server.db.select().from(bonusPlan).where(eq(bonusPlan.id, stored.planId));
    expect(row).toMatchObject({ product: 'ANY', wageringMultiplier: 0 });
    const audit = await server.db
      .select()
      .from(staffAudit)
      .where(eq(staffAudit.subjectId, String(stored.planId)));
    expect(audit.map((entry) => entry.action)).toContain('bonus-plan.update');
    const listed = (await (await call('GET', '/bo/bonusPlans', operator)).json()) as { plans: { planId: number; product: string }[] };
    expect(listed.plans.find((entry) => entry.planId === stored.planId)?.product).toBe('ANY');
    expect(listed.plans.find((entry) => entry.planId === 1006)?.product).toBe('CASINO');
  });

  it('answers 401 without a staff session and 403 to a role without bonuses.plans', async () => {
    const support = await signIn('bo.support');
    for (const [method, path, body] of [
      ['GET', '/bo/bonusPlans', undefined],
      ['POST', '/bo/bonusPlans', plan()],
      ['PUT', '/bo/bonusPlans/1006', plan()],
    ] as const) {
      expect((await call(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, support, body)).status, `${method} ${path}`).toBe(403);
    }
    const [unchanged] = await server.db.select().from(bonusPlan).where(eq(bonusPlan.id, 1006));
    expect(unchanged?.name).not.toBe('Editor plan');
  });
});
