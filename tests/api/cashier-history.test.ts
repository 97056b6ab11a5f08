import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethodCodeSchema } from '../../contracts/platform/cashier/payment-methods';
import { paymentMethodListSchema } from '../../contracts/content/payment-method';
import { upsertPost } from '../../server/content/content-posts.repository';
import { payment, rgLimit, sandboxPspPayment } from '../../server/db/schema';
import { SandboxPsp, sandboxTiming } from '../../server/sandbox/payments/psp';
import { ApiClient } from '../support/api-client';
import { card, cashBalance, cashierPlayer, formAction, openPage, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { cashierPayee, onProviders, payByCard } from '../support/payment-journeys';
import { startTestServer, type TestServer } from '../support/test-server';

interface HistoryBody {
  histories: { id: string; requestDate: string; type: string; paymentMethod: string; amount: number; status: string; currency: string }[];
  errors?: { field: string }[];
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const monthRange = (date: Date) => {
  const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const end = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
  return `startDate=${iso(start)}&endDate=${iso(end)}`;
};

describe('banking history, deposit-limit screen, bonus step, payment content and the demo wallet', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '60000' });
  });
  afterAll(() => server.close());

  describe('getBankingHistory (HIST-02, HIST-04, HIST-05)', () => {
    it('answers one month of the player’s own payments, newest first, with status; ASC on request', async () => {
      const player = await cashierPayee(server);
      const now = new Date();
      const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12));
      const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
      await server.fundPlayer(player.partyId, 1_000n, 'EUR', { at: lastMonth });
      const early = await server.fundPlayer(player.partyId, 2_000n, 'EUR', { at: thisMonth, methodCode: 'NETELLER' });
      // The e-wallet account deposited from: a closed-loop withdrawal goes back to it.
      await server.db.update(payment).set({ payFromEmail: 'a@example.test' }).where(eq(payment.id, early));
      const declined = await player.client.post<{ paymentId: string }>('/ps/processDeposit', {
        requestId: requestId(),
        paymentMethod: 'OMEGA_BANK',
        amount: 20,
        accountId: '12345678',
        secureId: '000000',
      });
      expect(declined.status).toBe(402);
      const withdrawal = await player.client.post<{ paymentId: string }>('/ps/processWithdrawal', {
        requestId: requestId(),
        paymentMethod: 'NETELLER',
        amount: 15,
        payFromEmail: 'a@example.test',
      });
      // A crypto quote never used is not a payment the player made.
      await player.client.post('/ps/prepareDeposit', { paymentMethod: 'NB_NEKBIT', action: 'GET_QUOTE', amount: 20 });
      const someoneElse = await cashierPlayer(server);
      await server.fundPlayer(someoneElse.partyId, 9_900n);

      // The sandbox holds its payout webhook for a minute (SANDBOX_PAYMENT_WEBHOOK_DELAY_MS); Adyen's
      // simulator reports the payout at once, so there the withdrawal is read once paid.
      const payout = onProviders(server) ? 'SUCCESS' : 'PENDING';
      if (onProviders(server)) await waitForPaymentStatus(player.client, withdrawal.body.paymentId, payout);

      const response = await player.client.get<HistoryBody>(`/ps/getBankingHistory?${monthRange(now)}&order=DESC`);
      expect(response.status).toBe(200);
      const rows = response.body.histories;
      expect(rows.map((row) => [row.type, row.paymentMethod, row.amount, row.status, row.currency])).toEqual([
        ['WITHDRAWAL', 'NETELLER', 15, payout, 'EUR'],
        ['DEPOSIT', 'OMEGA_BANK', 20, 'DECLINED', 'EUR'],
        ['DEPOSIT', 'NETELLER', 20, 'SUCCESS', 'EUR'],
      ]);
      expect(rows[0]?.id).toBe(withdrawal.body.paymentId);
      expect(rows[2]?.id).toBe(early);
      expect(rows[2]?.requestDate).toBe(thisMonth.toISOString());
      const ascending = await player.client.get<HistoryBody>(`/ps/getBankingHistory?${monthRange(now)}&order=ASC`);
      expect(ascending.body.histories.map((row) => row.id)).toEqual(rows.map((row) => row.id).reverse());
      const previous = await player.client.get<HistoryBody>(`/ps/getBankingHistory?${monthRange(lastMonth)}`);
      expect(previous.body.histories.map((row) => row.amount)).toEqual([10]);
    });

    it('bad dates are a 400 naming the field', async () => {
      const player = await cashierPlayer(server);
      const cases: [string, string][] = [
        ['startDate=2026-02-31&endDate=2026-03-01', 'startDate'],
        ['startDate=01/02/2026&endDate=2026-02-28', 'startDate'],
        ['startDate=2026-03-10&endDate=2026-03-01', 'startDate'],
        ['startDate=2026-01-01&endDate=2026-03-31', 'endDate'],
        ['endDate=2026-03-31', 'startDate'],
        ['startDate=2026-03-01&endDate=2026-03-31&order=UP', 'order'],
      ];
      for (const [query, field] of cases) {
        const response = await player.client.get<HistoryBody>(`/ps/getBankingHistory?${query}`);
        expect(response.status, query).toBe(400);
        expect(
          response.body.errors?.map((entry) => entry.field),
          query,
        ).toContain(field);
      }
    });
  });

  describe('deposit-limit screen (DEP-02…04)', () => {
    it('shows the personal limits until confirmed, then not again', async () => {
      const player = await cashierPlayer(server, { currencies: ['GBP'] });
      const first = await player.client.get('/ps/getDisplayDepositLimits');
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        status: 'SUCCESS',
        displayDepositLimits: true,
        currency: 'GBP',
        depositLimits: { dailyLimit: null, weeklyLimit: null, monthlyLimit: null },
      });
      await server.db.insert(rgLimit).values([
        { playerId: player.partyId, limitType: 'DEPOSIT_LIMIT', periodType: 'Daily', periodDays: 1, currency: 'GBP', amount: 5_000n },
        {
          playerId: player.partyId,
          limitType: 'DEPOSIT_LIMIT',
          periodType: 'Monthly',
          periodDays: 30,
          currency: 'GBP',
          amount: 100_000n,
          pendingAmount: 150_000n,
          pendingEffectiveAt: new Date(Date.now() - 1_000),
        },
      ]);
      // An increase past its cooling-off still waits for the player's confirmation (RG-22).
      const withLimits = await player.client.get('/ps/getDisplayDepositLimits');
      expect(withLimits.body).toMatchObject({ depositLimits: { dailyLimit: 50, weeklyLimit: null, monthlyLimit: 1000 } });
      expect((await player.client.post('/ps/confirmDisplayDepositLimits')).body).toEqual({ status: 'SUCCESS' });
      expect((await player.client.get('/ps/getDisplayDepositLimits')).body).toMatchObject({ displayDepositLimits: false });
      const other = await cashierPlayer(server);
      expect((await other.client.get('/ps/getDisplayDepositLimits')).body).toMatchObject({ displayDepositLimits: true });
    });
  });

  describe('bonus step (DEP-15…24, DIS-05)', () => {
    it('the demo welcome match is eligible for a first deposit (issue 14); unknown vouchers match none under either field name; getBonusPlan reads the promotions content', async () => {
      const player = await cashierPlayer(server);
      const eligible = await player.client.get('/ps/getDepositEligibleBonusPlans?paymentMethod=NETELLER&depositAmount=25');
      expect(eligible.body).toEqual({
        status: 'SUCCESS',
        bonusPlans: [{ bonusPlanId: 1001, bonusPlanName: 'Welcome Bonus: 100% up to €100', imageUrl: null }],
      });
      for (const query of ['depositAmount=25&voucherCode=WELCOME', 'amount=25&code=WELCOME']) {
        const voucher = await player.client.get(`/ps/validateDepositBonusVoucher?paymentMethod=NETELLER&${query}`);
        expect(voucher.status, query).toBe(200);
        expect(voucher.body).toEqual({ status: 'SUCCESS', bonusPlanId: null });
      }
      const missing = await player.client.get<{ errors: { field: string }[] }>('/ps/validateDepositBonusVoucher?paymentMethod=NETELLER');
      expect(missing.status).toBe(400);
      expect(missing.body.errors.map((entry) => entry.field)).toEqual(expect.arrayContaining(['depositAmount', 'voucherCode']));
      const badAmount = await player.client.get<{ errors: { field: string }[] }>('/ps/getDepositEligibleBonusPlans?paymentMethod=NETELLER&depositAmount=1.001');
      expect(badAmount.status).toBe(400);
      expect(badAmount.body.errors[0]?.field).toBe('depositAmount');

      const plan = await player.client.get('/ps/getBonusPlan?id=1001');
      expect(plan.body).toEqual({
        status: 'SUCCESS',
        bonusPlans: [{ bonusPlanId: 1001, bonusPlanName: 'Welcome Bonus: 100% up to €100', imageUrl: '/cms/media/art/promo-welcome.svg' }],
      });
      expect((await player.client.get('/ps/getBonusPlan?id=987654')).body).toEqual({ status: 'SUCCESS', bonusPlans: [] });
      expect((await player.client.get('/ps/getBonusPlan?id=abc')).status).toBe(400);
    });
  });

  describe('payment methods as content (DEP-06, DEP-07)', () => {
    it('getPaymentData answers one entry per method code with logo.guid and comma-separated quick_amounts, and no limits', async () => {
      const response = await fetch(`${server.url}/cms/wp-json/wp/v2/payment_method`);
      expect(response.status).toBe(200);
      const raw = (await response.json()) as { acf: Record<string, unknown> }[];
      const entries = paymentMethodListSchema.parse(raw);
      expect(entries.map((entry) => entry.acf.code)).toEqual(paymentMethodCodeSchema.options);
      for (const entry of raw) {
        expect(entry.acf).not.toHaveProperty('min_amount');
        expect(entry.acf).not.toHaveProperty('max_amount');
        expect(entry.acf.quick_amounts).toMatch(/^\d+(,\d+)+$/);
      }
      const logos = entries.map((entry) => entry.acf.logo.guid);
      expect(new Set(logos).size).toBe(entries.length);
      for (const logo of logos) {
        const image = await fetch(`${server.url}${logo}`);
        expect(image.status, logo).toBe(200);
        expect(image.headers.get('content-type')).toContain('image/svg+xml');
      }
    });

    it('an entry stored in the earlier shape (method_code, list of quick amounts, limits) is answered in the current one', async () => {
      await upsertPost(server.db, {
        type: 'payment_method',
        slug: 'legacy-voucher',
        title: 'Voucher',
        acf: {
          method_code: 'VOUCHER',
          logo: { url: '/cms/media/art/logo-voucher.svg', alt: 'Voucher' },
          quick_amounts: [10, 20],
          min_amount: 10,
          max_amount: 250,
          currency: 'EUR',
          direction: 'deposit',
          priority: 9,
        },
      });
      const response = await fetch(`${server.url}/cms/wp-json/wp/v2/payment_method?slug=legacy-voucher`);
      const [entry] = (await response.json()) as { acf: Record<string, unknown> }[];
      expect(entry?.acf).toMatchObject({ code: 'VOUCHER', quick_amounts: '10,20', logo: { guid: '/cms/media/art/logo-voucher.svg' } });
      expect(entry?.acf).not.toHaveProperty('min_amount');
    });
  });

  describe('the demo player (demo.player)', () => {
    it('starts with 55.00, a stored Visa •••• 4242 and this month’s deposits and paid withdrawal', async () => {
      const client = new ApiClient(server.url);
      expect((await client.post('/ps/login', { username: 'demo.player', password: 'emerald-demo-1' })).status).toBe(200);
      const cards = await client.get<{ creditCards: { cardNumber: string; cardType: string }[] }>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD');
      expect(cards.body.creditCards).toEqual([expect.objectContaining({ cardNumber: '•••• 4242', cardType: 'Visa' })]);
      const history = await client.get<HistoryBody>(`/ps/getBankingHistory?${monthRange(new Date())}`);
      expect(history.body.histories.map((row) => [row.type, row.paymentMethod, row.amount, row.status])).toEqual([
        ['WITHDRAWAL', 'WPCGHOSTED_CARD', 15, 'SUCCESS'],
        ['DEPOSIT', 'NETELLER', 20, 'SUCCESS'],
        ['DEPOSIT', 'WPCGHOSTED_CARD', 50, 'SUCCESS'],
      ]);
      const limits = await client.get('/ps/getWithdrawalLimits?paymentMethodCode=WPCGHOSTED_CARD');
      expect(limits.body).toMatchObject({ maximumWithdrawal: 55 });
      // The stored card works with the sandbox PSP.
      const [storedCard] = (await client.get<{ creditCards: { customerCardId: string }[] }>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body
        .creditCards;
      const charged = await client.post('/ps/processDeposit', {
        requestId: requestId(),
        paymentMethod: 'WPCGHOSTED_CARD',
        amount: 10,
        storedCardId: storedCard!.customerCardId,
      });
      expect(charged.body).toMatchObject({ status: 'SUCCESS' });
      expect((await client.get('/ps/getWithdrawalLimits?paymentMethodCode=WPCGHOSTED_CARD')).body).toMatchObject({ maximumWithdrawal: 65 });
    });
  });

  it('a delayed webhook is kept in the database, not in a timer: once due it is sent by the next check (survives a restart)', async () => {
    const player = await cashierPlayer(server);
    const started = await player.client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 11,
    });
    // 0077's delayed webhook is the sandbox PSP's test value (its sandbox_psp_payment row); on Stripe
    // the simulator sends and retries its own webhooks: the card pays and is credited once.
    if (onProviders(server)) {
      await payByCard(server, started.body.continueUrl, 'pay');
      await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
      expect(await cashBalance(server, player.partyId)).toBe(1_100n);
      return;
    }
    const page = await openPage(server, started.body.continueUrl);
    await submitForm(server, formAction(page.html), card('4000000000000077'));
    const [row] = await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, started.body.paymentId));
    expect(row?.webhookDueAt!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // The delivery timer's own question, asked now instead of waiting for its next round: not due, so no round sends it.
    expect(await new SandboxPsp(server.db, sandboxTiming(60_000)).dueIds(10_000)).not.toContain(row!.id);
    expect(await cashBalance(server, player.partyId)).toBe(0n);
    // The time comes (as after a restart): the row alone says what to send.
    await server.db
      .update(sandboxPspPayment)
      .set({ webhookDueAt: new Date(Date.now() - 1_000) })
      .where(eq(sandboxPspPayment.id, row!.id));
    await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, player.partyId)).toBe(1_100n);
  });

  it('an abandoned payment page is cancelled when it expires, and an unpaid crypto address fails as expired: they stop counting against limits', async () => {
    const player = await cashierPlayer(server);
    // Page expiry is the sandbox PSP's: on the providers the e-wallets are Adyen's, so the abandoned
    // page is the sandbox's embedded cashier (PAYMENTIQ_ALL), which stays on the sandbox.
    const page = await player.client.post<{ paymentId: string }>('/ps/processDeposit', {
      requestId: requestId(),
      ...(onProviders(server) ? { paymentMethod: 'PAYMENTIQ_ALL' } : { paymentMethod: 'NETELLER', payFromEmail: 'a@example.test' }),
      amount: 10,
    });
    const quote = await player.client.post<{ paymentId: string; quotes: { id: string }[] }>('/ps/prepareDeposit', {
      paymentMethod: 'NB_NEKBIT',
      action: 'GET_QUOTE',
      amount: 20,
    });
    await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'NB_NEKBIT',
      amount: 20,
      quoteId: quote.body.quotes[0]!.id,
      paymentId: quote.body.paymentId,
    });
    await waitForPaymentStatus(player.client, quote.body.paymentId, 'AWAITING_PAYMENT');
    for (const paymentId of [page.body.paymentId, quote.body.paymentId]) {
      const [row] = await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, paymentId));
      expect(row?.webhookDueAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
      await server.db
        .update(sandboxPspPayment)
        .set({ webhookDueAt: new Date(Date.now() - 1_000) })
        .where(eq(sandboxPspPayment.id, row!.id));
    }
    expect((await waitForPaymentStatus(player.client, page.body.paymentId, 'CANCELLED')).message).toBe('The payment page expired');
    expect((await waitForPaymentStatus(player.client, quote.body.paymentId, 'FAILED')).message).toBe('No coins arrived in time');
    const expiredPage = await openPage(server, `/sandbox/payments/crypto/${quote.body.paymentId}`);
    expect(expiredPage.html).not.toContain('Send exact amount');
  });

  it('GET /sandbox/payments lists the sandbox PSP’s payments with links to their pages', async () => {
    const page = await openPage(server, '/sandbox/payments');
    expect(page.status).toBe(200);
    expect(page.html).toContain('SANDBOX — no real money');
    expect(page.html).toContain('Sandbox payments');
    const script = await fetch(`${server.url}/sandbox/payments/assets/sandbox-pay.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    const body = await script.text();
    expect(body).toContain("source: 'emerald-payment'");
    expect(body).toContain('location.origin');
    expect((await fetch(`${server.url}/sandbox/payments/assets/nope.js`)).status).toBe(404);
    expect((await openPage(server, `/sandbox/payments/card/${requestId()}`)).status).toBe(404);
    expect((await openPage(server, '/sandbox/payments/card/not-an-id')).status).toBe(404);
  });
});
