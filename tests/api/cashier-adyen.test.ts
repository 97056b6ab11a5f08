import { and, eq, isNull, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment, paymentEvent, player, walletTransaction } from '../../server/db/schema';
import { reconcilePayments } from '../../server/platform/cashier';
import { adyenNotificationBody, signAdyenItem, startAdyenSimulator, type AdyenSimulator } from '../../server/sandbox/adyen';
import { startStripeSimulator, type StripeSimulator } from '../../server/sandbox/stripe';
import { cashBalance, cashierPlayer, requestId, waitForPaymentStatus } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 31: the e-wallets (MONEYBOOKERS, NETELLER, paying from an e-mail account: DEP-51, NS-19)
 * through the Adyen adapter on the official SDK, against the Adyen simulator — /payments with a
 * redirect to the wallet, /payments/details on return, notifications verified item by item
 * (HMAC-SHA256 under a hex key, two keys during a rotation), stored in the inbox and settled from
 * the stored set, so duplicates and reordering credit exactly once; third-party payouts, with an
 * unknown outcome held for the reconciler; cards on Stripe and e-wallets on Adyen at once.
 */
const API_KEY = 'AQE_test_emerald_simulator';
const MERCHANT = 'EmeraldECOM';
const CURRENT = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
const PREVIOUS = '0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0';
const RETIRED = 'AA11BB22CC33DD44EE55FF66AA11BB22CC33DD44EE55FF66AA11BB22CC33DD44';

let adyen: AdyenSimulator;
let stripe: StripeSimulator;
let server: TestServer;

beforeAll(async () => {
  adyen = await startAdyenSimulator({ apiKey: API_KEY, merchantAccount: MERCHANT, hmacKey: CURRENT, retryBaseMs: 50, payoutDelayMs: 50 });
  stripe = await startStripeSimulator({ secretKey: 'sk_test_emerald_simulator', signingSecret: 'whsec_current_0123456789abcdef', retryBaseMs: 50 });
  server = await startTestServer(environment());
  adyen.setWebhookUrl(`${server.url}/ps/cashier/webhook/adyen`);
  stripe.setWebhookUrl(`${server.url}/ps/cashier/webhook/stripe`);
});
afterAll(async () => {
  await server?.close();
  await adyen?.close();
  await stripe?.close();
});

function environment() {
  return {
    // Cards to Stripe and the e-wallets to Adyen at once.
    PAYMENT_ROUTING: 'WPCGHOSTED_CARD=stripe,MONEYBOOKERS=adyen,NETELLER=adyen',
    ADYEN_API_KEY: API_KEY,
    ADYEN_MERCHANT_ACCOUNT: MERCHANT,
    // During a rotation both the new and the old key are accepted.
    ADYEN_HMAC_KEYS: `${CURRENT},${PREVIOUS}`,
    ADYEN_API_URL: adyen.url,
    STRIPE_SECRET_KEY: 'sk_test_emerald_simulator',
    STRIPE_WEBHOOK_SECRETS: 'whsec_current_0123456789abcdef',
    STRIPE_API_URL: stripe.url,
    // The sandbox's own webhooks and the reconciler stay out of the way.
    SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '600000',
    PAYMENT_RECONCILE_INTERVAL_MS: '3600000',
  };
}

type Player = Awaited<ReturnType<typeof cashierPlayer>>;

/** A player whose profile holds what a payout needs (name, date of birth, country). */
async function walletPlayer(): Promise<Player> {
  const signedIn = await cashierPlayer(server);
  await server.db
    .update(player)
    .set({ firstName: 'Saoirse', lastName: 'Walsh', birthDate: '1990-04-12', country: 'IE' })
    .where(eq(player.id, signedIn.partyId));
  return signedIn;
}

/** An e-wallet deposit as the portal starts it (DEP-51: payFromEmail): answered with the wallet's page. */
async function startWalletDeposit(who: Player, amount: number, email: string, method = 'NETELLER') {
  const response = await who.client.post<{ status: string; paymentId: string; continueUrl: string | null }>('/ps/processDeposit', {
    requestId: requestId(),
    paymentMethod: method,
    amount,
    payFromEmail: email,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(response.body.status).toBe('CONTINUE_TO_PAYMENT_SITE');
  const continueUrl = new URL(response.body.continueUrl!);
  const [row] = await server.db.select().from(payment).where(eq(payment.id, response.body.paymentId));
  return { paymentId: response.body.paymentId, pspReference: continueUrl.pathname.split('/').pop()!, continueUrl, row: row! };
}

/** The player on the wallet's page: approves or declines, and comes back through the cashier's return route. */
async function answerOnWalletPage(continueUrl: URL, approve: boolean) {
  const page = await fetch(continueUrl);
  expect(page.status).toBe(200);
  const chosen = await fetch(continueUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: approve ? 'approve' : 'decline' }),
  });
  expect(chosen.status).toBe(303);
  const back = new URL(chosen.headers.get('location')!);
  expect(back.pathname).toBe('/ps/cashier/return/adyen');
  // The returnUrl is built from PUBLIC_URL or HOST:PORT; the test server's PORT is 0 (a free port it learns only once listening).
  const origin = new URL(server.url);
  back.protocol = origin.protocol;
  back.host = origin.host;
  expect(back.searchParams.get('redirectResult')).toBeTruthy();
  // The return route asks /payments/details, stores the answer with the notifications and sends the player to the portal.
  const returned = await fetch(back, { redirect: 'manual' });
  expect(returned.status).toBe(303);
  expect(returned.headers.get('location')).toBe('/');
}

const credits = async (paymentId: string, on: TestServer = server) =>
  (await on.db.select().from(walletTransaction).where(eq(walletTransaction.reference, paymentId))).map((row) => row.kind);
const postNotification = (body: string, on: TestServer = server) =>
  fetch(`${on.url}/ps/cashier/webhook/adyen`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

/** Waits until every stored Adyen item has been settled (the cashier acknowledges before it applies). */
async function settled(on: TestServer = server) {
  await expect
    .poll(
      async () =>
        (
          await on.db
            .select()
            .from(paymentEvent)
            .where(and(eq(paymentEvent.provider, 'adyen'), isNull(paymentEvent.processedAt)))
        ).length,
      { timeout: 8_000 },
    )
    .toBe(0);
}

describe('issue 31: e-wallets through the Adyen adapter and its simulator', () => {
  it('DEP-51, NS-19: an e-wallet deposit approved on the wallet page is one /payments (Idempotency-Key deposit-<id>, merchantReference = payment id), credited once; its notification is answered [accepted]', async () => {
    const who = await walletPlayer();
    const deposit = await startWalletDeposit(who, 25, 'saoirse@example.test');
    expect(deposit.row).toMatchObject({
      provider: 'adyen',
      providerReference: deposit.pspReference,
      status: 'PENDING',
      amount: 2_500n,
      payFromEmail: 'saoirse@example.test',
    });
    expect(adyen.payment(deposit.pspReference)).toMatchObject({
      merchantReference: deposit.paymentId,
      amount: { value: 2_500, currency: 'EUR' },
      paymentMethod: 'neteller',
      shopperEmail: 'saoirse@example.test',
    });

    await answerOnWalletPage(deposit.continueUrl, true);
    await waitForPaymentStatus(who.client, deposit.paymentId, 'SUCCESS');
    await adyen.idle();
    await settled();
    expect(await cashBalance(server, who.partyId)).toBe(2_500n);
    expect(await credits(deposit.paymentId)).toEqual(['DEPOSIT']);
    expect(
      adyen.requests.filter((request) => request.path === '/checkout/v72/payments' && request.idempotencyKey === `deposit-${deposit.paymentId}`),
    ).toHaveLength(1);
    const answered = adyen.deliveries.filter((delivery) => delivery.id === `${deposit.pspReference}:AUTHORISATION`);
    expect(answered.map((delivery) => [delivery.status, delivery.answer])).toEqual([[200, '[accepted]']]);
    // The notification and the details answer are both in the inbox, each once.
    const stored = await server.db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, deposit.paymentId));
    expect(stored.map((event) => event.eventId).sort()).toEqual([`${deposit.pspReference}:AUTHORISATION:true`, `${deposit.pspReference}:details:Authorised`]);
  });

  it('a deposit declined on the wallet page ends DECLINED with nothing credited', async () => {
    const who = await walletPlayer();
    const deposit = await startWalletDeposit(who, 30, 'declines@example.test', 'MONEYBOOKERS');
    expect(adyen.payment(deposit.pspReference)?.paymentMethod).toBe('skrill');
    await answerOnWalletPage(deposit.continueUrl, false);
    await waitForPaymentStatus(who.client, deposit.paymentId, 'DECLINED');
    await adyen.idle();
    await settled();
    expect(await cashBalance(server, who.partyId)).toBe(0n);
    expect(await credits(deposit.paymentId)).toEqual([]);
  });

  it('a /payments answer lost on the way is asked again under the same Idempotency-Key: one payment at Adyen, one credit', async () => {
    const who = await walletPlayer();
    adyen.dropAnswers('/checkout/v72/payments', 1);
    const deposit = await startWalletDeposit(who, 12, 'lost@example.test');
    const sent = adyen.requests.filter((request) => request.idempotencyKey === `deposit-${deposit.paymentId}`);
    expect(sent.map((request) => request.replayed)).toEqual([false, true]);
    expect(adyen.paymentByReference(deposit.paymentId)?.pspReference).toBe(deposit.pspReference);
    await answerOnWalletPage(deposit.continueUrl, true);
    await waitForPaymentStatus(who.client, deposit.paymentId, 'SUCCESS');
    await adyen.idle();
    await settled();
    expect(await credits(deposit.paymentId)).toEqual(['DEPOSIT']);
  });

  it('notifications duplicated, reordered, batched and late leave the ledger exact: each payment credited exactly once', async () => {
    const who = await walletPlayer();
    const before = adyen.notifications.length;
    adyen.hold();
    adyen.duplicates = true;
    const outcomes = [true, false, true];
    const deposits = [];
    for (const [index, approve] of outcomes.entries()) {
      const deposit = await startWalletDeposit(who, 20 + index, 'order@example.test');
      // The player does not come back (a closed tab): only the notifications settle these.
      const page = await fetch(deposit.continueUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: approve ? 'approve' : 'decline' }),
      });
      expect(page.status).toBe(303);
      deposits.push({ ...deposit, approve, amount: BigInt(2_000 + index * 100) });
    }
    const made = adyen.notifications.slice(before);
    try {
      await adyen.release('reverse');
    } finally {
      adyen.duplicates = false;
    }
    await settled();
    // Late: all of them again in one request of several items, signed with the key being rotated out.
    const batch = adyenNotificationBody(made.map((sent) => signAdyenItem(sent.item, PREVIOUS)));
    const late = await postNotification(batch);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('[accepted]');
    await settled();
    for (const deposit of deposits) {
      await waitForPaymentStatus(who.client, deposit.paymentId, deposit.approve ? 'SUCCESS' : 'DECLINED');
      expect(await credits(deposit.paymentId)).toEqual(deposit.approve ? ['DEPOSIT'] : []);
    }
    expect(await cashBalance(server, who.partyId)).toBe(2_000n + 2_200n);
    // Each item stored once, however often it came.
    for (const sent of made)
      expect(
        await server.db
          .select()
          .from(paymentEvent)
          .where(and(eq(paymentEvent.provider, 'adyen'), like(paymentEvent.eventId, `${sent.id}:%`))),
      ).toHaveLength(1);
  });

  it('property: notifications duplicated, reordered, batched, late and forged leave the ledger exact; forged ones are 401 and store nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: 1, maxLength: 3 }),
        fc.infiniteStream(fc.nat()),
        fc.constantFrom('bad-hmac', 'retired-key', 'unsigned'),
        fc.boolean(),
        async (outcomes, randomness, forgery, previousKey) => {
          const who = await walletPlayer();
          const before = adyen.notifications.length;
          // Held: the notifications the simulator would send are sent below by the test, in its own order.
          adyen.hold();
          const deposits = [];
          for (const [index, approve] of outcomes.entries()) {
            const deposit = await startWalletDeposit(who, 20 + index, 'property@example.test');
            const page = await fetch(deposit.continueUrl, {
              method: 'POST',
              redirect: 'manual',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ outcome: approve ? 'approve' : 'decline' }),
            });
            expect(page.status).toBe(303);
            deposits.push({ ...deposit, approve, amount: BigInt(2_000 + index * 100) });
          }
          const made = adyen.notifications.slice(before);
          const draws = randomness.take(made.length * 8 + 4)[Symbol.iterator]();
          const next = () => draws.next().value as number;
          // Every item once or twice, shuffled, in requests of one or two items; a key being rotated out is still accepted.
          const items = made
            .flatMap((sent) => (next() % 2 === 0 ? [sent.item, sent.item] : [sent.item]))
            .map((item) => (previousKey ? signAdyenItem(item, PREVIOUS) : item));
          for (let index = items.length - 1; index > 0; index -= 1) {
            const other = next() % (index + 1);
            [items[index], items[other]] = [items[other]!, items[index]!];
          }
          while (items.length > 0) {
            const response = await postNotification(adyenNotificationBody(items.splice(0, 1 + (next() % 2))));
            expect(response.status).toBe(200);
            expect(await response.text()).toBe('[accepted]');
          }
          // A forgery claiming success for the first deposit: 401, and nothing stored.
          const claim = { ...made[0]!.item, pspReference: `FORGED${String(next()).padStart(10, '0')}`.slice(0, 16), success: 'true' };
          const forged = {
            'bad-hmac': { ...signAdyenItem(claim, CURRENT), amount: { value: 999_999, currency: 'EUR' } },
            'retired-key': signAdyenItem(claim, RETIRED),
            unsigned: { ...claim, additionalData: {} },
          }[forgery];
          const refused = await postNotification(adyenNotificationBody([forged]));
          expect(refused.status).toBe(401);
          await adyen.release();
          await settled();
          // Late: everything once more after all was settled changes nothing.
          expect((await postNotification(adyenNotificationBody(made.map((sent) => sent.item)))).status).toBe(200);
          await settled();
          for (const deposit of deposits) {
            await waitForPaymentStatus(who.client, deposit.paymentId, deposit.approve ? 'SUCCESS' : 'DECLINED');
            expect(await credits(deposit.paymentId)).toEqual(deposit.approve ? ['DEPOSIT'] : []);
          }
          expect(await cashBalance(server, who.partyId)).toBe(deposits.filter((deposit) => deposit.approve).reduce((sum, deposit) => sum + deposit.amount, 0n));
          expect(
            await server.db
              .select()
              .from(paymentEvent)
              .where(like(paymentEvent.eventId, `${claim.pspReference}:%`)),
          ).toEqual([]);
        },
      ),
      { numRuns: 3 },
    );
  });

  it('a forged notification (bad HMAC, rotated-out key, no signature, one forged item in a batch) is 401 and nothing is stored', async () => {
    const who = await walletPlayer();
    const deposit = await startWalletDeposit(who, 15, 'forged@example.test');
    const item = {
      additionalData: { 'metadata.customer_reference': who.partyId },
      amount: { value: 1_500, currency: 'EUR' },
      eventCode: 'AUTHORISATION',
      eventDate: new Date().toISOString(),
      merchantAccountCode: MERCHANT,
      merchantReference: deposit.paymentId,
      paymentMethod: 'neteller',
      pspReference: deposit.pspReference,
      reason: '',
      success: 'true',
    };
    const good = signAdyenItem(item, CURRENT);
    const forgeries = {
      'bad HMAC': adyenNotificationBody([{ ...good, amount: { value: 150_000, currency: 'EUR' } }]),
      'rotated-out key': adyenNotificationBody([signAdyenItem(item, RETIRED)]),
      'no signature': adyenNotificationBody([item]),
      'one forged item in a batch': adyenNotificationBody([
        signAdyenItem({ ...item, pspReference: 'ZZZZZZZZZZZZZZZZ', success: 'false' }, CURRENT),
        signAdyenItem(item, RETIRED),
      ]),
    };
    for (const [name, body] of Object.entries(forgeries)) {
      const response = await postNotification(body);
      expect(response.status, name).toBe(401);
      expect(await response.json(), name).toMatchObject({ status: 'INVALID_SIGNATURE' });
    }
    expect(await server.db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, deposit.paymentId))).toEqual([]);
    expect(await server.db.select().from(paymentEvent).where(like(paymentEvent.eventId, 'ZZZZZZZZZZZZZZZZ:%'))).toEqual([]);
    const [row] = await server.db.select().from(payment).where(eq(payment.id, deposit.paymentId));
    expect(row?.status).toBe('PENDING');
    expect(await cashBalance(server, who.partyId)).toBe(0n);
  });

  it('a withdrawal to the wallet deposited from is a third-party payout (Idempotency-Key payout-<id>), paid out when PAYOUT_THIRDPARTY arrives', async () => {
    const who = await walletPlayer();
    const deposit = await startWalletDeposit(who, 60, 'payouts@example.test');
    await answerOnWalletPage(deposit.continueUrl, true);
    await waitForPaymentStatus(who.client, deposit.paymentId, 'SUCCESS');
    const withdrawal = await who.client.post<{ paymentId: string; paymentStatus: string }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 25,
      payFromEmail: 'payouts@example.test',
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    await waitForPaymentStatus(who.client, withdrawal.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, who.partyId)).toBe(3_500n);
    const payouts = adyen.payouts.filter((made) => made.merchantReference === withdrawal.body.paymentId);
    expect(payouts).toMatchObject([
      {
        amount: { value: 2_500, currency: 'EUR' },
        selectedBrand: 'neteller',
        shopperEmail: 'payouts@example.test',
        shopperReference: who.partyId,
        status: 'Paid',
      },
    ]);
    expect(adyen.requests.filter((request) => request.idempotencyKey === `payout-${withdrawal.body.paymentId}`)).toHaveLength(1);
  });

  it('a payout the wallet declines (PAYOUT_DECLINE) fails the withdrawal and the money returns to the balance', async () => {
    const who = await walletPlayer();
    const deposit = await startWalletDeposit(who, 40, 'payout-decline@example.test');
    await answerOnWalletPage(deposit.continueUrl, true);
    await waitForPaymentStatus(who.client, deposit.paymentId, 'SUCCESS');
    const withdrawal = await who.client.post<{ paymentId: string }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 30,
      payFromEmail: 'payout-decline@example.test',
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    await expect
      .poll(async () => (await server.db.select().from(payment).where(eq(payment.id, withdrawal.body.paymentId)))[0]?.status, { timeout: 8_000 })
      .toBe('FAILED');
    expect(await cashBalance(server, who.partyId)).toBe(4_000n);
  });

  it('a payout whose answer is lost stays PENDING, is never sent twice, and settles through the reconciler and its notification', async () => {
    const who = await walletPlayer();
    const deposit = await startWalletDeposit(who, 50, 'unknown@example.test');
    await answerOnWalletPage(deposit.continueUrl, true);
    await waitForPaymentStatus(who.client, deposit.paymentId, 'SUCCESS');
    adyen.hold();
    // Every attempt of the adapter loses its answer: the outcome is unknown.
    adyen.dropAnswers('/storeDetailAndSubmitThirdParty', 3);
    const withdrawal = await who.client.post<{ paymentId: string; paymentStatus: string }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 20,
      payFromEmail: 'unknown@example.test',
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    expect(withdrawal.body.paymentStatus).toBe('PENDING');
    const [open] = await server.db.select().from(payment).where(eq(payment.id, withdrawal.body.paymentId));
    expect(open).toMatchObject({ status: 'PENDING', providerReference: null });
    expect(await cashBalance(server, who.partyId)).toBe(3_000n);

    // The reconciler asks again under the same key: Adyen answers the first answer, no second payout.
    await reconcilePayments(server.context, { olderThanMs: 0 });
    const payouts = adyen.payouts.filter((made) => made.merchantReference === withdrawal.body.paymentId);
    expect(payouts).toHaveLength(1);
    const [resent] = await server.db.select().from(payment).where(eq(payment.id, withdrawal.body.paymentId));
    expect(resent).toMatchObject({ status: 'PENDING', providerReference: payouts[0]!.pspReference });

    await adyen.release();
    await settled();
    await waitForPaymentStatus(who.client, withdrawal.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, who.partyId)).toBe(3_000n);
    expect(adyen.payouts.filter((made) => made.merchantReference === withdrawal.body.paymentId)).toHaveLength(1);
  });

  it('cards go to Stripe and e-wallets to Adyen at once; each payment keeps its provider', async () => {
    const who = await walletPlayer();
    const card = await who.client.post<{ status: string; paymentId: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 10,
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const wallet = await startWalletDeposit(who, 10, 'both@example.test', 'MONEYBOOKERS');
    const [cardRow] = await server.db.select().from(payment).where(eq(payment.id, card.body.paymentId));
    expect(cardRow?.provider).toBe('stripe');
    expect(cardRow?.providerReference).toMatch(/^pi_/);
    expect(wallet.row.provider).toBe('adyen');
    expect(adyen.paymentByReference(card.body.paymentId)).toBeUndefined();
  });

  it('a routing change leaves payments in flight with Adyen: a deposit started before the e-wallets moved to the sandbox is credited once by its notification', async () => {
    const who = await walletPlayer();
    const inFlight = await startWalletDeposit(who, 35, 'moving@example.test');
    adyen.hold();
    const page = await fetch(inFlight.continueUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'approve' }),
    });
    expect(page.status).toBe(303);
    // The e-wallets move to the sandbox; Adyen's keys stay configured, so its payments in flight still settle.
    const moved = await startTestServer({ ...environment(), PAYMENT_ROUTING: 'WPCGHOSTED_CARD=stripe' }, { sameDatabaseAs: server });
    try {
      adyen.setWebhookUrl(`${moved.url}/ps/cashier/webhook/adyen`);
      const newDeposit = await fetch(`${moved.url}/ps/processDeposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `SESSION_KEY=${who.token}` },
        body: JSON.stringify({ requestId: requestId(), paymentMethod: 'NETELLER', amount: 15, payFromEmail: 'moving@example.test' }),
      });
      expect(newDeposit.status).toBe(200);
      const started = (await newDeposit.json()) as { paymentId: string };
      const [routed] = await moved.db.select().from(payment).where(eq(payment.id, started.paymentId));
      expect(routed?.provider).toBe('sandbox');

      await adyen.release('reverse');
      await settled(moved);
      await waitForPaymentStatus(who.client, inFlight.paymentId, 'SUCCESS');
      expect(await credits(inFlight.paymentId, moved)).toEqual(['DEPOSIT']);
      expect(await cashBalance(moved, who.partyId)).toBe(3_500n);
    } finally {
      adyen.setWebhookUrl(`${server.url}/ps/cashier/webhook/adyen`);
      await moved.close();
    }
  });

  it('bad input gets a 4xx naming the field, never a 500', async () => {
    const who = await walletPlayer();
    const noEmail = await who.client.post<{ errors?: { field: string }[] }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 10,
    });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.errors?.map((entry) => entry.field)).toContain('payFromEmail');

    const notJson = await postNotification('{"notificationItems":');
    expect(notJson.status).toBe(400);
    const noItems = await postNotification(JSON.stringify({ live: 'false', notificationItems: [] }));
    expect(noItems.status).toBe(400);
    expect(((await noItems.json()) as { message: string }).message).toContain('notificationItems');
    const noAmount = await postNotification(
      adyenNotificationBody([{ pspReference: 'AAAAAAAAAAAAAAAA', eventCode: 'AUTHORISATION', merchantReference: 'x', success: 'true' }]),
    );
    expect(noAmount.status).toBe(400);
    expect(((await noAmount.json()) as { message: string }).message).toContain('notificationItems.0');

    const noResult = await fetch(`${server.url}/ps/cashier/return/adyen?paymentId=abc`, { redirect: 'manual' });
    expect(noResult.status).toBe(400);
    expect(JSON.stringify(await noResult.json())).toContain('redirectResult');
  });
});
