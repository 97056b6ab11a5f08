import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusionPayback, exclusionPaybackTask, payment, playerMessage, sandboxPspPayment } from '../../server/db/schema';
import { retryDueAfterLock } from '../../server/platform/after-lock';
import { returnCashAfterExclusion } from '../../server/platform/cashier';
import { getPlayerBalance } from '../../server/platform/wallet';
import { payoutCoinAmount, sandboxWalletAddress } from '../../server/sandbox/payments/crypto-rates';
import { staffApi } from '../support/back-office';
import { cashierPlayer, formAction, openPage, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 26 item 4: a self-excluded player's cash goes back without asking to the methods they
 * deposited with, crypto included — to the address the coins came from, as the provider reported
 * it with the deposit. A crypto deposit with no recorded address (from before) is a staff task.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' });
});
afterAll(() => server.close());

const { call, signIn } = staffApi(() => server);

type Player = Awaited<ReturnType<typeof cashierPlayer>>;
interface LockAnswer {
  message: string;
  cashPayback: {
    processing: boolean;
    payouts: { currency: string; amount: number; paymentMethod: string; destination: string | null; paymentStatus: string }[];
    staffReturns: { currency: string; amount: number }[];
  } | null;
}
interface QuoteBody {
  paymentId: string;
  quotes: { id: string; currency: string }[];
}

const cash = async (partyId: string) => (await getPlayerBalance(server.db, partyId, 'EUR')).cash;
const exclude = (player: Player) => player.client.post<LockAnswer>('/ps/lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 });
const withdrawalsOf = (partyId: string) =>
  server.db
    .select()
    .from(payment)
    .where(and(eq(payment.playerId, partyId), eq(payment.type, 'WITHDRAWAL')));
const paymentRow = async (id: string) => (await server.db.select().from(payment).where(eq(payment.id, id)))[0]!;
const label = (coin: string, address: string) => `${coin} address ${address.slice(0, 10)}…${address.slice(-6)}`;

/** A crypto deposit through the sandbox: quote, coin, the blockchain simulator sends (from `fromAddress` when given). */
async function cryptoDeposit(player: Player, amount: number, coin: 'BTC' | 'ETH' | 'USDT', fromAddress?: string): Promise<string> {
  const prepared = await player.client.post<QuoteBody>('/ps/prepareDeposit', { paymentMethod: 'NB_NEKBIT', action: 'GET_QUOTE', amount });
  expect(prepared.status).toBe(200);
  const quote = prepared.body.quotes.find((entry) => entry.currency === coin)!;
  const started = await player.client.post<{ status: string }>('/ps/processDeposit', {
    requestId: requestId(),
    paymentMethod: 'NB_NEKBIT',
    amount,
    quoteId: quote.id,
    paymentId: prepared.body.paymentId,
  });
  expect(started.body.status).toBe('AWAITING_PAYMENT');
  const simulator = await openPage(server, `/sandbox/payments/crypto/${prepared.body.paymentId}`);
  const sent = await submitForm(server, formAction(simulator.html), { action: 'exact', ...(fromAddress ? { fromAddress } : {}) });
  expect(sent.status).toBe(200);
  await waitForPaymentStatus(player.client, prepared.body.paymentId, 'SUCCESS');
  return prepared.body.paymentId;
}

describe('self-exclusion payback to crypto (issue 26 item 4)', () => {
  it('the crypto deposit records the address its coins came from (webhook and status call)', async () => {
    const player = await cashierPlayer(server);
    const deposit = await cryptoDeposit(player, 25, 'BTC');
    const wallet = sandboxWalletAddress('BTC', player.partyId);
    expect((await paymentRow(deposit)).details).toMatchObject({ cryptoSource: { coin: 'BTC', address: wallet } });
    // The reconciler's question answers the same sender, for a deposit whose webhook was lost.
    expect(await server.context.payments.get('sandbox')!.paymentStatus({ paymentId: deposit, kind: 'DEPOSIT', providerReference: null })).toMatchObject({
      state: 'SUCCEEDED',
      cryptoSource: { coin: 'BTC', address: wallet },
    });
    const simulator = await openPage(server, `/sandbox/payments/crypto/${deposit}`);
    expect(simulator.html).toContain(wallet);
  });

  it('the simulator refuses a sending address of another network, naming the field; nothing is sent', async () => {
    const player = await cashierPlayer(server);
    const prepared = await player.client.post<QuoteBody>('/ps/prepareDeposit', { paymentMethod: 'NB_NEKBIT', action: 'GET_QUOTE', amount: 20 });
    const eth = prepared.body.quotes.find((entry) => entry.currency === 'ETH')!;
    await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'NB_NEKBIT',
      amount: 20,
      quoteId: eth.id,
      paymentId: prepared.body.paymentId,
    });
    const simulator = await openPage(server, `/sandbox/payments/crypto/${prepared.body.paymentId}`);
    const refused = await submitForm(server, formAction(simulator.html), { action: 'exact', fromAddress: 'tb1qnotanethaddress' });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/name="fromAddress"[^>]*aria-invalid="true"/);
    expect(refused.html).toContain('Enter an address of the ETH network to send from');
    expect((await paymentRow(prepared.body.paymentId)).status).toBe('AWAITING_PAYMENT');
  });

  it('a crypto-only depositor self-excludes: the cash goes back to the sending address, priced in the coin; no staff task; a rerun pays nothing twice', async () => {
    const player = await cashierPlayer(server);
    const deposit = await cryptoDeposit(player, 30, 'BTC');
    const wallet = sandboxWalletAddress('BTC', player.partyId);
    expect(await cash(player.partyId)).toBe(3_000n);

    const locked = await exclude(player);
    expect(locked.status).toBe(200);
    expect(locked.body.cashPayback).toEqual({
      processing: false,
      payouts: [{ currency: 'EUR', amount: 30, paymentMethod: 'NB_NEKBIT', destination: label('BTC', wallet), paymentStatus: 'PENDING' }],
      staffReturns: [],
    });
    expect(locked.body.message).toContain(`€30.00 is being paid back to ${label('BTC', wallet)}`);
    expect(await cash(player.partyId)).toBe(0n);

    const [record] = await server.db.select().from(exclusionPayback).where(eq(exclusionPayback.playerId, player.partyId));
    const [withdrawal, ...more] = await withdrawalsOf(player.partyId);
    expect(more).toEqual([]);
    expect(withdrawal).toMatchObject({ methodCode: 'NB_NEKBIT', amount: 3_000n, requestId: `exclusion:${record!.lockId}:EUR:1` });
    const destination = (withdrawal!.details as { cryptoDestination: { coin: string; address: string; depositId: string; rate: string; coinAmount: string } })
      .cryptoDestination;
    expect(destination).toMatchObject({ coin: 'BTC', address: wallet, depositId: deposit });
    // Priced at the rate of the moment, in hundred-millionths: never more than the 30.00 EUR paid.
    expect(BigInt(destination.coinAmount)).toBe(payoutCoinAmount(3_000n, BigInt(destination.rate)));
    expect(BigInt(destination.coinAmount) * BigInt(destination.rate)).toBeLessThanOrEqual(3_000n * 100_000_000n);
    const [sent, ...twice] = await server.db
      .select()
      .from(sandboxPspPayment)
      .where(and(eq(sandboxPspPayment.merchantReference, withdrawal!.id), eq(sandboxPspPayment.direction, 'PAYOUT')));
    expect(twice).toEqual([]);
    expect(sent).toMatchObject({ methodCode: 'NB_NEKBIT', amount: 3_000n, currency: 'EUR' });
    expect((sent!.details as { cryptoPayout: unknown }).cryptoPayout).toEqual({
      coin: 'BTC',
      address: wallet,
      rate: destination.rate,
      amount: destination.coinAmount,
    });
    // The provider's payout webhook settles it (the player's session ended with the lock: read the row).
    await expect.poll(async () => (await paymentRow(withdrawal!.id)).status, { timeout: 8_000, interval: 100 }).toBe('SUCCESS');
    expect(await server.db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.playerId, player.partyId))).toEqual([]);
    const messages = await server.db.select().from(playerMessage).where(eq(playerMessage.playerId, player.partyId));
    expect(messages.map((message) => message.body).join(' ')).toContain(`€30.00 is being paid back to ${label('BTC', wallet)}`);

    // Again: the stored answer; and as if the node had crashed before marking it done: nothing left to pay.
    expect((await returnCashAfterExclusion(server.context, player.partyId, record!.lockId)).payouts).toHaveLength(1);
    await server.db
      .update(exclusionPayback)
      .set({ status: 'DUE', claimedUntil: new Date(Date.now() - 1_000) })
      .where(eq(exclusionPayback.id, record!.id));
    await retryDueAfterLock(server.context);
    expect((await server.db.select().from(exclusionPayback).where(eq(exclusionPayback.id, record!.id)))[0]).toMatchObject({ status: 'DONE' });
    expect(await withdrawalsOf(player.partyId)).toHaveLength(1);
    expect(
      await server.db
        .select()
        .from(sandboxPspPayment)
        .where(and(eq(sandboxPspPayment.merchantReference, withdrawal!.id), eq(sandboxPspPayment.direction, 'PAYOUT'))),
    ).toHaveLength(1);
    expect(await cash(player.partyId)).toBe(0n);
  });

  it('the most recent crypto deposit’s address comes first; an old deposit without an address does not stop it', async () => {
    const player = await cashierPlayer(server);
    // An old crypto deposit from before senders were recorded, then two through the sandbox.
    await server.fundPlayer(player.partyId, 2_000n, 'EUR', { methodCode: 'NB_NEKBIT', at: new Date(Date.now() - 86_400_000) });
    await cryptoDeposit(player, 20, 'USDT');
    const other = `0x${'ab'.repeat(20)}`;
    const newest = await cryptoDeposit(player, 25, 'ETH', other);
    expect((await paymentRow(newest)).details).toMatchObject({ cryptoSource: { coin: 'ETH', address: other } });

    const locked = await exclude(player);
    expect(locked.body.cashPayback).toEqual({
      processing: false,
      payouts: [{ currency: 'EUR', amount: 65, paymentMethod: 'NB_NEKBIT', destination: label('ETH', other), paymentStatus: 'PENDING' }],
      staffReturns: [],
    });
    const [withdrawal] = await withdrawalsOf(player.partyId);
    expect(withdrawal!.details).toMatchObject({ cryptoDestination: { coin: 'ETH', address: other, depositId: newest } });
    expect(await cash(player.partyId)).toBe(0n);
  });

  it('a payback above the review threshold is held; staff approval sends the coins to the same address', async () => {
    const player = await cashierPlayer(server);
    const deposit = await cryptoDeposit(player, 1_200, 'ETH');
    const wallet = sandboxWalletAddress('ETH', player.partyId);
    const locked = await exclude(player);
    expect(locked.body.cashPayback?.payouts).toEqual([
      { currency: 'EUR', amount: 1_200, paymentMethod: 'NB_NEKBIT', destination: label('ETH', wallet), paymentStatus: 'PENDING' },
    ]);
    const [withdrawal] = await withdrawalsOf(player.partyId);
    expect(withdrawal).toMatchObject({
      status: 'HELD',
      amount: 120_000n,
      details: expect.objectContaining({ cryptoDestination: { coin: 'ETH', address: wallet, depositId: deposit } }),
    });
    expect(await cash(player.partyId)).toBe(0n);

    const approved = await call('POST', `/bo/reviews/withdrawals/${withdrawal!.id}/approve`, await signIn('bo.payments'));
    expect(approved.status).toBe(200);
    await expect.poll(async () => (await paymentRow(withdrawal!.id)).status, { timeout: 8_000, interval: 100 }).toBe('SUCCESS');
    const [sent] = await server.db
      .select()
      .from(sandboxPspPayment)
      .where(and(eq(sandboxPspPayment.merchantReference, withdrawal!.id), eq(sandboxPspPayment.direction, 'PAYOUT')));
    expect((sent!.details as { cryptoPayout: { coin: string; address: string } }).cryptoPayout).toMatchObject({ coin: 'ETH', address: wallet });
    expect((await paymentRow(withdrawal!.id)).details).toMatchObject({
      cryptoDestination: { coin: 'ETH', address: wallet, coinAmount: expect.stringMatching(/^\d+$/) },
    });
  });

  it('an old crypto deposit with no recorded address: a staff task saying why, nothing paid', async () => {
    const player = await cashierPlayer(server);
    await server.fundPlayer(player.partyId, 4_500n, 'EUR', { methodCode: 'NB_NEKBIT' });
    const locked = await exclude(player);
    expect(locked.body.cashPayback).toEqual({ processing: false, payouts: [], staffReturns: [{ currency: 'EUR', amount: 45 }] });
    const [task] = await server.db.select().from(exclusionPaybackTask).where(eq(exclusionPaybackTask.playerId, player.partyId));
    expect(task).toMatchObject({
      status: 'OPEN',
      amount: 4_500n,
      reason: expect.stringMatching(/NB_NEKBIT \(crypto\): the deposit of \d{4}-\d{2}-\d{2} has no recorded address its coins came from/),
    });
    expect(await withdrawalsOf(player.partyId)).toEqual([]);
    expect(await cash(player.partyId)).toBe(4_500n);
  });

  it('players still cannot withdraw by crypto; the provider refuses a crypto payout without a valid address and pays one payment id once', async () => {
    const player = await cashierPlayer(server);
    await cryptoDeposit(player, 20, 'USDT');
    const refused = await player.client.post<{ status: string; errors: { field: string }[] }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NB_NEKBIT',
      amount: 20,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ status: 'PAYMENT_METHOD_NOT_AVAILABLE', errors: [{ field: 'paymentMethod' }] });

    const provider = server.context.payments.get('sandbox')!;
    const base = { customerReference: player.partyId, methodCode: 'NB_NEKBIT' as const, currency: 'EUR', amount: 2_000n };
    expect(await provider.payout({ ...base, paymentId: randomUUID() })).toMatchObject({ status: 'DECLINED', reason: 'A crypto address is required' });
    expect(await provider.payout({ ...base, paymentId: randomUUID(), cryptoAddress: { coin: 'BTC', address: `0x${'cd'.repeat(20)}` } })).toMatchObject({
      status: 'DECLINED',
      reason: 'The address is not a BTC address',
    });
    const paymentId = randomUUID();
    const target = { coin: 'USDT', address: `0x${'ef'.repeat(20)}` };
    const first = await provider.payout({ ...base, paymentId, cryptoAddress: target });
    const again = await provider.payout({ ...base, paymentId, cryptoAddress: target });
    // USDT is 0.92 EUR: 20.00 EUR is 21.73913043 USDT, rounded down.
    expect(first).toMatchObject({ status: 'PENDING', crypto: { coin: 'USDT', address: target.address, rate: 92n, amount: 2_173_913_043n } });
    expect(again).toEqual(first);
    expect(await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, paymentId))).toHaveLength(1);
    // No cashier payment stands behind this payout: its webhook is not sent.
    await server.db.update(sandboxPspPayment).set({ webhookDueAt: null }).where(eq(sandboxPspPayment.merchantReference, paymentId));
  });
});
