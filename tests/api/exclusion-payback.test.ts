import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusionPayback, exclusionPaybackTask, payment, playerMessage, rgLock, staffAudit } from '../../server/db/schema';
import { retryDueAfterLock } from '../../server/platform/after-lock';
import { returnCashAfterExclusion } from '../../server/platform/cashier';
import { getPlayerBalance } from '../../server/platform/wallet';
import { staffApi } from '../support/back-office';
import { card, cashierPlayer, formAction, openPage, pageResult, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 26 items 4 and 9: a self-excluded player's cash is paid back without asking, to the methods
 * they deposited with; what cannot be paid automatically is an open staff task in the payments
 * queue (and a flagged player) until staff mark it done; the player is told what happens. Crypto
 * paybacks to the address the coins came from: exclusion-payback-crypto.test.ts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' });
});
afterAll(() => server.close());

const { call, signIn } = staffApi(() => server);
const cash = async (partyId: string, currency = 'EUR') => (await getPlayerBalance(server.db, partyId, currency)).cash;
const exclude = (player: Player) => player.client.post<LockAnswer>('/ps/lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 });
const withdrawalsOf = (partyId: string) =>
  server.db
    .select()
    .from(payment)
    .where(and(eq(payment.playerId, partyId), eq(payment.type, 'WITHDRAWAL')));

type Player = Awaited<ReturnType<typeof cashierPlayer>>;
interface LockAnswer {
  message: string;
  cashPayback: {
    processing: boolean;
    payouts: { currency: string; amount: number; paymentMethod: string; destination: string | null; paymentStatus: string }[];
    staffReturns: { currency: string; amount: number }[];
  } | null;
}

/** A deposit with a new card on the sandbox page, "Save this card" unticked. */
async function payWithUnsavedCard(player: Player, number: string, amount: number): Promise<string> {
  const started = await player.client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', {
    requestId: requestId(),
    paymentMethod: 'WPCGHOSTED_CARD',
    amount,
  });
  expect(started.status).toBe(200);
  const page = await openPage(server, started.body.continueUrl);
  const done = await submitForm(server, formAction(page.html), card(number));
  expect(pageResult(done.html)?.outcome).toBe('completed');
  await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
  return started.body.paymentId;
}

describe('self-exclusion payback (issue 26 items 4 and 9)', () => {
  it('a card depositor who did not save the card is paid back to that card at once, and told so', async () => {
    const player = await cashierPlayer(server);
    const deposit = await payWithUnsavedCard(player, '4242 4242 4242 4242', 20);
    // The latest card deposit names no card (as in the incident: "storedCardId is required for WPCGHOSTED_CARD").
    await server.fundPlayer(player.partyId, 1_000n, 'EUR', { methodCode: 'WPCGHOSTED_CARD' });
    expect(await cash(player.partyId)).toBe(3_000n);

    const locked = await exclude(player);
    expect(locked.status).toBe(200);
    expect(locked.body.cashPayback).toEqual({
      processing: false,
      payouts: [{ currency: 'EUR', amount: 30, paymentMethod: 'WPCGHOSTED_CARD', destination: 'Visa •••• 4242', paymentStatus: 'PENDING' }],
      staffReturns: [],
    });
    expect(locked.body.message).toContain('€30.00 is being paid back to Visa •••• 4242');
    expect(await cash(player.partyId)).toBe(0n);
    const [depositRow] = await server.db.select().from(payment).where(eq(payment.id, deposit));
    const [withdrawal, ...more] = await withdrawalsOf(player.partyId);
    expect(more).toEqual([]);
    expect(withdrawal).toMatchObject({ methodCode: 'WPCGHOSTED_CARD', amount: 3_000n, storedCardId: depositRow!.storedCardId });
    await waitForPaymentStatus(player.client, withdrawal!.id, 'SUCCESS').catch(() => undefined);
    // Nothing left for staff; the player has a message saying where the money went.
    expect(await server.db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.playerId, player.partyId))).toEqual([]);
    const messages = await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, player.partyId));
    expect(messages.map((message) => message.body).join(' ')).toContain('€30.00 is being paid back to Visa •••• 4242');
  });

  it('running the payback again (a rerun, the retry timer after a crash) pays nothing twice', async () => {
    const player = await cashierPlayer(server);
    const funded = await server.fundPlayer(player.partyId, 4_000n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'twice@example.test' }).where(eq(payment.id, funded));
    const locked = await exclude(player);
    expect(locked.body.cashPayback?.payouts).toEqual([
      { currency: 'EUR', amount: 40, paymentMethod: 'NETELLER', destination: 'twice@example.test', paymentStatus: 'PENDING' },
    ]);
    const [record] = await server.db.select().from(exclusionPayback).where(eq(exclusionPayback.playerId, player.partyId));
    expect(record).toMatchObject({ status: 'DONE' });

    // Again as the lock's caller would: the stored answer, nothing paid.
    const again = await returnCashAfterExclusion(server.context, player.partyId, record!.lockId);
    expect(again.payouts).toHaveLength(1);
    // As if the node had crashed before marking it done: the retry timer takes it and finds nothing left to pay.
    await server.db
      .update(exclusionPayback)
      .set({ status: 'DUE', claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(exclusionPayback.id, record!.id));
    expect(await retryDueAfterLock(server.context)).toBeGreaterThanOrEqual(1);
    expect((await server.db.select().from(exclusionPayback).where(eq(exclusionPayback.id, record!.id)))[0]).toMatchObject({ status: 'DONE' });
    expect(await withdrawalsOf(player.partyId)).toHaveLength(1);
    expect(await cash(player.partyId)).toBe(0n);
  });

  it('a payback due when the node stopped (the lock committed, nothing ran) is made by the retry timer', async () => {
    const player = await cashierPlayer(server);
    const funded = await server.fundPlayer(player.partyId, 2_500n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'crash@example.test' }).where(eq(payment.id, funded));
    // The lock and its "payback due" record, as the lock's transaction writes them, with the lease run out.
    const [lock] = await server.db
      .insert(rgLock)
      .values({
        playerId: player.partyId,
        lockType: 'EXCLUSION',
        lockPeriodUnit: 'MONTH',
        lockPeriod: 6,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 180 * 86_400_000),
      })
      .returning({ id: rgLock.id });
    await server.db.insert(exclusionPayback).values({ playerId: player.partyId, lockId: lock!.id, claimedUntil: new Date(Date.now() - 1_000) });
    await retryDueAfterLock(server.context);
    expect((await withdrawalsOf(player.partyId)).map((row) => [row.methodCode, row.amount, row.requestId])).toEqual([
      ['NETELLER', 2_500n, `exclusion:${lock!.id}:EUR:1`],
    ]);
    expect(await cash(player.partyId)).toBe(0n);
  });

  it('a crypto deposit from before sending addresses were recorded: an open staff task, a flagged player, "May play for real: No"; staff complete it (audited) and it leaves the queue', async () => {
    const player = await cashierPlayer(server);
    await server.fundPlayer(player.partyId, 3_000n, 'EUR', { methodCode: 'NB_NEKBIT' });
    const locked = await exclude(player);
    expect(locked.status).toBe(200);
    expect(locked.body.cashPayback).toEqual({ processing: false, payouts: [], staffReturns: [{ currency: 'EUR', amount: 30 }] });
    expect(locked.body.message).toContain('€30.00 will be returned to you by our payments team');
    expect(await cash(player.partyId)).toBe(3_000n);
    expect(await withdrawalsOf(player.partyId)).toEqual([]);

    const payments = await signIn('bo.payments');
    const operator = await signIn('bo.operator');
    const queue = (await (await call('GET', '/bo/reviews/paybacks', payments)).json()) as {
      tasks: { taskId: string; playerId: string; currency: string; amount: number; reason: string; createdAt: string; paymentMethod: string | null }[];
    };
    const task = queue.tasks.find((entry) => entry.playerId === player.partyId);
    expect(task).toMatchObject({
      currency: 'EUR',
      amount: 30,
      paymentMethod: null,
      reason: expect.stringContaining('no recorded address its coins came from'),
    });
    expect(Date.parse(task!.createdAt)).toBeLessThanOrEqual(Date.now());

    const flagged = async () =>
      ((await (await call('GET', '/bo/flags', operator)).json()) as { flags: { playerId: string; reason: string }[] }).flags.filter(
        (flag) => flag.playerId === player.partyId,
      );
    expect(await flagged()).toEqual([expect.objectContaining({ reason: 'CASH_PAYBACK_DUE' })]);
    const profile = (await (await call('GET', `/bo/players/${player.partyId}`, operator)).json()) as { player: { mayPlayForReal: boolean } };
    expect(profile.player.mayPlayForReal).toBe(false);

    // Bad input names the field; an unknown id is 404; no session 401; without the permission 403 — nothing written.
    const audits = async () => (await server.db.select().from(staffAudit).where(eq(staffAudit.action, 'payback.complete'))).length;
    const before = await audits();
    const field = async (response: Response) => ((await response.json()) as { errors: { field: string }[] }).errors.map((error) => error.field);
    const empty = await call('POST', `/bo/reviews/paybacks/${task!.taskId}/complete`, payments, { note: '  ' });
    expect(empty.status).toBe(400);
    expect(await field(empty)).toContain('note');
    const badId = await call('POST', '/bo/reviews/paybacks/not-a-task/complete', payments, { note: 'x' });
    expect(badId.status).toBe(400);
    expect(await field(badId)).toContain('taskId');
    expect((await call('POST', `/bo/reviews/paybacks/${randomUUID()}/complete`, payments, { note: 'x' })).status).toBe(404);
    expect((await call('POST', `/bo/reviews/paybacks/${task!.taskId}/complete`, null, { note: 'x' })).status).toBe(401);
    expect((await call('GET', '/bo/reviews/paybacks', null)).status).toBe(401);
    expect((await call('POST', `/bo/reviews/paybacks/${task!.taskId}/complete`, await signIn('bo.support'), { note: 'x' })).status).toBe(403);
    expect(await audits()).toBe(before);

    const done = await call('POST', `/bo/reviews/paybacks/${task!.taskId}/complete`, payments, {
      note: 'Bank transfer of 30.00 EUR to the account the player confirmed by phone',
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ taskId: task!.taskId, status: 'DONE' });
    const [audit] = await server.db.select().from(staffAudit).where(eq(staffAudit.action, 'payback.complete')).orderBy(desc(staffAudit.seq)).limit(1);
    expect(audit?.detail).toMatchObject({ taskId: task!.taskId, playerId: player.partyId, currency: 'EUR', note: expect.stringContaining('Bank transfer') });
    const after = (await (await call('GET', '/bo/reviews/paybacks', payments)).json()) as { tasks: { taskId: string }[] };
    expect(after.tasks.map((entry) => entry.taskId)).not.toContain(task!.taskId);
    expect(await flagged()).toEqual([]);
    // Done once: a second completion finds nothing open.
    expect((await call('POST', `/bo/reviews/paybacks/${task!.taskId}/complete`, payments, { note: 'again' })).status).toBe(404);
  });

  it('an amount below every method’s minimum is a staff task; a later payback that pays it closes the task by itself', async () => {
    const player = await cashierPlayer(server);
    const funded = await server.fundPlayer(player.partyId, 500n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'small@example.test' }).where(eq(payment.id, funded));
    const locked = await exclude(player);
    expect(locked.body.cashPayback).toEqual({ processing: false, payouts: [], staffReturns: [{ currency: 'EUR', amount: 5 }] });
    const [task] = await server.db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.playerId, player.partyId));
    expect(task).toMatchObject({ status: 'OPEN', paymentMethod: 'NETELLER', amount: 500n, reason: expect.stringContaining('minimum') });

    // More cash arrives (a late deposit credit): run again, it is paid, and the task closes without staff.
    const more = await server.fundPlayer(player.partyId, 1_000n, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: 'small@example.test' }).where(eq(payment.id, more));
    await server.db
      .update(exclusionPayback)
      .set({ status: 'DUE', claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(exclusionPayback.playerId, player.partyId));
    await retryDueAfterLock(server.context);
    expect((await server.db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.id, task!.id)))[0]).toMatchObject({
      status: 'DONE',
      doneHow: 'PAID',
    });
    expect(await cash(player.partyId)).toBe(0n);
  });

  it('a payback payout the provider fails later becomes an open staff task, the money back in the account, the player told', async () => {
    const player = await cashierPlayer(server);
    const funded = await server.fundPlayer(player.partyId, 2_500n, 'EUR', { methodCode: 'NETELLER' });
    // The sandbox e-wallet takes the payout, then fails it (an address with "fail": docs/sandbox-payments.md).
    await server.db.update(payment).set({ payFromEmail: 'payout-fail@example.test' }).where(eq(payment.id, funded));
    const locked = await exclude(player);
    expect(locked.body.cashPayback).toMatchObject({
      payouts: [{ currency: 'EUR', amount: 25, paymentMethod: 'NETELLER', paymentStatus: 'PENDING' }],
      staffReturns: [],
    });
    expect(await cash(player.partyId)).toBe(0n);
    const [withdrawal] = await withdrawalsOf(player.partyId);
    await expect
      .poll(async () => (await server.db.select({ status: payment.status }).from(payment).where(eq(payment.id, withdrawal!.id)))[0]?.status, {
        timeout: 15_000,
      })
      .toBe('FAILED');

    expect(await cash(player.partyId)).toBe(2_500n);
    const tasks = await server.db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.playerId, player.partyId));
    expect(tasks).toEqual([
      expect.objectContaining({
        status: 'OPEN',
        currency: 'EUR',
        amount: 2_500n,
        paymentMethod: 'NETELLER',
        reason: expect.stringContaining('failed at the provider'),
      }),
    ]);
    const messages = await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, player.partyId));
    expect(messages.map((message) => message.body).join(' ')).toContain('The payment of €25.00 back to you could not be completed');
    // Staff see it in the payments queue.
    const queue = (await (await call('GET', '/bo/reviews/paybacks', await signIn('bo.payments'))).json()) as { tasks: { playerId: string }[] };
    expect(queue.tasks.map((task) => task.playerId)).toContain(player.partyId);
  });

  it('staff self-exclude a player: the same payback, its answer says what happens to the money', async () => {
    const player = await cashierPlayer(server);
    const funded = await server.fundPlayer(player.partyId, 6_000n, 'EUR', { methodCode: 'MONEYBOOKERS' });
    await server.db.update(payment).set({ payFromEmail: 'staff-lock@example.test' }).where(eq(payment.id, funded));
    const operator = await signIn('bo.operator');
    const locked = await call('POST', `/bo/players/${player.partyId}/locks`, operator, {
      lockType: 'EXCLUSION',
      lockPeriodUnit: 'MONTH',
      lockPeriod: 6,
      reason: 'Asked by phone',
    });
    expect(locked.status).toBe(200);
    expect(((await locked.json()) as LockAnswer).cashPayback).toEqual({
      processing: false,
      payouts: [{ currency: 'EUR', amount: 60, paymentMethod: 'MONEYBOOKERS', destination: 'staff-lock@example.test', paymentStatus: 'PENDING' }],
      staffReturns: [],
    });
    expect(await cash(player.partyId)).toBe(0n);
    const profile = (await (await call('GET', `/bo/players/${player.partyId}`, operator)).json()) as { player: { mayPlayForReal: boolean } };
    expect(profile.player.mayPlayForReal).toBe(false);
  });

  it('a time-out keeps the cash in the account and answers no payback', async () => {
    const player = await cashierPlayer(server);
    await server.fundPlayer(player.partyId, 2_000n, 'EUR', { methodCode: 'NB_NEKBIT' });
    const locked = await player.client.post<LockAnswer>('/ps/lockPlayer', { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 1 });
    expect(locked.status).toBe(200);
    expect(locked.body.cashPayback).toBeNull();
    expect(await cash(player.partyId)).toBe(2_000n);
    expect(await server.db.select().from(exclusionPayback).where(eq(exclusionPayback.playerId, player.partyId))).toEqual([]);
  });
});
