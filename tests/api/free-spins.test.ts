import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonusPlan,
  freeSpinGrant,
  freeSpinPlan,
  freeSpinRound,
  gameRound,
  player,
  playerBonus,
  rgLimit,
  rgPlayClock,
  walletTransaction,
} from '../../server/db/schema';
import { cancelBonus, creditFreeSpinWin, freeSpinOffers, grantFreeSpins, redeemBonus, takeFreeSpin } from '../../server/platform/bonuses';
import { inTransaction } from '../../server/db/transaction';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { DEMO_CONTRIBUTIONS, seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { cashierPlayer } from '../support/cashier';
import { fieldsOf, gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Free-spin bonuses (issue 14; BON-13, server/platform/bonuses/README.md "Free spins"): the demo code
 * SPINS20 (20 spins at €0.10 on SR-1004, winnings a bonus with 10× wagering, at most €50), played
 * through the game server. A free spin is a real, recorded and verifiable round that moves no cash;
 * its win is credited as bonus money through the wallet with its wagering requirement; the spins
 * are counted down once each, whatever the concurrency, and a retry spends nothing.
 */

let server: TestServer;
const SLOT = 'SR-1004';
let fivePlanId = 0;
let gbPlanId = 0;

interface FreeSpinsBody {
  freeSpins: {
    grantId: number;
    planId: number;
    bonusId: number;
    stake: number;
    spinsTotal: number;
    spinsLeft: number;
    won: number;
    gameIds: string[];
    expiresAt: string;
  }[];
}
interface SpinBody {
  roundId: string;
  stake: number;
  win: number;
  balance: number;
  netPosition: number;
  freeSpin: { grantId: number; spinNumber: number; spinsLeft: number; credited: number; bonusId: number };
}

beforeAll(async () => {
  server = await startTestServer();
  await seedDemoBonusPlans(server.db);
  // Five spins on the same slot (for the concurrency cases), and a GB-facing 30× plan to see the UKGC cap.
  const [five] = await server.db
    .insert(bonusPlan)
    .values({
      kind: 'FREE_SPINS',
      name: 'Five spins',
      currency: 'EUR',
      cap: 1_000n,
      code: 'FIVESPINS',
      wageringMultiplier: 10,
      contributions: DEMO_CONTRIBUTIONS,
      validityDays: 7,
    })
    .returning();
  const [gb] = await server.db
    .insert(bonusPlan)
    .values({
      kind: 'FREE_SPINS',
      name: 'Thirty times spins',
      currency: 'EUR',
      cap: 150n,
      wageringMultiplier: 30,
      contributions: DEMO_CONTRIBUTIONS,
      validityDays: 7,
    })
    .returning();
  fivePlanId = five!.id;
  gbPlanId = gb!.id;
  await server.db.insert(freeSpinPlan).values([
    { planId: fivePlanId, spins: 5, stake: 10n, gameIds: [SLOT], validDays: 1 },
    { planId: gbPlanId, spins: 3, stake: 10n, gameIds: [SLOT], validDays: 1 },
  ]);
});
afterAll(() => server.close());

const balance = (playerId: string) => getPlayerBalance(server.db, playerId, 'EUR');
const minor = (major: number) => BigInt(Math.round(major * 100));

async function slotPlayer(code?: string) {
  const signedIn = await cashierPlayer(server);
  if (code) {
    const redeemed = await signedIn.client.post<{ bonus: { status: string; bonusPlanId: number; amount: number } }>('/ps/redeemBonus', { code });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
  }
  const games = gameClient(server);
  const { cookie: gameCookie } = await games.openGame(signedIn.cookie, SLOT, true);
  const offers = async () => {
    const answer = await games.call('GET', '/gs/free-spins', { cookie: gameCookie });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as unknown as FreeSpinsBody).freeSpins;
  };
  const spin = (grantId: number, clientRequestId = randomUUID()) =>
    games.call('POST', '/gs/free-spins/spin', { cookie: gameCookie, body: { grantId, clientRequestId } });
  return { ...signedIn, games, gameCookie, offers, spin };
}

describe('free spins (issue 14, BON-13)', () => {
  it('SPINS20: redeemed, offered on its slot, all 20 played as recorded and verifiable rounds that move no cash; wins become bonus money at 10×', async () => {
    const p = await slotPlayer();
    await server.fundPlayer(p.partyId, 500n);
    const redeemed = await p.client.post<{ bonus: { status: string; bonusPlanId: number; amount: number; wagerRequirement: number } }>('/ps/redeemBonus', {
      code: 'spins20',
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.bonus).toMatchObject({ bonusPlanId: 1007, status: 'PENDING', amount: 0, wagerRequirement: 0 });
    // Once per player, as every code.
    expect((await p.client.post('/ps/redeemBonus', { code: 'SPINS20' })).status).toBe(400);

    const [offer, ...others] = await p.offers();
    expect(others).toEqual([]);
    expect(offer).toMatchObject({ planId: 1007, stake: 0.1, spinsTotal: 20, spinsLeft: 20, won: 0, gameIds: [SLOT] });

    let credited = 0n;
    const roundIds: string[] = [];
    for (let spin = 1; spin <= 20; spin += 1) {
      const answer = await p.spin(offer!.grantId);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const body = answer.body as unknown as SpinBody;
      expect(body.stake).toBe(0.1);
      expect(body.freeSpin).toMatchObject({ grantId: offer!.grantId, spinNumber: spin, spinsLeft: 20 - spin });
      // Every win is credited in full: 20 spins at €0.10 stay far below the €50 cap.
      expect(body.freeSpin.credited).toBe(body.win);
      credited += minor(body.freeSpin.credited);
      roundIds.push(body.roundId);
      // Cash never moves; the balance shown is cash + bonus.
      expect((await balance(p.partyId)).cash).toBe(500n);
    }

    // Each spin is a SETTLED real round at the fixed stake, recorded beside its free-spin row.
    const rounds = await server.db.select().from(gameRound).where(inArray(gameRound.id, roundIds));
    expect(rounds).toHaveLength(20);
    expect(rounds.every((round) => round.stake === 10n && round.status === 'SETTLED' && round.mode === 'REAL')).toBe(true);
    expect(await server.db.select().from(freeSpinRound).where(inArray(freeSpinRound.roundId, roundIds))).toHaveLength(20);
    // No bet and no game win in the ledger: only the fund and the bonus credits.
    const kinds = (await server.db.select({ kind: walletTransaction.kind }).from(walletTransaction).where(eq(walletTransaction.playerId, p.partyId))).map(
      (row) => row.kind,
    );
    expect(kinds.filter((kind) => kind.startsWith('GAME_'))).toEqual([]);

    const [bonus] = await server.db.select().from(playerBonus).where(eq(playerBonus.playerId, p.partyId));
    if (credited > 0n) {
      expect(bonus).toMatchObject({ status: 'ACTIVE', amount: credited, wagerRequirement: credited * 10n, amountWagered: 0n });
      expect(await balance(p.partyId)).toMatchObject({ cash: 500n, bonus: credited });
    } else {
      // Twenty losing spins: nothing to wager, the bonus ends with nothing.
      expect(bonus).toMatchObject({ status: 'RELEASED', amount: 0n });
    }

    // Spent: no offer, and a 21st free spin is refused naming the grant; nothing moves.
    expect(await p.offers()).toEqual([]);
    const after = await p.spin(offer!.grantId);
    expect(after.status).toBe(400);
    expect(fieldsOf(after)).toEqual(['grantId']);
    expect(await balance(p.partyId)).toMatchObject({ cash: 500n, bonus: credited });

    // Verifiable like any round: reveal the seed and replay the first free spin.
    expect((await p.games.call('POST', '/gs/seeds/rotate', { cookie: p.gameCookie, body: {} })).status).toBe(200);
    const verified = await p.games.call('GET', `/gs/rounds/${roundIds[0]}/verify`, { cookie: p.gameCookie });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, stake: 0.1 });

    // After the free spins an ordinary paid spin takes its stake from cash.
    const paid = await p.games.call('POST', '/gs/slots/spin', { cookie: p.gameCookie, body: { stake: 1, clientRequestId: randomUUID() } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await balance(p.partyId)).cash).toBe(500n - 100n + minor((paid.body as unknown as SpinBody).win));
  });

  it('parallel free spins never spend more than the grant holds', async () => {
    const p = await slotPlayer('FIVESPINS');
    const [offer] = await p.offers();
    expect(offer).toMatchObject({ spinsLeft: 5, spinsTotal: 5 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => p.spin(offer!.grantId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(7);
    expect(refused.every((answer) => answer.status === 400 && fieldsOf(answer)[0] === 'grantId')).toBe(true);
    const spinNumbers = answers.filter((answer) => answer.status === 200).map((answer) => (answer.body as unknown as SpinBody).freeSpin.spinNumber);
    expect(spinNumbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    const [grant] = await server.db
      .select()
      .from(freeSpinGrant)
      .where(eq(freeSpinGrant.id, BigInt(offer!.grantId)));
    expect(grant?.spinsLeft).toBe(0);
    expect(await server.db.select().from(freeSpinRound).where(eq(freeSpinRound.grantId, grant!.id))).toHaveLength(5);
    expect(await server.db.select().from(gameRound).where(eq(gameRound.playerId, p.partyId))).toHaveLength(5);
  });

  it('a retry with the same clientRequestId answers the same round and spends nothing; grantFreeSpins with a reference grants once', async () => {
    const p = await slotPlayer();
    // The loyalty shop's way in: the service, with its own number of spins and a reference.
    const first = await grantFreeSpins(server.db, { playerId: p.partyId, planId: fivePlanId, spins: 3, reference: 'loyalty:order-1' });
    const again = await grantFreeSpins(server.db, { playerId: p.partyId, planId: fivePlanId, spins: 3, reference: 'loyalty:order-1' });
    expect(again.grant.id).toBe(first.grant.id);
    expect(await server.db.select().from(freeSpinGrant).where(eq(freeSpinGrant.playerId, p.partyId))).toHaveLength(1);
    const grantId = Number(first.grant.id);

    const id = randomUUID();
    const once = await p.spin(grantId, id);
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    const [twice, thrice] = await Promise.all([p.spin(grantId, id), p.spin(grantId, id)]);
    for (const retry of [twice, thrice]) {
      expect(retry.status, JSON.stringify(retry.body)).toBe(200);
      expect((retry.body as unknown as SpinBody).roundId).toBe((once.body as unknown as SpinBody).roundId);
      expect((retry.body as unknown as SpinBody).freeSpin).toMatchObject({ spinNumber: 1 });
    }
    expect((await p.offers())[0]).toMatchObject({ spinsLeft: 2 });
    // The id of a paid round is not a free spin: 409, nothing spent.
    const paidId = randomUUID();
    await server.fundPlayer(p.partyId, 1_000n);
    expect((await p.games.call('POST', '/gs/slots/spin', { cookie: p.gameCookie, body: { stake: 1, clientRequestId: paidId } })).status).toBe(200);
    const conflict = await p.spin(grantId, paidId);
    expect(conflict.status).toBe(409);
    expect(fieldsOf(conflict)).toEqual(['clientRequestId']);
    expect((await p.offers())[0]).toMatchObject({ spinsLeft: 2 });
  });

  it("another player's grant is 404, bad input 400, no game session 401, none in free play, another game 400", async () => {
    const owner = await slotPlayer('FIVESPINS');
    const [offer] = await owner.offers();
    const other = await slotPlayer();
    const stolen = await other.spin(offer!.grantId);
    expect(stolen.status).toBe(404);
    expect(fieldsOf(stolen)).toEqual(['grantId']);
    for (const body of [
      { grantId: 'x', clientRequestId: 'a' },
      { grantId: offer!.grantId },
      { grantId: -1, clientRequestId: 'a' },
      { grantId: offer!.grantId, clientRequestId: '' },
    ]) {
      const bad = await owner.games.call('POST', '/gs/free-spins/spin', { cookie: owner.gameCookie, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.games.call('POST', '/gs/free-spins/spin', { body: { grantId: offer!.grantId, clientRequestId: 'a' } })).status).toBe(401);
    expect((await owner.games.call('GET', '/gs/free-spins')).status).toBe(401);
    // Free play: no free spins (a published free-to-play post of the slot).
    await owner.games.publishFreeGame(SLOT, 'free-spins-free-play', 'Pharaoh’s Lantern');
    const free = await owner.games.openGame(owner.cookie, SLOT, false);
    expect((await owner.games.call('GET', '/gs/free-spins', { cookie: free.cookie })).body).toMatchObject({ status: 'SUCCESS', freeSpins: [] });
    expect(
      (await owner.games.call('POST', '/gs/free-spins/spin', { cookie: free.cookie, body: { grantId: offer!.grantId, clientRequestId: randomUUID() } })).status,
    ).toBe(404);
    // The spins are for SR-1001 only: another slot's session does not offer them and refuses them.
    const elsewhere = await owner.games.openGame(owner.cookie, 'SR-1002', true);
    expect((await owner.games.call('GET', '/gs/free-spins', { cookie: elsewhere.cookie })).body).toMatchObject({ freeSpins: [] });
    const wrong = await owner.games.call('POST', '/gs/free-spins/spin', {
      cookie: elsewhere.cookie,
      body: { grantId: offer!.grantId, clientRequestId: randomUUID() },
    });
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['grantId']);
    expect((await owner.offers())[0]).toMatchObject({ spinsLeft: 5 });
  });

  it('what stops real-money play stops free spins: a due reality check refuses the spin and spends nothing (RG-62)', async () => {
    const p = await slotPlayer('FIVESPINS');
    await server.fundPlayer(p.partyId, 1_000n);
    expect((await p.client.post('/ps/updateRealityCheck', { interval: 10 })).status).toBe(200);
    expect((await p.games.call('POST', '/gs/slots/spin', { cookie: p.gameCookie, body: { stake: 1, clientRequestId: randomUUID() } })).status).toBe(200);
    await server.db.execute(sql`UPDATE rg_play_clock SET reality_check_due_at = now() - interval '1 second' WHERE player_id = ${p.partyId}`);
    const [offer] = await p.offers();
    const refused = await p.spin(offer!.grantId);
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('REALITY_CHECK_DUE');
    expect((await p.offers())[0]).toMatchObject({ spinsLeft: 5 });
  });

  it('free spins are time played: they start the session and the day on the play clock, with no money limit counted (RG-28…37)', async () => {
    const p = await slotPlayer('FIVESPINS');
    expect((await p.client.post('/ps/updateSessionLimit', { limit: 60 })).status).toBe(200);
    expect((await p.client.post('/ps/updateWagerLimit', { limit: 100 })).status).toBe(200);
    const [offer] = await p.offers();
    // Only free spins: the first starts the session; a later one, a minute on, adds the minute.
    expect((await p.spin(offer!.grantId)).status).toBe(200);
    await server.db.execute(sql`UPDATE rg_play_clock SET last_activity_at = now() - interval '60 seconds' WHERE player_id = ${p.partyId}`);
    expect((await p.spin(offer!.grantId)).status).toBe(200);
    const [clock] = await server.db.select().from(rgPlayClock).where(eq(rgPlayClock.playerId, p.partyId));
    expect(Number(clock!.sessionMs)).toBeGreaterThanOrEqual(59_000);
    expect(Number(clock!.dayMs)).toBeGreaterThanOrEqual(59_000);
    expect(clock!.lastActivityAt).not.toBeNull();
    const [wager] = await server.db
      .select()
      .from(rgLimit)
      .where(and(eq(rgLimit.playerId, p.partyId), eq(rgLimit.limitType, 'WAGER_LIMIT')));
    expect(wager!.cumulated).toBe(0n);
  });

  it('a time-out forfeits unplayed spins with their bonus; a locked player is granted none', async () => {
    const { client, partyId } = await cashierPlayer(server);
    const { grant, bonus } = await grantFreeSpins(server.db, { playerId: partyId, planId: fivePlanId });
    const locked = await client.post('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 });
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect((await server.db.select().from(playerBonus).where(eq(playerBonus.id, bonus.id)))[0]?.status).toBe('FORFEITED');
    expect(await freeSpinOffers(server.db, partyId, 'EUR', SLOT)).toEqual([]);
    await expect(
      inTransaction(server.db, (tx) => takeFreeSpin(tx, { playerId: partyId, currency: 'EUR', gameId: SLOT, grantId: grant.id })),
    ).rejects.toMatchObject({ status: 'PLAYER_LOCKED' });
    await expect(grantFreeSpins(server.db, { playerId: partyId, planId: fivePlanId })).rejects.toMatchObject({ status: 'PLAYER_LOCKED' });
  });

  it('spins run out at their expiry: not offered, refused, and their bonus that never won ends EXPIRED', async () => {
    const p = await slotPlayer();
    const granted = await grantFreeSpins(server.db, { playerId: p.partyId, planId: fivePlanId }, new Date(Date.now() - 25 * 60 * 60 * 1000));
    expect(await p.offers()).toEqual([]);
    const [bonus] = await server.db.select().from(playerBonus).where(eq(playerBonus.id, granted.bonus.id));
    expect(bonus?.status).toBe('EXPIRED');
    const late = await p.spin(Number(granted.grant.id));
    expect(late.status).toBe(400);
    expect(fieldsOf(late)).toEqual(['grantId']);
    expect(await balance(p.partyId)).toMatchObject({ cash: 0n, bonus: 0n });
  });

  it('wins through the wallet: queued behind an active bonus until it ends, capped by the plan, at most 10× wagering for GB players', async () => {
    const { partyId } = await cashierPlayer(server);
    await server.db.update(player).set({ country: 'GB' }).where(eq(player.id, partyId));
    await redeemBonus(server.db, server.context.inducements, partyId, 'EUR', 'WELCOME10');
    const { grant, bonus } = await grantFreeSpins(server.db, { playerId: partyId, planId: gbPlanId });
    const play = (win: bigint) =>
      inTransaction(server.db, async (tx) => {
        const spin = await takeFreeSpin(tx, { playerId: partyId, currency: 'EUR', gameId: SLOT, grantId: grant.id });
        return creditFreeSpinWin(tx, spin, randomUUID(), win);
      });
    // WELCOME10 is active: the spins' bonus waits QUEUED with its amount, the bucket holds only WELCOME10's €10.
    expect(await play(100n)).toMatchObject({ credited: 100n, bonusId: bonus.id });
    const bonusRow = async () => (await server.db.select().from(playerBonus).where(eq(playerBonus.id, bonus.id)))[0]!;
    // GB: the plan's 30× is capped at 10×.
    expect(await bonusRow()).toMatchObject({ status: 'QUEUED', amount: 100n, wagerRequirement: 1_000n });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 1_000n });
    // The plan's cap (€1.50) bounds what the spins credit in all.
    expect(await play(80n)).toMatchObject({ credited: 50n });
    expect(await play(40n)).toMatchObject({ credited: 0n });
    expect(await bonusRow()).toMatchObject({ status: 'QUEUED', amount: 150n, wagerRequirement: 1_500n });
    // WELCOME10 cancelled: the spins' bonus becomes active with its money.
    const [welcome] = await server.db
      .select()
      .from(playerBonus)
      .where(and(eq(playerBonus.playerId, partyId), eq(playerBonus.planId, 1006)));
    await cancelBonus(server.db, partyId, welcome!.id);
    expect(await bonusRow()).toMatchObject({ status: 'ACTIVE', amount: 150n });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 150n });
  });

  it('wins while the bonus is active are paid into BONUS at once, each through its own wallet movement, at the plan multiplier', async () => {
    const { partyId } = await cashierPlayer(server);
    const { grant, bonus } = await grantFreeSpins(server.db, { playerId: partyId, planId: gbPlanId });
    const play = (win: bigint) =>
      inTransaction(server.db, async (tx) => {
        const spin = await takeFreeSpin(tx, { playerId: partyId, currency: 'EUR', gameId: SLOT, grantId: grant.id });
        return creditFreeSpinWin(tx, spin, randomUUID(), win);
      });
    const bonusRow = async () => (await server.db.select().from(playerBonus).where(eq(playerBonus.id, bonus.id)))[0]!;
    await play(30n);
    expect(await bonusRow()).toMatchObject({ status: 'ACTIVE', amount: 30n, wagerRequirement: 900n });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 30n });
    await play(20n);
    await play(0n);
    expect(await bonusRow()).toMatchObject({ status: 'ACTIVE', amount: 50n, wagerRequirement: 1_500n });
    expect(await balance(partyId)).toMatchObject({ cash: 0n, bonus: 50n });
    const moves = await server.db
      .select({ kind: walletTransaction.kind, amount: walletTransaction.amount, key: walletTransaction.idempotencyKey })
      .from(walletTransaction)
      .where(eq(walletTransaction.playerId, partyId))
      .orderBy(walletTransaction.id);
    expect(moves.map((move) => [move.kind, move.amount])).toEqual([
      ['BONUS_GRANT', 30n],
      ['BONUS_GRANT', 20n],
    ]);
    expect(moves[1]?.key).toMatch(/^bonus-top-up:/);
  });

  it('the ledger balances after all of it', async () => {
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });
});
