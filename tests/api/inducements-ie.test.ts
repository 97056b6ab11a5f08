import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyAccount, loyaltyOrder, loyaltyPointsEntry, player, playerBonus, referralInvitation, referralReward, mailOutbox } from '../../server/db/schema';
import { updatePlayer } from '../../server/platform/accounts';
import { grantBonus, planById } from '../../server/platform/bonuses';
import { ensureReferralCode, referralCodeOf } from '../../server/platform/referrals';
import { inTransaction } from '../../server/db/transaction';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { seedDemoLoyalty } from '../../server/seed/demo/loyalty';
import { ApiClient, newSignup } from '../support/api-client';
import { staffApi } from '../support/back-office';
import { cashierPlayer } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * Inducements closed per jurisdiction (issue 29 item 7; Gambling Regulation Act 2024, s. 157), with
 * the legal default INDUCEMENTS_OFF=IE: an IE player earns no loyalty points on either of the
 * wallet's paths, cannot list or buy in the loyalty shop, invite friends or be rewarded for one,
 * redeem a bonus code, see deposit offers or take one — each refused with 403
 * INDUCEMENTS_NOT_AVAILABLE, in parallel too, and writing nothing. GB and DEFAULT players keep them.
 */

let server: TestServer;

beforeAll(async () => {
  // The legal default: IE closes every inducement.
  server = await startTestServer({ PUBLIC_URL: 'http://emerald.test', INDUCEMENTS_OFF: 'IE' });
  await seedDemoBonusPlans(server.db);
  await seedDemoLoyalty(server.db, { startingPoints: false });
});
afterAll(() => server.close());

type Country = 'IE' | 'GB' | null;
type ErrorBody = { status: string; message: string; errors?: { field: string; error: string }[] };

/** A signed-in, verified player whose rules are the country's (null: DEFAULT), with €100 of cash. */
async function playerOf(country: Country) {
  const signed = await cashierPlayer(server);
  if (country) await server.db.update(player).set({ country }).where(eq(player.id, signed.partyId));
  await server.fundPlayer(signed.partyId, 10_000n);
  return signed;
}

const pointsOf = async (playerId: string) => (await server.db.select().from(loyaltyAccount).where(eq(loyaltyAccount.playerId, playerId)))[0]?.points ?? 0n;
const give = (playerId: string, points: bigint) => server.db.insert(loyaltyPointsEntry).values({ playerId, kind: 'GRANT', points, note: 'inducements test' });
const bonusesOf = (playerId: string) => server.db.select().from(playerBonus).where(eq(playerBonus.playerId, playerId));

function expectClosed(answer: { status: number; body: unknown }, kind: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(403);
  const body = answer.body as ErrorBody;
  expect(body.status).toBe('INDUCEMENTS_NOT_AVAILABLE');
  expect(body.message).toContain('Gambling Regulation Act 2024, s. 157');
  expect(body.errors).toEqual([{ field: 'inducement', error: kind }]);
}

describe('the session answer says which inducements are closed', () => {
  it('IE: all four; GB and DEFAULT: none', async () => {
    const expected: [Country, string[]][] = [
      ['IE', ['LOYALTY_POINTS', 'LOYALTY_SHOP', 'REFER_A_FRIEND', 'BONUS_OFFERS']],
      ['GB', []],
      [null, []],
    ];
    for (const [country, off] of expected) {
      const { client } = await playerOf(country);
      const alive = await client.get<{ alive: boolean; inducementsOff: string[] }>('/ps/checkSessionAlive');
      expect(alive.body, String(country)).toMatchObject({ alive: true, inducementsOff: off });
    }
    // A player seen from an Irish address plays under IE rules whatever they declared.
    const { client, partyId } = await playerOf(null);
    await server.db.update(player).set({ jurisdiction: 'IE' }).where(eq(player.id, partyId));
    expect((await client.get<{ inducementsOff: string[] }>('/ps/checkSessionAlive')).body.inducementsOff).toHaveLength(4);
  });
});

describe('loyalty points are not earned (a money policy the wallet runs)', () => {
  it('an IE player earns nothing on the one-statement path and the general path; GB and DEFAULT players earn', async () => {
    const ie = await playerOf('IE');
    const gb = await playerOf('GB');
    const other = await playerOf(null);
    for (const { partyId } of [ie, gb, other]) {
      // The one-statement path: a player without a bonus.
      expect((await walletCall(server.url, 'debit', gameBody(partyId, { amount: 2, kind: 'slot' }))).status).toBe(200);
    }
    expect(await pointsOf(ie.partyId)).toBe(0n);
    expect(await pointsOf(gb.partyId)).toBe(20n);
    expect(await pointsOf(other.partyId)).toBe(20n);

    // The general path: a player with an active bonus (granted here directly, as an older bonus would be held).
    const plan = await planById(server.db, 1006);
    if (!plan) throw new Error('demo plan 1006 missing');
    for (const { partyId } of [ie, other]) await inTransaction(server.db, (tx) => grantBonus(tx, partyId, plan, 500n));
    const parallel = async (partyId: string) =>
      Promise.all(Array.from({ length: 4 }, () => walletCall(server.url, 'debit', gameBody(partyId, { amount: 1, kind: 'slot' }))));
    expect((await parallel(ie.partyId)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect((await parallel(other.partyId)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await pointsOf(ie.partyId)).toBe(0n);
    expect(await pointsOf(other.partyId)).toBe(20n + 40n);
    expect(await server.db.select().from(loyaltyPointsEntry).where(eq(loyaltyPointsEntry.playerId, ie.partyId))).toEqual([]);
  });

  it('an IE player is not shown a points balance: getBalance says 0, loyaltyPointsStatus is refused', async () => {
    const ie = await playerOf('IE');
    await give(ie.partyId, 1_500n);
    const balance = await ie.client.get<{ currencyBalances: { currency: string; loyaltyPoint: number }[] }>('/ps/getBalance');
    expect(balance.body.currencyBalances.find((entry) => entry.currency === 'EUR')?.loyaltyPoint).toBe(0);
    expectClosed(await ie.client.get('/ps/loyaltyPointsStatus'), 'LOYALTY_POINTS');
    const gb = await playerOf('GB');
    await give(gb.partyId, 1_500n);
    expect((await gb.client.get<{ points: number }>('/ps/loyaltyPointsStatus')).body.points).toBe(1_500);
  });
});

describe('the loyalty shop', () => {
  const checkout = (client: ApiClient, requestId: string = randomUUID()) =>
    client.post('/ps/loyaltyCheckout', { requestId, items: [{ itemCode: 'BONUS-EUR-5', quantity: 1 }] });

  it('refuses an IE player the items and every checkout, also ten in parallel, spending nothing', async () => {
    const ie = await playerOf('IE');
    await give(ie.partyId, 5_000n);
    expectClosed(await ie.client.get('/ps/getLoyaltyItems'), 'LOYALTY_SHOP');
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(ie.client)));
    for (const answer of answers) expectClosed(answer, 'LOYALTY_SHOP');
    expect(await pointsOf(ie.partyId)).toBe(5_000n);
    expect(await server.db.select().from(loyaltyOrder).where(eq(loyaltyOrder.playerId, ie.partyId))).toEqual([]);
    expect(await bonusesOf(ie.partyId)).toEqual([]);
  });

  it('GB and DEFAULT players list and buy', async () => {
    for (const country of ['GB', null] as const) {
      const { client, partyId } = await playerOf(country);
      await give(partyId, 1_000n);
      const items = await client.get<{ items: { itemCode: string }[] }>('/ps/getLoyaltyItems');
      expect(items.status).toBe(200);
      expect(items.body.items.map((item) => item.itemCode)).toContain('BONUS-EUR-5');
      const bought = await checkout(client);
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      expect(await pointsOf(partyId)).toBe(500n);
    }
  });
});

describe('refer a friend', () => {
  it('refuses an IE player the page and invitations (in parallel too), writing and sending nothing', async () => {
    const ie = await playerOf('IE');
    const address = `friend.${randomUUID().slice(0, 8)}@example.test`;
    expectClosed(await ie.client.get('/ps/getReferrals'), 'REFER_A_FRIEND');
    const answers = await Promise.all(Array.from({ length: 5 }, () => ie.client.post('/ps/referFriend', { emails: address })));
    for (const answer of answers) expectClosed(answer, 'REFER_A_FRIEND');
    expect(await server.db.select().from(referralInvitation).where(eq(referralInvitation.referrerId, ie.partyId))).toEqual([]);
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, address))).toEqual([]);
    // And no cookie that marks this browser as theirs.
    expect(ie.client.cookies.get('EMERALD_REFERRER')).toBeUndefined();
  });

  it('an IE referrer whose friend qualifies is rewarded nothing (WITHHELD_INDUCEMENTS); a DEFAULT referrer is', async () => {
    const outcomes: Record<string, string> = {};
    for (const country of ['IE', null] as const) {
      const referrer = await playerOf(country);
      await ensureReferralCode(server.db, referrer.partyId);
      const friendClient = new ApiClient(server.url);
      const signup = newSignup();
      const joined = await friendClient.post('/ps/quickSignup', { ...signup, referralId: referralCodeOf(referrer.partyId) });
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      const [friend] = await server.db
        .select({ id: player.id })
        .from(player)
        .where(eq(player.email, String(signup.email)));
      await updatePlayer(server.db, friend!.id, { registrationStatus: 'PLAYER', kycStatus: 'PASS' });
      await Promise.all([3_000n, 2_500n].map((amount) => server.fundPlayer(friend!.id, amount)));
      const rewards = await server.db.select().from(referralReward).where(eq(referralReward.referrerId, referrer.partyId));
      expect(rewards).toHaveLength(1);
      outcomes[String(country)] = rewards[0]!.outcome;
      const bonuses = (await bonusesOf(referrer.partyId)).filter((bonus) => bonus.planId === 1005);
      expect(bonuses).toHaveLength(country === 'IE' ? 0 : 1);
    }
    expect(outcomes).toEqual({ IE: 'WITHHELD_INDUCEMENTS', null: 'GRANTED' });
  });
});

describe('bonus offers', () => {
  it('an IE player cannot redeem a bonus code: ten parallel redemptions are all refused and nothing is granted', async () => {
    const ie = await playerOf('IE');
    const answers = await Promise.all(Array.from({ length: 10 }, () => ie.client.post('/ps/redeemBonus', { code: 'WELCOME10' })));
    for (const answer of answers) expectClosed(answer, 'BONUS_OFFERS');
    expectClosed(await ie.client.post('/ps/redeemBonus', { code: 'SPINS20' }), 'BONUS_OFFERS');
    expect(await bonusesOf(ie.partyId)).toEqual([]);
  });

  it('an IE player is offered no deposit bonus, a voucher or plan asked for is refused, and the terms of an offer are not shown', async () => {
    const ie = await playerOf('IE');
    const eligible = await ie.client.get<{ bonusPlans: unknown[] }>('/ps/getDepositEligibleBonusPlans?paymentMethod=OMEGA_BANK&depositAmount=50');
    expect(eligible.status).toBe(200);
    expect(eligible.body.bonusPlans).toEqual([]);
    expectClosed(await ie.client.get('/ps/validateDepositBonusVoucher?paymentMethod=OMEGA_BANK&depositAmount=50&voucherCode=ANY'), 'BONUS_OFFERS');
    expectClosed(await ie.client.get('/ps/bonus/planTerms?bonusPlanId=1001'), 'BONUS_OFFERS');
    const deposit = await ie.client.post('/ps/processDeposit', {
      requestId: randomUUID(),
      paymentMethod: 'OMEGA_BANK',
      amount: 50,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
      requestedBonusPlanId: 1001,
    });
    expectClosed(deposit, 'BONUS_OFFERS');
    expect(await bonusesOf(ie.partyId)).toEqual([]);
  });

  it('GB and DEFAULT players redeem a code once and are offered the first-deposit bonus', async () => {
    for (const country of ['GB', null] as const) {
      const { client, partyId } = await cashierPlayer(server);
      if (country) await server.db.update(player).set({ country }).where(eq(player.id, partyId));
      const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/ps/redeemBonus', { code: 'WELCOME10' })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400, 400]);
      expect(await bonusesOf(partyId)).toHaveLength(1);
      const eligible = await client.get<{ bonusPlans: { bonusPlanId: number }[] }>(
        '/ps/getDepositEligibleBonusPlans?paymentMethod=OMEGA_BANK&depositAmount=50',
      );
      expect(eligible.body.bonusPlans.map((plan) => plan.bonusPlanId)).toContain(1001);
      expect((await client.get('/ps/bonus/planTerms?bonusPlanId=1001')).status).toBe(200);
    }
  });

  it('an IE player still sees and may cancel a bonus they already hold', async () => {
    const ie = await playerOf('IE');
    const plan = await planById(server.db, 1006);
    const held = await inTransaction(server.db, (tx) => grantBonus(tx, ie.partyId, plan!, 500n));
    const today = new Date().toISOString().slice(0, 10);
    const list = await ie.client.get<{ bonuses: { id: number }[] }>(`/ps/getBonuses?startDate=${today}&endDate=${today}`);
    expect(list.body.bonuses.map((bonus) => bonus.id)).toEqual([Number(held.id)]);
    expect((await ie.client.get('/ps/bonus/planTerms?bonusPlanId=1006&code=WELCOME10')).status).toBe(200);
    expect((await ie.client.post('/ps/cancelBonus', { bonusId: Number(held.id) })).status).toBe(200);
  });
});

describe('staff see what is closed to a player', () => {
  const staff = staffApi(() => server);

  it("the back office's player page names the player's rule set and the inducements it closes", async () => {
    const support = await staff.signIn('bo.support');
    const profileOf = async (country: Country) => {
      const { partyId } = await playerOf(country);
      const answer = await staff.call('GET', `/bo/players/${partyId}`, support);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as { player: { rulesJurisdiction: string; inducementsOff: string[] } }).player;
    };
    expect(await profileOf('IE')).toMatchObject({
      rulesJurisdiction: 'IE',
      inducementsOff: ['LOYALTY_POINTS', 'LOYALTY_SHOP', 'REFER_A_FRIEND', 'BONUS_OFFERS'],
    });
    expect(await profileOf('GB')).toMatchObject({ rulesJurisdiction: 'GB', inducementsOff: [] });
    expect(await profileOf(null)).toMatchObject({ rulesJurisdiction: 'DEFAULT', inducementsOff: [] });
  });
});
