import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment, paymentEvent, walletTransaction } from '../../server/db/schema';
import { startStripeSimulator, stripeSignatureHeader, type StripeEvent, type StripeSimulator } from '../../server/sandbox/stripe';
import { cashBalance, cashierPlayer, requestId, waitForPaymentStatus } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 31: cards through the Stripe adapter on the official SDK, against the Stripe simulator —
 * PaymentIntents with 3-D Secure, webhooks verified by Stripe-Signature (300 s tolerance, two
 * secrets during a rotation), events stored, acknowledged and settled from the PaymentIntent as
 * it is now, so duplicates, reordering and late events credit exactly once; and a routing change
 * that leaves the payments in flight with the provider they started with.
 */
const SECRET_KEY = 'sk_test_emerald_simulator';
const CURRENT = 'whsec_current_0123456789abcdef';
const PREVIOUS = 'whsec_previous_0123456789abcdef';
const RETIRED = 'whsec_retired_0123456789abcdef';

let simulator: StripeSimulator;
let server: TestServer;
const stripeEnvironment = () => ({
  PAYMENT_ROUTING: 'WPCGHOSTED_CARD=stripe',
  STRIPE_SECRET_KEY: SECRET_KEY,
  // During a rotation both the new and the old secret are accepted.
  STRIPE_WEBHOOK_SECRETS: `${CURRENT},${PREVIOUS}`,
  STRIPE_API_URL: simulator.url,
  // The sandbox's own webhooks and the reconciler stay out of the way.
  SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '600000',
  PAYMENT_RECONCILE_INTERVAL_MS: '3600000',
});

beforeAll(async () => {
  simulator = await startStripeSimulator({ secretKey: SECRET_KEY, signingSecret: CURRENT, retryBaseMs: 50 });
  server = await startTestServer(stripeEnvironment());
  simulator.setWebhookUrl(`${server.url}/ps/cashier/webhook/stripe`);
});
afterAll(async () => {
  await server?.close();
  await simulator?.close();
});

type Player = Awaited<ReturnType<typeof cashierPlayer>>;

/** A card deposit as the portal starts it: answered with Stripe's card page for a new card. */
async function startCardDeposit(player: Player, amount: number, on: TestServer = server) {
  const response = await player.client.post<{ status: string; paymentId: string; continueUrl: string | null }>('/ps/processDeposit', {
    requestId: requestId(),
    paymentMethod: 'WPCGHOSTED_CARD',
    amount,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe('CONTINUE_TO_PAYMENT_SITE');
  const [row] = await on.db.select().from(payment).where(eq(payment.id, response.body.paymentId));
  const continueUrl = new URL(response.body.continueUrl!);
  return { paymentId: response.body.paymentId, intentId: continueUrl.searchParams.get('payment_intent')!, continueUrl, row: row! };
}

/** The player on Stripe's pages: enters the card on the card page, then answers 3-D Secure if asked. */
async function payOnCardPage(continueUrl: URL, cardNumber: string, approve3ds = true) {
  const page = await fetch(continueUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const secret = /name="client_secret" value="([^"]+)"/.exec(html)?.[1];
  const submitted = await fetch(new URL('/pay', continueUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_intent: continueUrl.searchParams.get('payment_intent')!, client_secret: secret ?? '', card: cardNumber }),
  });
  expect(submitted.status).toBe(303);
  const next = submitted.headers.get('location')!;
  if (!next.includes('/3ds/')) return;
  expect((await fetch(next)).status).toBe(200);
  const answered = await fetch(next, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: approve3ds ? 'approve' : 'fail' }),
  });
  expect(answered.status).toBe(303);
}

const credits = async (on: TestServer, paymentId: string) =>
  (await on.db.select().from(walletTransaction).where(eq(walletTransaction.reference, paymentId))).map((row) => row.kind);

const post = (body: string, signature: string | undefined, on: TestServer = server) =>
  fetch(`${on.url}/ps/cashier/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });

/** Waits until every stored Stripe event has been settled (the cashier acknowledges before it applies). */
async function settled(on: TestServer = server) {
  await expect
    .poll(
      async () =>
        (
          await on.db
            .select()
            .from(paymentEvent)
            .where(and(eq(paymentEvent.provider, 'stripe'), isNull(paymentEvent.processedAt)))
        ).length,
      { timeout: 8_000 },
    )
    .toBe(0);
}

describe('issue 31: card deposits through the Stripe adapter and its simulator', () => {
  it('a card deposit with 3-D Secure is a PaymentIntent created once (Idempotency-Key), credited once through the wallet when its signed webhook arrives', async () => {
    const player = await cashierPlayer(server);
    const deposit = await startCardDeposit(player, 25);
    expect(deposit.row).toMatchObject({ provider: 'stripe', providerReference: deposit.intentId, status: 'PENDING', amount: 2_500n });
    expect(simulator.intent(deposit.intentId)).toMatchObject({
      amount: 2_500,
      currency: 'eur',
      metadata: { payment_id: deposit.paymentId, customer_reference: player.partyId },
    });

    await payOnCardPage(deposit.continueUrl, '4000002760003184');
    await waitForPaymentStatus(player.client, deposit.paymentId, 'SUCCESS');
    // One PaymentIntent for the payment: the create carried the Idempotency-Key deposit-<payment id>.
    const created = simulator.events.filter((event) => event.type === 'payment_intent.created' && event.body.includes(deposit.paymentId));
    expect(created).toHaveLength(1);
    await simulator.idle();
    await settled();
    expect(await cashBalance(server, player.partyId)).toBe(2_500n);
    expect(await credits(server, deposit.paymentId)).toEqual(['DEPOSIT']);
    // The card it was paid with is kept (never its number) for withdrawals back to it.
    const [row] = await server.db.select().from(payment).where(eq(payment.id, deposit.paymentId));
    expect(row?.storedCardId).not.toBeNull();
    const answered = simulator.deliveries.filter((delivery) => delivery.status === 200);
    expect(answered.map((delivery) => delivery.type)).toEqual(
      expect.arrayContaining(['payment_intent.created', 'payment_intent.requires_action', 'payment_intent.succeeded']),
    );
  });

  it('a declined card and a failed 3-D Secure end the deposit DECLINED with nothing credited; the PaymentIntent is cancelled so no later attempt can succeed', async () => {
    const player = await cashierPlayer(server);
    const declined = await startCardDeposit(player, 30);
    await payOnCardPage(declined.continueUrl, '4000000000009995');
    const failed = await startCardDeposit(player, 31);
    await payOnCardPage(failed.continueUrl, '4000002760003184', false);
    await waitForPaymentStatus(player.client, declined.paymentId, 'DECLINED');
    await waitForPaymentStatus(player.client, failed.paymentId, 'DECLINED');
    await simulator.idle();
    await settled();
    expect(simulator.intent(declined.intentId)?.status).toBe('canceled');
    expect(simulator.intent(failed.intentId)?.status).toBe('canceled');
    expect(await cashBalance(server, player.partyId)).toBe(0n);
  });

  it('property: webhooks duplicated, reordered, late and forged (bad signature, stale timestamp, retired secret) leave the ledger exact; forged ones are 401', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('4000056655665556', '4000000000000002', '4000002760003184'), { minLength: 1, maxLength: 3 }),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.constantFrom('bad-signature', 'stale', 'retired', 'unsigned'), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        async (cards, randomness, forgeries, previousSecret) => {
          const player = await cashierPlayer(server);
          const before = simulator.events.length;
          // Held: the webhooks the simulator would send are sent below by the test, in its own order.
          simulator.hold();
          const deposits = [];
          for (const [index, number] of cards.entries()) {
            const deposit = await startCardDeposit(player, 20 + index);
            await payOnCardPage(deposit.continueUrl, number, true);
            deposits.push({ ...deposit, succeeds: number !== '4000000000000002', amount: BigInt(2_000 + index * 100) });
          }
          const events: StripeEvent[] = simulator.events.slice(before);
          // Every event once or twice, in a random order.
          const draws = randomness.take(events.length * 3)[Symbol.iterator]();
          const next = () => draws.next().value as number;
          const deliveries = events.flatMap((event) => (next() % 2 === 0 ? [event, event] : [event]));
          for (let index = deliveries.length - 1; index > 0; index -= 1) {
            const other = next() % (index + 1);
            [deliveries[index], deliveries[other]] = [deliveries[other]!, deliveries[index]!];
          }
          for (const event of deliveries) {
            // A secret being rotated out is still accepted while it is listed.
            const response = await post(event.body, stripeSignatureHeader(event.body, previousSecret ? PREVIOUS : CURRENT));
            expect(response.status).toBe(200);
          }
          // Forged: each one refused with 401 and stores nothing, before and after the real ones.
          const target = events.find((event) => event.type === 'payment_intent.succeeded') ?? events[0]!;
          const forged = JSON.parse(target.body) as { id: string };
          const body = JSON.stringify({ ...forged, id: `evt_forged_${requestId()}` }, null, 2);
          for (const forgery of forgeries) {
            const signature = {
              'bad-signature': stripeSignatureHeader(`${body} `, CURRENT),
              stale: stripeSignatureHeader(body, CURRENT, Math.floor(Date.now() / 1000) - 301),
              retired: stripeSignatureHeader(body, RETIRED),
              unsigned: undefined,
            }[forgery];
            const response = await post(body, signature);
            expect(response.status).toBe(401);
            expect(await response.json()).toMatchObject({ status: 'INVALID_SIGNATURE' });
          }
          await simulator.release();
          await settled();
          // Late: the whole lot once more after everything was settled changes nothing.
          for (const event of events) expect((await post(event.body, stripeSignatureHeader(event.body, CURRENT))).status).toBe(200);
          await settled();
          for (const deposit of deposits) {
            await waitForPaymentStatus(player.client, deposit.paymentId, deposit.succeeds ? 'SUCCESS' : 'DECLINED');
            expect(await credits(server, deposit.paymentId)).toEqual(deposit.succeeds ? ['DEPOSIT'] : []);
          }
          const expected = deposits.filter((deposit) => deposit.succeeds).reduce((sum, deposit) => sum + deposit.amount, 0n);
          expect(await cashBalance(server, player.partyId)).toBe(expected);
          expect(
            await server.db
              .select()
              .from(paymentEvent)
              .where(eq(paymentEvent.eventId, JSON.parse(body).id as string)),
          ).toEqual([]);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('a withdrawal to a card paid with through Stripe is a refund of that payment, paid once when its webhook arrives; an answer lost is looked up, never refunded again', async () => {
    const player = await cashierPlayer(server);
    const deposit = await startCardDeposit(player, 60);
    await payOnCardPage(deposit.continueUrl, '4000056655665556');
    await waitForPaymentStatus(player.client, deposit.paymentId, 'SUCCESS');
    const [paid] = await server.db.select().from(payment).where(eq(payment.id, deposit.paymentId));
    const body = { requestId: requestId(), paymentMethod: 'WPCGHOSTED_CARD', amount: 25, storedCardId: paid!.storedCardId };
    const withdrawal = await player.client.post<{ paymentId: string; paymentStatus: string }>('/ps/processWithdrawal', body);
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, withdrawal.body.paymentId));
    expect(row).toMatchObject({ provider: 'stripe', type: 'WITHDRAWAL' });
    expect(row?.providerReference).toMatch(/^re_/);
    await waitForPaymentStatus(player.client, withdrawal.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, player.partyId)).toBe(3_500n);
    // Asked again for the same withdrawal (a lost answer), the adapter finds the refund it made.
    const again = await server.context.payments.get('stripe')!.payout({
      paymentId: withdrawal.body.paymentId,
      customerReference: player.partyId,
      methodCode: 'WPCGHOSTED_CARD',
      currency: 'EUR',
      amount: 2_500n,
      cardToken: row!.storedCardId
        ? (await server.db.query.storedCard.findFirst({ where: (card, { eq: same }) => same(card.id, row!.storedCardId!) }))!.providerToken
        : undefined,
    });
    expect(again).toMatchObject({ status: 'PENDING', providerReference: row!.providerReference });
    expect(simulator.events.filter((event) => event.type === 'refund.created' && event.body.includes(withdrawal.body.paymentId))).toHaveLength(1);
  });

  it('a routing change leaves payments in flight with their provider: a Stripe deposit started before cards moved to the sandbox is credited once by its Stripe webhook', async () => {
    const player = await cashierPlayer(server);
    const inFlight = await startCardDeposit(player, 40);
    simulator.hold();
    await payOnCardPage(inFlight.continueUrl, '4000056655665556');
    // Cards move to the sandbox; Stripe's keys stay configured, so its payments in flight still settle.
    const moved = await startTestServer({ ...stripeEnvironment(), PAYMENT_ROUTING: '' }, { sameDatabaseAs: server });
    try {
      simulator.setWebhookUrl(`${moved.url}/ps/cashier/webhook/stripe`);
      // A new card deposit on the node with the new routing starts at the sandbox (the session lives in the shared database).
      const newDeposit = await fetch(`${moved.url}/ps/processDeposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `SESSION_KEY=${player.token}` },
        body: JSON.stringify({ requestId: requestId(), paymentMethod: 'WPCGHOSTED_CARD', amount: 15 }),
      });
      expect(newDeposit.status).toBe(200);
      const started = (await newDeposit.json()) as { paymentId: string };
      const [routed] = await moved.db.select().from(payment).where(eq(payment.id, started.paymentId));
      expect(routed?.provider).toBe('sandbox');

      await simulator.release('reverse');
      await settled(moved);
      await waitForPaymentStatus(player.client, inFlight.paymentId, 'SUCCESS');
      expect(await credits(moved, inFlight.paymentId)).toEqual(['DEPOSIT']);
      expect(await cashBalance(moved, player.partyId)).toBe(4_000n);
    } finally {
      simulator.setWebhookUrl(`${server.url}/ps/cashier/webhook/stripe`);
      await moved.close();
    }
  });
});
