import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_WEBHOOK_SECRET } from '../../server/config/payment-webhook-secret';
import { payment, paymentEvent, storedCard, walletTransaction } from '../../server/db/schema';
import { signWebhookBody } from '../../server/sandbox/payments/webhook-protocol';
import { cashBalance, cashierPlayer, requestId, waitForPaymentStatus } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * The cashier's webhook route as the provider calls it: signed over the raw body, each event once,
 * payments only moving forwards (ARCHITECTURE §2, §3).
 */
describe('cashier webhooks: POST /ps/cashier/webhook/:provider', () => {
  let server: TestServer;

  beforeAll(async () => {
    // A long delay keeps the sandbox's own webhooks out of the way: these tests send their own.
    // They sign the sandbox's webhook protocol, so its methods stay on the sandbox in every mode
    // (naming the routing keeps TEST_PAYMENT_PROVIDERS off this server); Stripe's and Adyen's
    // signatures, duplicates and reordering are tests/api/cashier-stripe and cashier-adyen.
    server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '600000', PAYMENT_ROUTING: 'NETELLER=sandbox,WPCGHOSTED_CARD=sandbox' });
  });
  afterAll(() => server.close());

  const post = (body: string, headers: Record<string, string>, provider = 'sandbox') =>
    fetch(`${server.url}/ps/cashier/webhook/${provider}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const signed = (event: Record<string, unknown>, secret = DEVELOPMENT_WEBHOOK_SECRET) => {
    const body = JSON.stringify(event);
    return post(body, { 'x-sandbox-signature': signWebhookBody(secret, body) });
  };

  /** A NETELLER deposit waiting on the provider page, as the cashier knows it. */
  async function pendingDeposit(amount = 40) {
    const player = await cashierPlayer(server);
    const started = await player.client.post<{ paymentId: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount,
      payFromEmail: 'a@example.test',
    });
    const [row] = await server.db.select().from(payment).where(eq(payment.id, started.body.paymentId));
    return { ...player, paymentId: started.body.paymentId, reference: row!.providerReference! };
  }

  const event = (deposit: { paymentId: string; reference: string; partyId: string }, type: string, id: string, extra: Record<string, unknown> = {}) => ({
    id,
    type,
    created: new Date().toISOString(),
    data: {
      reference: deposit.reference,
      method: 'NETELLER',
      merchantReference: deposit.paymentId,
      customerReference: deposit.partyId,
      amount: '4000',
      currency: 'EUR',
      reason: null,
      card: null,
      ...extra,
    },
  });

  it('a missing or wrong signature is 401 INVALID_SIGNATURE and changes nothing', async () => {
    const deposit = await pendingDeposit();
    const body = JSON.stringify(event(deposit, 'payment.succeeded', 'evt_forged'));
    const attempts: Record<string, string>[] = [
      {},
      { 'x-sandbox-signature': 'sha256=' + '0'.repeat(64) },
      { 'x-sandbox-signature': signWebhookBody('another-secret', body) },
      { 'x-sandbox-signature': signWebhookBody(DEVELOPMENT_WEBHOOK_SECRET, `${body} `) },
    ];
    for (const headers of attempts) {
      const response = await post(body, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
    }
    expect(await cashBalance(server, deposit.partyId)).toBe(0n);
    expect(await server.db.select().from(paymentEvent).where(eq(paymentEvent.eventId, 'evt_forged'))).toEqual([]);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, deposit.paymentId));
    expect(row?.status).toBe('PENDING');
  });

  it('a replayed success credits once; a late failure or a second success never moves the payment back', async () => {
    const deposit = await pendingDeposit();
    const success = event(deposit, 'payment.succeeded', `evt_${deposit.paymentId}_1`);
    const first = await signed(success);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ status: 'SUCCESS', duplicate: false });
    const replay = await signed(success);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: 'SUCCESS', duplicate: true });
    // Out of order: a failure after the success, and another success under a new event id.
    expect((await signed(event(deposit, 'payment.failed', `evt_${deposit.paymentId}_2`, { reason: 'late' }))).status).toBe(200);
    expect((await signed(event(deposit, 'payment.declined', `evt_${deposit.paymentId}_3`, { reason: 'late' }))).status).toBe(200);
    expect((await signed(event(deposit, 'payment.succeeded', `evt_${deposit.paymentId}_4`))).status).toBe(200);
    await waitForPaymentStatus(deposit.client, deposit.paymentId, 'SUCCESS');
    expect(await cashBalance(server, deposit.partyId)).toBe(4_000n);
    const credits = await server.db.select().from(walletTransaction).where(eq(walletTransaction.reference, deposit.paymentId));
    expect(credits.map((row) => row.kind)).toEqual(['DEPOSIT']);
    expect(await server.db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, deposit.paymentId))).toHaveLength(4);
  });

  it('a decline followed by a late success leaves the payment declined and credits nothing', async () => {
    const deposit = await pendingDeposit();
    expect((await signed(event(deposit, 'payment.declined', `evt_${deposit.paymentId}_a`, { reason: 'Declined' }))).status).toBe(200);
    expect((await signed(event(deposit, 'payment.succeeded', `evt_${deposit.paymentId}_b`))).status).toBe(200);
    await waitForPaymentStatus(deposit.client, deposit.paymentId, 'DECLINED');
    expect(await cashBalance(server, deposit.partyId)).toBe(0n);
  });

  it('concurrent deliveries of one success credit once', async () => {
    const deposit = await pendingDeposit();
    const success = event(deposit, 'payment.succeeded', `evt_${deposit.paymentId}_c`);
    const answers = await Promise.all([1, 2, 3, 4].map(() => signed(success)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await cashBalance(server, deposit.partyId)).toBe(4_000n);
  });

  it('a notification that does not match its payment is refused and changes nothing', async () => {
    const deposit = await pendingDeposit();
    const other = await cashierPlayer(server);
    const cases: [Record<string, unknown>, number][] = [
      [event(deposit, 'payment.succeeded', 'evt_amount', { amount: '999999' }), 400],
      [event(deposit, 'payment.succeeded', 'evt_currency', { currency: 'GBP' }), 400],
      [event(deposit, 'payment.succeeded', 'evt_customer', { customerReference: other.partyId }), 400],
      [event(deposit, 'payment.succeeded', 'evt_reference', { reference: requestId() }), 400],
      [event(deposit, 'payout.paid', 'evt_payout_for_deposit'), 400],
      [event(deposit, 'payment.succeeded', 'evt_unknown', { merchantReference: requestId() }), 404],
      [{ id: 'evt_bad', type: 'payment.exploded', data: {} }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await signed(body);
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
    const notJson = 'not json';
    expect((await post(notJson, { 'x-sandbox-signature': signWebhookBody(DEVELOPMENT_WEBHOOK_SECRET, notJson) })).status).toBe(400);
    expect((await post('{}', {}, 'another-psp')).status).toBe(404);
    expect(await cashBalance(server, deposit.partyId)).toBe(0n);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, deposit.paymentId));
    expect(row?.status).toBe('PENDING');
    expect(await server.db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, deposit.paymentId))).toEqual([]);
  });

  it('payout events: a replayed failure returns the money once; a late "paid" after the failure changes nothing', async () => {
    const player = await cashierPlayer(server);
    const funded = await server.fundPlayer(player.partyId, 10_000n, 'EUR', { methodCode: 'NETELLER' });
    // The e-wallet account deposited from: a closed-loop withdrawal goes back to it.
    await server.db.update(payment).set({ payFromEmail: 'a@example.test' }).where(eq(payment.id, funded));
    const response = await player.client.post<{ paymentId: string }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 30,
      payFromEmail: 'a@example.test',
    });
    const [row] = await server.db.select().from(payment).where(eq(payment.id, response.body.paymentId));
    const payout = { paymentId: row!.id, reference: row!.providerReference!, partyId: player.partyId };
    const failed = event(payout, 'payout.failed', `evt_${row!.id}_f`, { amount: '3000', reason: 'Bounced' });
    expect((await signed(failed)).status).toBe(200);
    expect((await signed(failed)).status).toBe(200);
    expect((await signed(event(payout, 'payout.paid', `evt_${row!.id}_p`, { amount: '3000' }))).status).toBe(200);
    const status = await waitForPaymentStatus(player.client, row!.id, 'FAILED');
    expect(status.message).toBe('Bounced');
    expect(await cashBalance(server, player.partyId)).toBe(10_000n);
  });

  it('card.stored keeps only token, brand, last four, holder and expiry, once', async () => {
    const player = await cashierPlayer(server);
    const stored = {
      id: 'evt_card_1',
      type: 'card.stored',
      created: new Date().toISOString(),
      data: {
        reference: requestId(),
        method: 'WPCGHOSTED_CARD',
        merchantReference: null,
        customerReference: player.partyId,
        amount: null,
        currency: null,
        reason: null,
        card: { token: 'tok_webhook_card', brand: 'Mastercard', lastFour: '4444', nameOnCard: 'S WALSH', expiryMonth: 7, expiryYear: 2031 },
      },
    };
    expect((await signed(stored)).status).toBe(200);
    expect((await signed(stored)).status).toBe(200);
    const cards = await server.db.select().from(storedCard).where(eq(storedCard.playerId, player.partyId));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ providerToken: 'tok_webhook_card', brand: 'Mastercard', lastFour: '4444', expiryMonth: 7, expiryYear: 2031 });
  });
});
