import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rgLimit, rgLock, rgPlayClock, payment } from '../../server/db/schema';
import { mayMarket } from '../../server/platform/consents/index';
import { lockPlayer } from '../../server/platform/limits/locks.service';
import { endAllSessions } from '../../server/platform/session';
import { auditLedger, auditProblems, getPlayerBalance } from '../../server/platform/wallet/index';
import { ApiClient } from '../support/api-client';
import { cashierPlayer, requestId } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * Issue 12: responsible gaming through the real server (both databases). Every operation's shape,
 * bad input and no session; the rules of a change (RG-17, RG-18, RG-22); and every way around a
 * limit the issue names: bets at the edge in parallel, a second currency, a second node, the
 * one-statement round, a game session opened before a lock, free play during a lock, login during a
 * time-out, an increase before its cooling-off, an unconfirmed increase.
 */

let server: TestServer;
beforeAll(async () => {
  // Late e-wallet payouts confirm quickly, so a withdrawal pending at a lock is seen paying out.
  server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' });
});
afterAll(() => server.close());

const SLOT = 'SR-3001';

async function signedIn(options: Parameters<TestServer['createSignedInPlayer']>[0] = {}) {
  const player = await cashierPlayer(server, options);
  return player;
}

const debit = (partyId: string, amount: number, currency = 'EUR') => walletCall(server.url, 'debit', gameBody(partyId, { amount, currency }));
const credit = (partyId: string, amount: number, roundId: string, currency = 'EUR') =>
  walletCall(server.url, 'credit', gameBody(partyId, { amount, currency, roundId }));

async function limitRow(partyId: string, type: string) {
  const [row] = await server.db
    .select()
    .from(rgLimit)
    .where(sql`${rgLimit.playerId} = ${partyId} AND ${rgLimit.limitType} = ${type}`);
  return row;
}

/** Moves a pending change's cooling-off into the past, as if the days had gone by. */
async function passCoolingOff(id: string) {
  await server.db
    .update(rgLimit)
    .set({ pendingEffectiveAt: new Date(Date.now() - 1_000) })
    .where(eq(rgLimit.id, id));
}

describe('operations: no session, bad input (RG-12, RG-37, DEF-08, DEF-10)', () => {
  const reads = [
    'getPersonalDepositLimits',
    'getPendingConfirmationLimit',
    'getLimits',
    'getSessionLimit',
    'getRealityCheck',
    'getDisplayPeriodLimits',
    'getResponsibleGamingLimit',
    'getPlayStatus',
  ];
  const writes: [string, unknown][] = [
    ['setPersonalDepositLimits', { dailyLimit: 10 }],
    ['confirmPendingLimit', { cancelId: randomUUID() }],
    ['updateLossLimit', { limit: 10 }],
    ['updateWagerLimit', { limit: 10 }],
    ['updateSessionLimit', { limit: 10 }],
    ['updateRealityCheck', { interval: 10 }],
    ['updateResponsibleGamingLimit', { limitType: 'LOSS_LIMIT', periodType: 'Week', limit: 10 }],
    ['addResponsibleGamingLimit', { limitType: 'LOSS_LIMIT', periodType: 'Week', limit: 10 }],
    ['lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 }],
    ['answerRealityCheck', { action: 'CONTINUE' }],
  ];

  it('every operation answers 401 without a session', async () => {
    const anonymous = new ApiClient(server.url);
    for (const name of reads) expect((await anonymous.get(`/ps/${name}`)).status, name).toBe(401);
    for (const [name, body] of writes) expect((await anonymous.post(`/ps/${name}`, body)).status, name).toBe(401);
  });

  it('bad values are refused with 400 naming the field, and change nothing', async () => {
    const { client, partyId } = await signedIn();
    const cases: [string, unknown, string][] = [
      ['setPersonalDepositLimits', { dailyLimit: -5 }, 'dailyLimit'],
      ['setPersonalDepositLimits', { dailyLimit: 10.123 }, 'dailyLimit'],
      ['setPersonalDepositLimits', { dailyLimit: '10' }, 'dailyLimit'],
      ['setPersonalDepositLimits', {}, 'dailyLimit'],
      ['setPersonalDepositLimits', { dailyLimit: 10, weeklyLimit: 20 }, 'dailyLimit'],
      ['setPersonalDepositLimits', { dailyLimit: 1_000_000 }, 'dailyLimit'],
      ['setPersonalDepositLimits', { period: 'Daily' }, 'value'],
      ['updateLossLimit', { limit: 0 }, 'limit'],
      ['updateWagerLimit', { limit: 5, limitPeriod: 'Fortnightly' }, 'limitPeriod'],
      ['updateSessionLimit', { limit: 15 }, 'limit'],
      ['updateSessionLimit', {}, 'limit'],
      ['updateRealityCheck', { interval: 5 }, 'interval'],
      ['updateRealityCheck', { interval: 70 }, 'interval'],
      ['addResponsibleGamingLimit', { limitType: 'GAME_TIME_LIMIT', periodType: 'Day', limit: 1441 }, 'limit'],
      ['addResponsibleGamingLimit', { limitType: 'GAME_TIME_LIMIT', periodType: 'Day', limit: 0.5 }, 'limit'],
      ['addResponsibleGamingLimit', { limitType: 'LOSS_LIMIT', periodType: 'Week', limit: 10, expiryDate: '2020-01-01' }, 'expiryDate'],
      ['addResponsibleGamingLimit', { limitType: 'LOSS_LIMIT', periodType: 'Week', limit: 10, expiryDate: '2030-02-30' }, 'expiryDate'],
      ['addResponsibleGamingLimit', { limitType: 'BET_LIMIT', periodType: 'Week', limit: 10 }, 'limitType'],
      ['lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 7 }, 'lockPeriod'],
      ['lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'DAY', lockPeriod: 43 }, 'lockPeriod'],
      ['lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'DAY', lockPeriod: 1 }, 'lockPeriod'],
      ['lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 61 }, 'lockPeriod'],
      ['lockPlayer', { lockType: 'BREAK', lockPeriodUnit: 'WEEK', lockPeriod: 1 }, 'lockType'],
      ['answerRealityCheck', { action: 'LATER' }, 'action'],
      ['confirmPendingLimit', {}, 'confirmId'],
    ];
    for (const [name, body, field] of cases) {
      const answer = await client.post<{ status: string; errors?: { field: string }[] }>(`/ps/${name}`, body);
      expect(answer.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(
        answer.body.errors?.map((error) => error.field),
        `${name} ${JSON.stringify(body)}`,
      ).toContain(field);
    }
    expect(await server.db.select().from(rgLimit).where(eq(rgLimit.playerId, partyId))).toEqual([]);
    expect(await server.db.select().from(rgLock).where(eq(rgLock.playerId, partyId))).toEqual([]);
    expect((await client.get('/ps/getResponsibleGamingLimit?limitTypes=NOPE')).status).toBe(400);
  });

  it('RG-51 issue 26 (11) a time-out may be as short as 24 hours, as the UK rules allow: one day is taken and ends a day later', async () => {
    const { client } = await signedIn();
    const locked = await client.post<{ status: string; lockEndDate: string }>('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'DAY', lockPeriod: 1 });
    expect(locked.body).toMatchObject({ status: 'SUCCESS' });
    const hours = (Date.parse(locked.body.lockEndDate) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('another player’s pending limit id is 404, and stays pending', async () => {
    const owner = await signedIn();
    await owner.client.post('/ps/updateLossLimit', { limit: 50 });
    await owner.client.post('/ps/updateLossLimit', { limit: 80 });
    const pending = (await owner.client.get<{ limits: { id: string }[] }>('/ps/getPendingConfirmationLimit')).body.limits[0]!;
    const other = await signedIn();
    for (const body of [{ confirmId: pending.id }, { cancelId: pending.id }]) {
      const answer = await other.client.post('/ps/confirmPendingLimit', body);
      expect(answer.status).toBe(404);
    }
    expect((await owner.client.get<{ limits: unknown[] }>('/ps/getPendingConfirmationLimit')).body.limits).toHaveLength(1);
  });
});

describe('deposit limits (RG-13…19, DEP-14, DIS-04)', () => {
  it('a first limit and a decrease apply at once; an increase waits, cannot be confirmed early, never applies unconfirmed, and applies once confirmed', async () => {
    const { client, partyId } = await signedIn();
    const set = await client.post('/ps/setPersonalDepositLimits', { dailyLimit: 100 });
    expect(set.body).toMatchObject({
      status: 'SUCCESS',
      message: 'Your limit change request has been submitted successfully.',
      requiresDays: 0,
      pending: false,
    });
    expect((await client.post('/ps/setPersonalDepositLimits', { period: 'Daily', value: 60 })).body).toMatchObject({ requiresDays: 0 });
    const raise = await client.post('/ps/setPersonalDepositLimits', { dailyLimit: 500 });
    expect(raise.body).toMatchObject({ status: 'SUCCESS', requiresDays: 1, pending: true });
    const limits = await client.get<Record<string, unknown>>('/ps/getPersonalDepositLimits');
    expect(limits.body).toMatchObject({
      dailyLimit: 60,
      dailyMax: 10_000,
      hasPendingDailyLimit: true,
      pendingDailyLimit: 500,
      weeklyLimit: null,
      cooldownPeriod: 1,
      currency: 'EUR',
    });
    const [pending] = (await client.get<{ limits: { id: string; confirmable: boolean; limitType: string }[] }>('/ps/getPendingConfirmationLimit')).body.limits;
    expect(pending).toMatchObject({ limitType: 'DEPOSIT_LIMIT', confirmable: false });
    // Before the cooling-off: refused, nothing changes.
    const early = await client.post('/ps/confirmPendingLimit', { confirmId: [pending!.id] });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ status: 'LIMIT_NOT_CONFIRMABLE' });
    // After the cooling-off but unconfirmed: the old limit still binds a deposit.
    await passCoolingOff(pending!.id);
    await server.fundPlayer(partyId, 5_000n);
    const over = await client.post<{ status: string; errors: { error: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'PAYMENTIQ_ALL',
      amount: 20,
    });
    expect(over.status).toBe(400);
    expect(over.body.status).toBe('HIGH_LIMIT');
    expect(over.body.errors[0]!.error).toMatch(
      /daily deposit limit of €60\.00: you can deposit €10\.00 more; more can be deposited from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/,
    );
    expect((await client.get('/ps/getPersonalDepositLimits')).body).toMatchObject({ dailyLimit: 60, usage: { daily: { used: 50, limit: 60, left: 10 } } });
    // Confirmed: the increase applies.
    expect((await client.post('/ps/confirmPendingLimit', { confirmId: pending!.id })).body).toMatchObject({ status: 'SUCCESS', confirmed: [pending!.id] });
    expect((await client.get('/ps/getPersonalDepositLimits')).body).toMatchObject({ dailyLimit: 500, hasPendingDailyLimit: false });
    const fits = await client.post('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'PAYMENTIQ_ALL', amount: 20 });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });

  it('a removal waits too, and cancelling a pending change keeps the limit; the lowest of several binds', async () => {
    const { client } = await signedIn();
    await client.post('/ps/setPersonalDepositLimits', { weeklyLimit: 40 });
    await client.post('/ps/setPersonalDepositLimits', { monthlyLimit: 30 });
    const removal = await client.post('/ps/setPersonalDepositLimits', { weeklyLimit: null });
    expect(removal.body).toMatchObject({ pending: true });
    const limits = await client.get<Record<string, unknown>>('/ps/getPersonalDepositLimits');
    expect(limits.body).toMatchObject({ weeklyLimit: 40, hasPendingWeeklyLimit: true, pendingWeeklyLimit: null, monthlyLimit: 30 });
    const [pending] = (await client.get<{ limits: { id: string }[] }>('/ps/getPendingConfirmationLimit')).body.limits;
    expect((await client.post('/ps/confirmPendingLimit', { cancelId: pending!.id })).body).toMatchObject({ cancelled: [pending!.id] });
    expect((await client.get('/ps/getPersonalDepositLimits')).body).toMatchObject({ weeklyLimit: 40, hasPendingWeeklyLimit: false });
    const over = await client.post<{ status: string; errors: { error: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'PAYMENTIQ_ALL',
      amount: 35,
    });
    expect(over.body.status).toBe('HIGH_LIMIT');
    expect(over.body.errors.map((error) => error.error).join(' ')).toMatch(/monthly deposit limit of €30\.00/);
  });

  it('a deposit in a second currency without its own limit is refused (LIMIT_CURRENCY_NOT_SET); with one, each currency counts alone', async () => {
    const { client, partyId } = await signedIn({ currencies: ['EUR', 'GBP'] });
    await client.post('/ps/setPersonalDepositLimits', { dailyLimit: 30 });
    await server.fundPlayer(partyId, 2_500n, 'EUR');
    expect((await client.post('/ps/switchCurrency', { currency: 'GBP' })).status).toBe(200);
    const refused = await client.post('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'PAYMENTIQ_ALL', amount: 20 });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'LIMIT_CURRENCY_NOT_SET' });
    await client.post('/ps/setPersonalDepositLimits', { dailyLimit: 30 });
    // 25 EUR deposited does not count against the GBP limit.
    const fits = await client.post('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'PAYMENTIQ_ALL', amount: 20 });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
  });
});

describe('dynamic limits and the display message (RG-07, RG-38…50)', () => {
  it('add, list and update a dynamic limit, which does not lapse; the display message lists what is in force', async () => {
    const { client, partyId } = await signedIn();
    await server.fundPlayer(partyId, 10_000n);
    expect((await client.get('/ps/getDisplayPeriodLimits')).body).toEqual({
      status: 'SUCCESS',
      message: 'You have no limits set. Limits help you stay in control: set them below.',
    });
    // Updating a limit that does not exist is 404 naming the type (RG-42).
    const missing = await client.post('/ps/updateResponsibleGamingLimit', { limitType: 'WAGER_LIMIT', periodType: 'Week', limit: 10 });
    expect(missing.status).toBe(404);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await client.post('/ps/addResponsibleGamingLimit', { limitType: 'WAGER_LIMIT', periodType: 'Week', limit: 10, expiryDate: tomorrow })).body,
    ).toMatchObject({ status: 'SUCCESS', requiresDays: 0 });
    expect((await client.post('/ps/addResponsibleGamingLimit', { limitType: 'GAME_TIME_LIMIT', periodType: 'Day', limit: 120 })).status).toBe(200);
    const listed = await client.get<{ limits: Record<string, unknown>[] }>('/ps/getResponsibleGamingLimit?limitTypes=WAGER_LIMIT,GAME_TIME_LIMIT');
    expect(listed.body.limits).toHaveLength(2);
    expect(listed.body.limits.find((limit) => limit.limitType === 'WAGER_LIMIT')).toMatchObject({
      periodType: 'Week',
      limit: 10,
      currency: 'EUR',
      cumulatedValue: 0,
      usage: { used: 0, limit: 10, left: 10 },
      pending: null,
    });
    expect((await client.get<{ limits: unknown[] }>('/ps/getResponsibleGamingLimit?periodTypes=Day')).body.limits).toHaveLength(1);
    // A decrease through update applies at once; an increase waits.
    expect((await client.post('/ps/updateResponsibleGamingLimit', { limitType: 'WAGER_LIMIT', periodType: 'Week', limit: 5 })).body).toMatchObject({
      pending: false,
    });
    expect((await client.post('/ps/updateResponsibleGamingLimit', { limitType: 'WAGER_LIMIT', periodType: 'Week', limit: 50 })).body).toMatchObject({
      pending: true,
      requiresDays: 1,
    });
    expect((await debit(partyId, 5.01)).body).toMatchObject({ status: 'WAGER_LIMIT_REACHED' });
    expect((await client.get<{ message: string }>('/ps/getDisplayPeriodLimits')).body.message).toBe(
      'Your limits: a daily game time limit of 120 minutes; a weekly wager limit of €5.00.',
    );
    // The expiry sent with a new limit ends its first period only: the limit binds after it (RG-18: no removal without the cooling-off).
    expect((await client.get<{ limits: { expiryDate: string | null }[] }>('/ps/getResponsibleGamingLimit?limitTypes=WAGER_LIMIT')).body.limits).toHaveLength(1);
    expect((await limitRow(partyId, 'WAGER_LIMIT'))?.expiresAt).toBeNull();
  });
});

describe('loss and wager limits on every bet (RG-23…27)', () => {
  it('a bet that could take the net loss past the limit is refused; wins make room; the wager limit counts stakes', async () => {
    const { client, partyId } = await signedIn();
    await server.fundPlayer(partyId, 10_000n);
    expect((await client.post('/ps/updateLossLimit', { limit: 10 })).body).toMatchObject({ requiresDays: 0 });
    expect((await debit(partyId, 6)).status).toBe(200);
    const refused = await debit(partyId, 4.01);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'LOSS_LIMIT_REACHED' });
    const roundId = `round-${randomUUID()}`;
    expect((await walletCall(server.url, 'debit', gameBody(partyId, { amount: 4, roundId }))).status).toBe(200);
    expect((await credit(partyId, 3, roundId)).status).toBe(200);
    // Net loss 7: 3 more may be staked.
    expect((await debit(partyId, 3.01)).body).toMatchObject({ status: 'LOSS_LIMIT_REACHED' });
    expect((await debit(partyId, 3)).status).toBe(200);
    const limits = await client.get('/ps/getLimits');
    expect(limits.body).toMatchObject({ lossLimit: 10, lossLimitPeriod: 'Weekly', lossUsage: { used: 10, limit: 10, left: 0 }, wagerLimit: null });

    const wagerer = await signedIn();
    await server.fundPlayer(wagerer.partyId, 10_000n);
    await wagerer.client.post('/ps/updateWagerLimit', { limit: 5, limitPeriod: 'Daily' });
    const wagerRound = `round-${randomUUID()}`;
    expect((await walletCall(server.url, 'debit', gameBody(wagerer.partyId, { amount: 4, roundId: wagerRound }))).status).toBe(200);
    expect((await credit(wagerer.partyId, 50, wagerRound)).status).toBe(200);
    // A win does not give wagering room back.
    expect((await debit(wagerer.partyId, 1.01)).body).toMatchObject({ status: 'WAGER_LIMIT_REACHED' });
    expect((await wagerer.client.get('/ps/getLimits')).body).toMatchObject({ wagerLimit: 5, wagerLimitPeriod: 'Daily', wagerUsage: { used: 4, left: 1 } });
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('parallel bets at the edge of a limit: exactly the affordable ones succeed', async () => {
    const { client, partyId } = await signedIn();
    await server.fundPlayer(partyId, 100_000n);
    await client.post('/ps/updateWagerLimit', { limit: 7 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => debit(partyId, 1)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(7);
    expect(answers.filter((answer) => answer.status === 403).every((answer) => answer.body.status === 'WAGER_LIMIT_REACHED')).toBe(true);
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 100_000n - 700n });
    expect((await limitRow(partyId, 'WAGER_LIMIT'))?.cumulated).toBe(700n);
  });

  it('a bet in a second currency without its own limit is refused; with one, the currencies are never summed', async () => {
    const { client, partyId } = await signedIn({ currencies: ['EUR', 'GBP'] });
    await server.fundPlayer(partyId, 10_000n, 'EUR');
    await server.fundPlayer(partyId, 10_000n, 'GBP');
    await client.post('/ps/updateLossLimit', { limit: 5 });
    expect((await debit(partyId, 4, 'EUR')).status).toBe(200);
    expect((await debit(partyId, 1, 'GBP')).body).toMatchObject({ status: 'LIMIT_CURRENCY_NOT_SET' });
    await client.post('/ps/switchCurrency', { currency: 'GBP' });
    await client.post('/ps/updateLossLimit', { limit: 5 });
    expect((await debit(partyId, 5, 'GBP')).status).toBe(200);
    expect((await debit(partyId, 1.01, 'EUR')).body).toMatchObject({ status: 'LOSS_LIMIT_REACHED' });
    expect((await debit(partyId, 1, 'EUR')).status).toBe(200);
  });

  it('slot spins on the one-statement path count every stake and win, and stop at the limit', async () => {
    const player = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await server.fundPlayer(player.partyId, 100_000n);
    const client = new ApiClient(server.url);
    client.cookies.set('SESSION_KEY', player.token);
    const games = gameClient(server);
    const { cookie, session } = await games.openGame(player.cookie, SLOT, true);
    const stake = session.title.limits.steps[0]!;
    await client.post('/ps/updateLossLimit', { limit: 500 });
    // Room for exactly 25 spins of the smallest stake.
    await client.post('/ps/updateWagerLimit', { limit: Math.round(stake * 25 * 100) / 100 });
    let spins = 0;
    let won = 0;
    let refusedWith: unknown;
    for (let spin = 0; spin < 40; spin += 1) {
      const answer = await games.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } });
      if (answer.status !== 200) {
        refusedWith = answer.body.status;
        break;
      }
      spins += 1;
      won += Math.round((answer.body.win as number) * 100);
    }
    expect(refusedWith).toBe('WAGER_LIMIT_REACHED');
    expect(spins).toBe(25);
    const staked = BigInt(Math.round(stake * 100) * spins);
    expect((await limitRow(player.partyId, 'WAGER_LIMIT'))?.cumulated).toBe(staked);
    expect((await limitRow(player.partyId, 'LOSS_LIMIT'))?.cumulated).toBe(staked - BigInt(won));
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('a second node on the same database enforces the same counters', async () => {
    const second = await startTestServer({}, { sameDatabaseAs: server });
    try {
      const { client, partyId } = await signedIn();
      await server.fundPlayer(partyId, 10_000n);
      await client.post('/ps/updateWagerLimit', { limit: 3 });
      const answers = await Promise.all([
        walletCall(server.url, 'debit', gameBody(partyId, { amount: 1 })),
        walletCall(second.url, 'debit', gameBody(partyId, { amount: 1 })),
        walletCall(server.url, 'debit', gameBody(partyId, { amount: 1 })),
        walletCall(second.url, 'debit', gameBody(partyId, { amount: 1 })),
        walletCall(second.url, 'debit', gameBody(partyId, { amount: 1 })),
      ]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
      expect((await walletCall(second.url, 'debit', gameBody(partyId, { amount: 0.01 }))).body).toMatchObject({ status: 'WAGER_LIMIT_REACHED' });
    } finally {
      await second.close();
    }
  });
});

describe('time limits and the reality check (RG-28…37, RG-47, RG-62)', () => {
  async function realSlot() {
    const player = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await server.fundPlayer(player.partyId, 100_000n);
    const client = new ApiClient(server.url);
    client.cookies.set('SESSION_KEY', player.token);
    const games = gameClient(server);
    const { cookie, session } = await games.openGame(player.cookie, SLOT, true);
    const spin = () => games.call('POST', '/gs/slots/spin', { cookie, body: { stake: session.title.limits.steps[0]!, clientRequestId: randomUUID() } });
    return { ...player, client, spin };
  }

  it('the session limit stops real-money rounds when reached, until a break', async () => {
    const { partyId, client, spin } = await realSlot();
    expect((await client.post('/ps/updateSessionLimit', { interval: 10 })).body).toMatchObject({ requiresDays: 0 });
    expect((await client.get('/ps/getSessionLimit')).body).toMatchObject({ sessionLimit: 10, pendingSessionLimit: null });
    expect((await spin()).status).toBe(200);
    // Ten minutes of play in this session so far.
    await server.db.update(rgPlayClock).set({ sessionMs: 600_000n, lastActivityAt: new Date() }).where(eq(rgPlayClock.playerId, partyId));
    const refused = await spin();
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 'SESSION_LIMIT_REACHED' });
    expect((await client.get('/ps/getPlayStatus')).body).toMatchObject({ blocked: { status: 'SESSION_LIMIT_REACHED' }, sessionMinutes: 10 });
    // Raising it or turning it off waits for the cooling-off: still refused.
    expect((await client.post('/ps/updateSessionLimit', { limit: 0 })).body).toMatchObject({ pending: true });
    expect((await spin()).status).toBe(403);
    // After a break of 30 minutes a new session starts.
    await server.db
      .update(rgPlayClock)
      .set({ lastActivityAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(rgPlayClock.playerId, partyId));
    expect((await spin()).status).toBe(200);
    expect((await client.get('/ps/getPlayStatus')).body).toMatchObject({ blocked: null, sessionMinutes: 0 });
  });

  it('the game-time limit stops play for the rest of the day', async () => {
    const { partyId, client, spin } = await realSlot();
    expect((await client.post('/ps/addResponsibleGamingLimit', { limitType: 'GAME_TIME_LIMIT', periodType: 'Day', limit: 30 })).status).toBe(200);
    expect((await spin()).status).toBe(200);
    const [clock] = await server.db.select().from(rgPlayClock).where(eq(rgPlayClock.playerId, partyId));
    await server.db
      .update(rgPlayClock)
      .set({ dayMs: 30n * 60_000n, day: clock!.day, lastActivityAt: new Date(Date.now() - 40 * 60_000) })
      .where(eq(rgPlayClock.playerId, partyId));
    const refused = await spin();
    expect(refused.body).toMatchObject({ status: 'GAME_TIME_LIMIT_REACHED' });
    const status = await client.get<{ limits: { limitType: string; usage: { used: number; resetsAt: string } }[] }>('/ps/getPlayStatus');
    const gameTime = status.body.limits.find((limit) => limit.limitType === 'GAME_TIME_LIMIT')!;
    expect(gameTime.usage.used).toBe(30);
    expect(Date.parse(gameTime.usage.resetsAt)).toBeGreaterThan(Date.now());
  });

  it('a due reality check refuses rounds until answered; Continue restarts the interval', async () => {
    const { partyId, client, spin } = await realSlot();
    expect((await client.post('/ps/updateRealityCheck', { interval: 20 })).status).toBe(200);
    expect((await client.get('/ps/getRealityCheck')).body).toEqual({ status: 'SUCCESS', interval: 20 });
    expect((await spin()).status).toBe(200);
    await server.db
      .update(rgPlayClock)
      .set({ realityCheckDueAt: new Date(Date.now() - 1_000) })
      .where(eq(rgPlayClock.playerId, partyId));
    const refused = await spin();
    expect(refused.body).toMatchObject({ status: 'REALITY_CHECK_DUE' });
    const status = await client.get<{ realityCheck: { due: boolean; interval: number }; netPosition: { currency: string; amount: number }[] }>(
      '/ps/getPlayStatus',
    );
    expect(status.body.realityCheck).toMatchObject({ due: true, interval: 20 });
    expect(status.body.netPosition.find((entry) => entry.currency === 'EUR')).toBeDefined();
    const answered = await client.post<{ nextDueAt: string }>('/ps/answerRealityCheck', { action: 'CONTINUE' });
    expect(Date.parse(answered.body.nextDueAt) - Date.now()).toBeGreaterThan(19 * 60_000);
    expect((await spin()).status).toBe(200);
    // Log out from the check ends every session of the player.
    await server.db
      .update(rgPlayClock)
      .set({ realityCheckDueAt: new Date(Date.now() - 1_000) })
      .where(eq(rgPlayClock.playerId, partyId));
    expect((await client.post('/ps/answerRealityCheck', { action: 'LOGOUT' })).status).toBe(200);
    expect((await client.get('/ps/getBalance')).status).toBe(401);
  });
});

describe('time-out and self-exclusion (RG-51…61, DEF-11, DEF-26)', () => {
  it('a time-out ends every session at once; login, real and free play in a game opened before it are refused; it cannot be shortened', async () => {
    const username = `timeout_${Date.now()}`;
    const player = await server.createSignedInPlayer({ currencies: ['EUR'], username });
    await server.db.execute(
      sql`UPDATE player SET password_hash = (SELECT password_hash FROM player WHERE username = 'demo.player') WHERE id = ${player.partyId}`,
    );
    await server.fundPlayer(player.partyId, 10_000n);
    const games = gameClient(server);
    const real = await games.openGame(player.cookie, SLOT, true);
    await games.publishFreeGame(SLOT, 'timeout-free-slot', 'Free slot');
    const free = await games.openGame(player.cookie, SLOT, false);
    const client = new ApiClient(server.url);
    client.cookies.set('SESSION_KEY', player.token);
    const locked = await client.post<{ lockEndDate: string }>('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 2 });
    expect(locked.body).toMatchObject({ status: 'SUCCESS', lockType: 'TIMEOUT' });
    expect(Date.parse(locked.body.lockEndDate) - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    expect((await client.get('/ps/getBalance')).status).toBe(401);
    for (const session of [real, free]) {
      const spin = await games.call('POST', '/gs/slots/spin', {
        cookie: session.cookie,
        body: { stake: session.session.title.limits.steps[0]!, clientRequestId: randomUUID() },
      });
      expect(spin.status).toBe(403);
      expect(spin.body).toMatchObject({ status: 'PLAYER_LOCKED' });
    }
    // The seamless wallet refuses a provider's bet too.
    expect((await debit(player.partyId, 1)).body).toMatchObject({ status: 'PLAYER_LOCKED' });
    // Issue 26 defect 4: sign-in during a time-out gives a restricted session only (balance, withdrawal,
    // responsible gaming, support), never play (tests/api/restricted-session.test.ts).
    const restricted = new ApiClient(server.url);
    const login = await restricted.post<{ status: string; restrictedUntil?: string }>('/ps/login', { username, password: 'emerald-demo-1' });
    expect(login.status).toBe(200);
    expect(login.body.restrictedUntil).toBe(locked.body.lockEndDate);
    const launch = await games.call('POST', '/gs/launch', {
      cookie: `SESSION_KEY=${restricted.cookies.get('SESSION_KEY') ?? ''}`,
      body: { gameId: SLOT, playForReal: true },
    });
    expect(launch.status).toBe(403);
    // A shorter lock changes nothing: the longer end still binds, and the first lock's end is untouched.
    const again = await lockPlayer(server.db, player.partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 }, endAllSessions);
    expect(again.endsAt.toISOString()).toBe(locked.body.lockEndDate);
    const rows = await server.db.select().from(rgLock).where(eq(rgLock.playerId, player.partyId));
    expect(rows.map((row) => row.endsAt.toISOString())).toContain(locked.body.lockEndDate);
    expect(await getPlayerBalance(server.db, player.partyId, 'EUR')).toMatchObject({ cash: 10_000n });
  });

  it('RG-59 a lock stops marketing (the one gate every marketing send passes) and keeps the player’s consent for afterwards', async () => {
    const { client, partyId } = await signedIn();
    expect((await client.request('PUT', '/ps/user/marketingConsents', { consents: [{ product: 'GAMING', channel: 'EMAIL', granted: true }] })).status).toBe(
      200,
    );
    expect(await mayMarket(server.db, partyId, 'GAMING', 'EMAIL')).toBe(true);
    expect(await mayMarket(server.db, partyId, 'GAMING', 'SMS')).toBe(false);
    await lockPlayer(server.db, partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 }, endAllSessions);
    expect(await mayMarket(server.db, partyId, 'GAMING', 'EMAIL')).toBe(false);
    // The choice itself is untouched: marketing may resume after the lock only because the player still wants it.
    await server.db.execute(sql`UPDATE rg_lock SET starts_at = now() - interval '8 days', ends_at = now() - interval '1 second' WHERE player_id = ${partyId}`);
    expect(await mayMarket(server.db, partyId, 'GAMING', 'EMAIL')).toBe(true);
  });

  it('a withdrawal pending when a time-out starts still pays out', async () => {
    const { client, partyId } = await signedIn();
    const paymentId = await server.fundPlayer(partyId, 5_000n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'delay@example.test' }).where(eq(payment.id, paymentId));
    const pending = await client.post<{ paymentId: string; paymentStatus: string }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 30,
      payFromEmail: 'delay@example.test',
    });
    expect(pending.body).toMatchObject({ paymentStatus: 'PENDING' });
    expect((await client.post('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 })).status).toBe(200);
    let status = '';
    for (let attempt = 0; attempt < 100 && status !== 'SUCCESS'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await server.db.select().from(payment).where(eq(payment.id, pending.body.paymentId)))[0]?.status ?? '';
    }
    expect(status).toBe('SUCCESS');
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 2_000n });
  });

  it('self-exclusion: at least six months; cash goes back to the e-wallet deposited from; after it ends, a return request and 24 hours', async () => {
    const username = `excluded_${Date.now()}`;
    const { client, partyId } = await signedIn({ username });
    await server.db.execute(sql`UPDATE player SET password_hash = (SELECT password_hash FROM player WHERE username = 'demo.player') WHERE id = ${partyId}`);
    const paymentId = await server.fundPlayer(partyId, 4_000n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'excluded@emerald.example' }).where(eq(payment.id, paymentId));
    expect((await client.post('/ps/lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'WEEK', lockPeriod: 4 })).status).toBe(400);
    const locked = await client.post<{ lockEndDate: string }>('/ps/lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 });
    expect(locked.status).toBe(200);
    // The remaining cash is on its way back, closed-loop, to the NETELLER account.
    const [withdrawal] = await server.db
      .select()
      .from(payment)
      .where(sql`${payment.playerId} = ${partyId} AND ${payment.type} = 'WITHDRAWAL'`);
    expect(withdrawal).toMatchObject({ methodCode: 'NETELLER', amount: 4_000n, payFromEmail: 'excluded@emerald.example' });
    expect((await getPlayerBalance(server.db, partyId, 'EUR')).cash).toBe(0n);

    const login = () => new ApiClient(server.url).post<{ status: string }>('/ps/login', { username, password: 'emerald-demo-1' });
    expect((await login()).body.status).toBe('PLAYER_LOCKED');
    expect((await new ApiClient(server.url).post('/ps/requestExclusionReturn', { username, password: 'emerald-demo-1' })).body).toMatchObject({
      status: 'PLAYER_LOCKED',
    });
    // The exclusion ends: the account stays closed until the player asks to return, and 24 hours more.
    await server.db
      .update(rgLock)
      .set({ startsAt: new Date(Date.now() - 200 * 86_400_000), endsAt: new Date(Date.now() - 1_000) })
      .where(eq(rgLock.playerId, partyId));
    expect((await login()).body.status).toBe('EXCLUSION_RETURN_REQUIRED');
    expect((await new ApiClient(server.url).post('/ps/requestExclusionReturn', { username, password: 'wrong-password-1' })).status).toBe(400);
    const asked = await new ApiClient(server.url).post<{ returnAt: string }>('/ps/requestExclusionReturn', { username, password: 'emerald-demo-1' });
    expect(asked.status).toBe(200);
    expect(Date.parse(asked.body.returnAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await login()).body.status).toBe('EXCLUSION_RETURN_REQUIRED');
    await server.db
      .update(rgLock)
      .set({ returnRequestedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(rgLock.playerId, partyId));
    expect((await login()).status).toBe(200);
  });
});
