import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../../server/config/env';
import type { Db } from '../../server/db/database';
import { payment, sandboxPspPayment, walletTransaction } from '../../server/db/schema';
import { createPaymentMethodRegistry, processDeposit, processWithdrawal, reconcilePayments, type PaymentProvider } from '../../server/platform/cashier';
import { SandboxPaymentProvider } from '../../server/platform/cashier/providers/sandbox-payment-provider';
import { paymentProviders } from '../../server/providers';
import { DEVELOPMENT_WEBHOOK_SECRET } from '../../server/config/payment-webhook-secret';
import { requestHash } from '../../server/platform/cashier/payments.repository';
import { inTransaction } from '../../server/db/transaction';
import { SandboxPsp, sandboxTiming } from '../../server/sandbox/payments/psp';
import { WebhookDelivery } from '../../server/sandbox/payments/webhook-delivery';
import type { ServiceContext } from '../../server/service-context';
import { cashBalance, cashierPlayer, requestId, waitForPaymentStatus } from '../support/cashier';
import { cloneTestDatabase } from '../support/test-database';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 11, defect 1: no payment the provider took is lost. The sandbox PSP delivers webhooks at
 * least once; the cashier's reconciler asks the provider about every payment still open after
 * the interval and settles it exactly once, deposits and payouts alike.
 */
describe('cashier reconciliation and webhook delivery (issue 11, defect 1)', () => {
  let server: TestServer;
  const timing = sandboxTiming(600_000);

  beforeAll(async () => {
    // A long delay keeps the sandbox's scheduled webhooks out of the way; the timer still sends due ones.
    server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '600000' });
  });
  afterAll(() => server.close());

  const realProvider = (db: Db = server.db) => new SandboxPaymentProvider(new SandboxPsp(db, timing), DEVELOPMENT_WEBHOOK_SECRET);

  /** The services' context with the given provider, as a job (not a route) would have it. */
  function context(payments: PaymentProvider): ServiceContext {
    return {
      // The server's own modules (its limits, inducements, wallet), with this test's provider and settings.
      ...server.context,
      // The defaults of every setting (the withdrawal review threshold among them), as a job's process would have.
      config: loadConfig({ NODE_ENV: 'test', PAYMENT_RECONCILE_INTERVAL_MS: '60000' }),
      database: server.database,
      startedAt: new Date(),
      logger: pino({ level: 'silent' }),
      payments: paymentProviders(payments),
      paymentMethods: createPaymentMethodRegistry({
        PAYMENT_METHODS: ['WPCGHOSTED_CARD', 'MONEYBOOKERS', 'NETELLER', 'NB_NEKBIT', 'OMEGA_BANK', 'PAYMENTIQ_ALL'],
        PAYMENT_PROVIDER: 'sandbox',
      }),
    } as ServiceContext;
  }

  /**
   * A provider that takes the deposit and then loses the answer (a crash, a cut connection), and
   * whose webhook is lost as well: the sandbox row is AUTHORISED with its webhook marked sent, as
   * the sandbox did before delivery waited for the acknowledgement. Done in one transaction so
   * that the running server's delivery timer never sees it half-way.
   */
  const answerLost = (): PaymentProvider =>
    Object.assign(Object.create(realProvider()) as PaymentProvider, {
      async startDeposit(request: Parameters<PaymentProvider['startDeposit']>[0]) {
        await inTransaction(server.db, async (tx) => {
          await realProvider(tx).startDeposit(request);
          await tx.update(sandboxPspPayment).set({ webhookSentAt: new Date() }).where(eq(sandboxPspPayment.merchantReference, request.paymentId));
        });
        throw new Error('connection reset by peer');
      },
    });

  const ledgerKinds = async (paymentId: string) =>
    (await server.db.select({ kind: walletTransaction.kind }).from(walletTransaction).where(eq(walletTransaction.reference, paymentId)))
      .map((row) => row.kind)
      .sort();
  /** The payment as if unchanged for two minutes: past the interval of 60 s. */
  const backdate = (paymentId: string) =>
    server.db
      .update(payment)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(payment.id, paymentId));
  const paymentRow = async (paymentId: string) => (await server.db.select().from(payment).where(eq(payment.id, paymentId)))[0]!;

  it('defect 1: an OMEGA_BANK deposit the provider took, whose answer and webhook were lost, is credited exactly once by reconcile, also run twice and concurrently', async () => {
    const player = await cashierPlayer(server);
    const requestBody = { requestId: requestId(), paymentMethod: 'OMEGA_BANK' as const, amount: 75, accountId: 'IE29AIBK93115212345678', secureId: '123456' };
    await expect(processDeposit(context(answerLost()), { partyId: player.partyId, currency: 'EUR', language: 'en' }, requestBody)).rejects.toMatchObject({
      status: 'SERVICE_UNAVAILABLE',
    });
    const [lost] = await server.db.select().from(payment).where(eq(payment.playerId, player.partyId));
    // The situation of the defect: the cashier has no provider reference and no credit.
    expect(lost).toMatchObject({ status: 'PENDING', providerReference: null });
    expect(await cashBalance(server, player.partyId)).toBe(0n);

    // Not yet due: a payment younger than the interval is left alone.
    expect((await reconcilePayments(context(realProvider()))).checked).toBe(0);
    await backdate(lost!.id);
    const summaries = await Promise.all([reconcilePayments(context(realProvider())), reconcilePayments(context(realProvider()))]);
    // One run claimed it; the other skipped it (locked, then no longer unchanged for the interval).
    expect(summaries.reduce((sum, summary) => sum + summary.checked, 0)).toBe(1);
    expect(summaries.reduce((sum, summary) => sum + summary.settled, 0)).toBe(1);
    const again = await reconcilePayments(context(realProvider()), { olderThanMs: 0 });
    expect(again.settled).toBe(0);

    const settled = await paymentRow(lost!.id);
    expect(settled.status).toBe('SUCCESS');
    expect(settled.providerReference).not.toBeNull();
    expect(await cashBalance(server, player.partyId)).toBe(7_500n);
    expect(await ledgerKinds(lost!.id)).toEqual(['DEPOSIT']);
    // The player's retry of the same request now answers the credited payment.
    const retried = await processDeposit(context(realProvider()), { partyId: player.partyId, currency: 'EUR', language: 'en' }, requestBody);
    expect(retried).toMatchObject({ paymentId: lost!.id });
    expect(await cashBalance(server, player.partyId)).toBe(7_500n);

    // The provider's webhook arriving late after all changes nothing.
    await server.db.update(sandboxPspPayment).set({ webhookSentAt: null, webhookDueAt: new Date() }).where(eq(sandboxPspPayment.merchantReference, lost!.id));
    // Marked sent once the portal has acknowledged it (handled it): waited for, not slept through.
    const sentAt = async () =>
      (await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, lost!.id)))[0]?.webhookSentAt ?? null;
    await expect.poll(sentAt, { timeout: 15_000 }).not.toBeNull();
    expect(await cashBalance(server, player.partyId)).toBe(7_500n);
    expect(await ledgerKinds(lost!.id)).toEqual(['DEPOSIT']);
  });

  it('defect 1: a NETELLER deposit whose process died after the provider took it answers its page when the player retries the same request', async () => {
    const player = await cashierPlayer(server);
    const body = { requestId: requestId(), paymentMethod: 'NETELLER' as const, amount: 20, payFromEmail: 'aisling@example.test' };
    // What the first request left: its payment row, and the provider's deposit under that payment id; no answer recorded.
    const [row] = await server.db
      .insert(payment)
      .values({
        playerId: player.partyId,
        requestId: body.requestId,
        requestHash: requestHash({ ...body, operation: 'DEPOSIT', amount: '2000', currency: 'EUR', accountId: undefined }),
        type: 'DEPOSIT',
        methodCode: 'NETELLER',
        provider: 'sandbox',
        currency: 'EUR',
        amount: 2_000n,
        status: 'PENDING',
        payFromEmail: body.payFromEmail,
      })
      .returning();
    await realProvider().startDeposit({
      paymentId: row!.id,
      customerReference: player.partyId,
      methodCode: 'NETELLER',
      currency: 'EUR',
      amount: 2_000n,
      language: 'en',
      payFromEmail: body.payFromEmail,
    });
    const retried = await player.client.post<{ status: string; paymentId: string; continueUrl: string | null }>('/ps/processDeposit', body);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      status: 'CONTINUE_TO_PAYMENT_SITE',
      paymentId: row!.id,
      continueUrl: expect.stringMatching(/^\/sandbox\/payments\/ewallet\//),
    });
    // One deposit at the provider: asking again under the same payment id found the first.
    expect(await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, row!.id))).toHaveLength(1);
  });

  it('defect 1: a deposit that never reached the provider (processDeposit died first) fails on reconcile and credits nothing; the retry says nothing was taken', async () => {
    const player = await cashierPlayer(server);
    const body = { requestId: requestId(), paymentMethod: 'OMEGA_BANK', amount: 50, accountId: 'IE29AIBK93115212345678', secureId: '123456' };
    const hash = requestHash({ ...body, operation: 'DEPOSIT', amount: '5000', currency: 'EUR', accountId: body.accountId });
    const [row] = await server.db
      .insert(payment)
      .values({
        playerId: player.partyId,
        requestId: body.requestId,
        requestHash: hash,
        type: 'DEPOSIT',
        methodCode: 'OMEGA_BANK',
        provider: 'sandbox',
        currency: 'EUR',
        amount: 5_000n,
        status: 'PENDING',
        updatedAt: new Date(Date.now() - 120_000),
      })
      .returning();
    const summary = await reconcilePayments(context(realProvider()));
    expect(summary.settled).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(row!.id)).toMatchObject({ status: 'FAILED', failureReason: expect.stringContaining('nothing was taken') });
    expect(await cashBalance(server, player.partyId)).toBe(0n);
    // Issue 26 (11): the player's retry of the same request is not told the payment was "declined".
    const retried = await player.client.post<{ status: string; message: string }>('/ps/processDeposit', body);
    expect(retried.status).toBe(402);
    expect(retried.body).toMatchObject({ status: 'PAYMENT_NOT_COMPLETED', message: expect.stringContaining('did not go through and nothing was taken') });
  });

  /** Cash from a successful NETELLER deposit from `email` (the closed loop lets it go back there). */
  async function fundFromEwallet(partyId: string, amount: bigint, email: string) {
    const funded = await server.fundPlayer(partyId, amount, 'EUR', { methodCode: 'NETELLER' });
    await server.db.update(payment).set({ payFromEmail: email }).where(eq(payment.id, funded));
  }

  const payoutRows = (paymentId: string) =>
    server.db
      .select()
      .from(sandboxPspPayment)
      .where(and(eq(sandboxPspPayment.merchantReference, paymentId), eq(sandboxPspPayment.direction, 'PAYOUT')));

  it('defect 1: a payout request that never reached the provider (crash) is sent again by reconcile and paid exactly once', async () => {
    const player = await cashierPlayer(server);
    await fundFromEwallet(player.partyId, 10_000n, 'saoirse@example.test');
    const unreachable = Object.assign(Object.create(realProvider()) as PaymentProvider, {
      payout: () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    const answer = await processWithdrawal(
      context(unreachable),
      { partyId: player.partyId, currency: 'EUR', language: 'en' },
      { requestId: requestId(), paymentMethod: 'NETELLER', amount: 40, payFromEmail: 'saoirse@example.test' },
    );
    // The request stands and the money stays reserved: it was not refused, only not yet sent.
    expect(answer).toMatchObject({ status: 'SUCCESS', paymentStatus: 'PENDING' });
    expect(await cashBalance(server, player.partyId)).toBe(6_000n);
    expect(await payoutRows(answer.paymentId)).toEqual([]);

    await backdate(answer.paymentId);
    const [first, second] = await Promise.all([reconcilePayments(context(realProvider())), reconcilePayments(context(realProvider()))]);
    expect(first.resent + second.resent).toBe(1);
    expect(await payoutRows(answer.paymentId)).toHaveLength(1);
    // Asked once more: the provider now reports it paid, and it is settled once.
    await reconcilePayments(context(realProvider()), { olderThanMs: 0 });
    await reconcilePayments(context(realProvider()), { olderThanMs: 0 });
    await waitForPaymentStatus(player.client, answer.paymentId, 'SUCCESS');
    expect(await payoutRows(answer.paymentId)).toHaveLength(1);
    expect(await ledgerKinds(answer.paymentId)).toEqual(['WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RESERVE']);
    expect(await cashBalance(server, player.partyId)).toBe(6_000n);
  });

  it('defect 1: a payout the provider took whose answer was lost is settled by reconcile, never paid twice', async () => {
    const player = await cashierPlayer(server);
    await fundFromEwallet(player.partyId, 10_000n, 'niamh@example.test');
    const lostAnswer = Object.assign(Object.create(realProvider()) as PaymentProvider, {
      async payout(request: Parameters<PaymentProvider['payout']>[0]) {
        await realProvider().payout(request);
        throw new Error('socket hang up');
      },
    });
    const answer = await processWithdrawal(
      context(lostAnswer),
      { partyId: player.partyId, currency: 'EUR', language: 'en' },
      { requestId: requestId(), paymentMethod: 'NETELLER', amount: 25, payFromEmail: 'niamh@example.test' },
    );
    expect((await paymentRow(answer.paymentId)).providerReference).toBeNull();
    // The payout asked for again under the same payment id is the same payout.
    const again = await realProvider().payout({
      paymentId: answer.paymentId,
      customerReference: player.partyId,
      methodCode: 'NETELLER',
      currency: 'EUR',
      amount: 2_500n,
      email: 'niamh@example.test',
    });
    expect(again.status).toBe('PENDING');
    expect(await payoutRows(answer.paymentId)).toHaveLength(1);
    await reconcilePayments(context(realProvider()), { olderThanMs: 0 });
    await waitForPaymentStatus(player.client, answer.paymentId, 'SUCCESS');
    expect(await ledgerKinds(answer.paymentId)).toEqual(['WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RESERVE']);
    expect(await cashBalance(server, player.partyId)).toBe(7_500n);
  });

  it('defect 1: a webhook the merchant refuses is retried with back-off until acknowledged, and one cut short by a crash is sent again', async () => {
    // A database of its own: no running server's delivery timer may send these webhooks meanwhile.
    const database = await cloneTestDatabase();
    onTestFinished(() => database.close());
    const psp = new SandboxPsp(database.db, { ...timing, deliveryLeaseMs: 200 });
    const answers = [500, 503, 200];
    const sent: string[] = [];
    const delivery = new WebhookDelivery(
      psp,
      DEVELOPMENT_WEBHOOK_SECRET,
      async (body) => {
        sent.push((JSON.parse(body) as { id: string }).id);
        return answers.shift() ?? 200;
      },
      pino({ level: 'silent' }),
    );
    const created = await psp.createDeposit({
      merchantReference: requestId(),
      customerReference: requestId(),
      methodCode: 'OMEGA_BANK',
      currency: 'EUR',
      amount: 2_000n,
      language: 'en',
      bankAccount: { accountId: '12345678', secureId: '123456' },
    });
    const id = created.reference!;
    const row = async () => (await database.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.id, id)))[0]!;
    const makeDue = () => database.db.update(sandboxPspPayment).set({ webhookDueAt: new Date() }).where(eq(sandboxPspPayment.id, id));

    expect(await delivery.deliver(id)).toBe(false);
    let current = await row();
    expect(current.webhookSentAt).toBeNull();
    expect(current.webhookDueAt!.getTime()).toBeGreaterThan(Date.now());
    expect(current.details).toMatchObject({ webhookAttempts: 1, lastWebhookError: 'HTTP 500' });
    await makeDue();
    expect(await delivery.deliver(id)).toBe(false);
    expect((await row()).details).toMatchObject({ webhookAttempts: 2, lastWebhookError: 'HTTP 503' });

    // A node claims it and dies before sending: nothing is marked sent, and after the lease it is due again.
    await makeDue();
    const claimedAt = Date.now();
    expect(await psp.claim(id)).toBeDefined();
    current = await row();
    expect(current.webhookSentAt).toBeNull();
    // The claim is a lease: the row is due again only when it runs out. Its end is written, not waited for.
    expect(current.webhookDueAt!.getTime()).toBeGreaterThan(claimedAt);
    await makeDue();
    await delivery.deliverDue();
    current = await row();
    expect(current.webhookSentAt).not.toBeNull();
    expect(sent).toEqual([`evt_${id}_authorised`, `evt_${id}_authorised`, `evt_${id}_authorised`]);
    // Acknowledged: not sent again.
    await delivery.deliverDue();
    expect(sent).toHaveLength(3);
  });

  it('PAYMENT_RECONCILE_INTERVAL_MS is validated: not a whole number of milliseconds between 1 s and a day refuses to start, naming it', () => {
    for (const bad of ['abc', '999', '1.5', '86400001']) {
      expect(() => loadConfig({ NODE_ENV: 'test', PAYMENT_RECONCILE_INTERVAL_MS: bad })).toThrow(/PAYMENT_RECONCILE_INTERVAL_MS/);
    }
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENT_RECONCILE_INTERVAL_MS).toBe(180_000);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_RECONCILE_INTERVAL_MS: '5000' }).PAYMENT_RECONCILE_INTERVAL_MS).toBe(5_000);
  });

  it('the reconcile timer runs on each node: with a short interval a lost deposit is credited without any request', async () => {
    const quick = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '600000', PAYMENT_RECONCILE_INTERVAL_MS: '1000' });
    try {
      const player = await cashierPlayer(quick);
      const [row] = await quick.db
        .insert(payment)
        .values({
          playerId: player.partyId,
          requestId: requestId(),
          requestHash: 'h',
          type: 'DEPOSIT',
          methodCode: 'OMEGA_BANK',
          provider: 'sandbox',
          currency: 'EUR',
          amount: 3_000n,
          status: 'PENDING',
        })
        .returning();
      await inTransaction(quick.db, async (tx) => {
        await new SandboxPsp(tx, timing).createDeposit({
          merchantReference: row!.id,
          customerReference: player.partyId,
          methodCode: 'OMEGA_BANK',
          currency: 'EUR',
          amount: 3_000n,
          language: 'en',
          bankAccount: { accountId: '12345678', secureId: '123456' },
        });
        await tx.update(sandboxPspPayment).set({ webhookSentAt: new Date() }).where(eq(sandboxPspPayment.merchantReference, row!.id));
      });
      await waitForPaymentStatus(player.client, row!.id, 'SUCCESS', 10_000);
      expect(await cashBalance(quick, player.partyId)).toBe(3_000n);
    } finally {
      await quick.close();
    }
  });
});
