import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/env';
import { DEVELOPMENT_WEBHOOK_SECRET } from '../../server/config/payment-webhook-secret';
import { payment, player, sandboxPspPayment, walletTransaction } from '../../server/db/schema';
import { createPaymentMethodRegistry, reconcilePayments } from '../../server/platform/cashier';
import { SandboxPaymentProvider } from '../../server/platform/cashier/providers/sandbox-payment-provider';
import { paymentProviders } from '../../server/providers';
import { SandboxPsp, sandboxTiming } from '../../server/sandbox/payments/psp';
import { signWebhookBody } from '../../server/sandbox/payments/webhook-protocol';
import type { ServiceContext } from '../../server/service-context';
import { cashBalance, cashierPlayer, formAction, openPage, pageResult, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * No gambling on credit (issue 29 item 8; Gambling Regulation Act 2024, s. 165): the sandbox
 * e-wallet reports what a payment was paid from, and a deposit paid by a credit card or pay later
 * is refused for IE players — and, by the legal default CREDIT_FUNDING_REFUSED=IE,GB, for GB
 * players — never credited, declined with the reason, the authorisation voided at the provider.
 * Balance, bank and debit funding are credited; DEFAULT players may deposit on credit.
 */

let server: TestServer;
const timing = sandboxTiming(600_000);

beforeAll(async () => {
  // A long delay: "delay" e-mails keep their success webhook back, so the tests send it themselves.
  server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '600000' });
});
afterAll(() => server.close());

type Country = 'IE' | 'GB' | null;
interface StatusBody {
  paymentStatus: string;
  message: string | null;
  failureCode: string | null;
}

async function playerOf(country: Country) {
  const signed = await cashierPlayer(server);
  if (country) await server.db.update(player).set({ country }).where(eq(player.id, signed.partyId));
  return signed;
}

/** An e-wallet deposit through the sandbox page, paid with `fundingSource` (none: the page's default). */
async function ewalletDeposit(client: Awaited<ReturnType<typeof playerOf>>['client'], fundingSource: string | undefined, email = 'saoirse@example.test') {
  const started = await client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', {
    requestId: requestId(),
    paymentMethod: 'NETELLER',
    amount: 40,
    payFromEmail: email,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const page = await openPage(server, started.body.continueUrl);
  const done = await submitForm(server, formAction(page.html), { action: 'approve', password: 'x', ...(fundingSource ? { fundingSource } : {}) });
  return { paymentId: started.body.paymentId, page, done };
}

const status = async (client: Awaited<ReturnType<typeof playerOf>>['client'], paymentId: string) =>
  (await client.get<StatusBody>(`/ps/getPaymentStatus?paymentId=${paymentId}`)).body;
const credits = async (paymentId: string) => server.db.select().from(walletTransaction).where(eq(walletTransaction.reference, paymentId));
const sandboxRow = async (paymentId: string) =>
  (await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, paymentId)))[0]!;

async function expectRefused(client: Awaited<ReturnType<typeof playerOf>>['client'], partyId: string, paymentId: string, law: string) {
  const answer = await waitForPaymentStatus(client, paymentId, 'DECLINED');
  expect(answer.message).toContain('credit card or pay later are not accepted');
  expect(answer.message).toContain(law);
  expect((await status(client, paymentId)).failureCode).toBe('CREDIT_FUNDING_NOT_ALLOWED');
  expect(await cashBalance(server, partyId)).toBe(0n);
  expect(await credits(paymentId)).toEqual([]);
  // The provider voided the authorisation: nothing captured, and its status call says declined.
  const row = await sandboxRow(paymentId);
  expect(row.status).toBe('VOIDED');
  const [ours] = await server.db.select().from(payment).where(eq(payment.id, paymentId));
  expect(ours?.details).toMatchObject({ fundingSource: expect.any(String), declineCode: 'CREDIT_FUNDING_NOT_ALLOWED', providerVoid: 'DONE' });
}

describe('the sandbox e-wallet reports its funding source', () => {
  it('the page offers what to pay with, the balance chosen by default; an unknown choice is 400', async () => {
    const { client } = await playerOf(null);
    const started = await client.post<{ continueUrl: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 10,
      payFromEmail: 'a@example.test',
    });
    const page = await openPage(server, started.body.continueUrl);
    expect(page.html).toMatch(/<select name="fundingSource"/);
    expect(page.html).toContain('<option value="BALANCE" selected>');
    for (const source of ['BANK_ACCOUNT', 'DEBIT_CARD', 'CREDIT_CARD', 'PAY_LATER']) expect(page.html).toContain(`<option value="${source}"`);
    const bad = await submitForm(server, formAction(page.html), { action: 'approve', password: 'x', fundingSource: 'LOAN' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('aria-invalid="true"');
    // An e-mail naming a funding source preselects it (the documented test input).
    const named = await client.post<{ continueUrl: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'NETELLER',
      amount: 10,
      payFromEmail: 'a+paylater@example.test',
    });
    expect((await openPage(server, named.body.continueUrl)).html).toContain('<option value="PAY_LATER" selected>');
  });

  it('the status call and the webhook carry it', async () => {
    const { client } = await playerOf(null);
    const deposit = await ewalletDeposit(client, 'DEBIT_CARD');
    await waitForPaymentStatus(client, deposit.paymentId, 'SUCCESS');
    const provider = new SandboxPaymentProvider(new SandboxPsp(server.db, timing), DEVELOPMENT_WEBHOOK_SECRET);
    expect(await provider.paymentStatus({ paymentId: deposit.paymentId, kind: 'DEPOSIT', providerReference: null })).toMatchObject({
      state: 'SUCCEEDED',
      fundingSource: 'DEBIT_CARD',
    });
    const event = new SandboxPsp(server.db, timing).eventFor(await sandboxRow(deposit.paymentId));
    expect(event?.data.fundingSource).toBe('DEBIT_CARD');
    const [ours] = await server.db.select().from(payment).where(eq(payment.id, deposit.paymentId));
    expect(ours?.details).toMatchObject({ fundingSource: 'DEBIT_CARD' });
  });
});

describe('IE: no deposit on credit (s. 165)', () => {
  it('an e-wallet deposit funded by a credit card is refused: declined with the reason, nothing credited, voided at the provider', async () => {
    const { client, partyId } = await playerOf('IE');
    const deposit = await ewalletDeposit(client, 'CREDIT_CARD');
    // The page delivered its webhook before showing the result: the portal frame hears "declined".
    expect(pageResult(deposit.done.html)).toEqual({ paymentId: deposit.paymentId, outcome: 'declined', kind: 'deposit' });
    await expectRefused(client, partyId, deposit.paymentId, 'Gambling Regulation Act 2024, s. 165');
  });

  it('pay later (buy now, pay later) is refused too, chosen by the e-mail test input', async () => {
    const { client, partyId } = await playerOf('IE');
    const deposit = await ewalletDeposit(client, undefined, 'saoirse+paylater@example.test');
    await expectRefused(client, partyId, deposit.paymentId, 's. 165');
  });

  it.each(['BALANCE', 'BANK_ACCOUNT', 'DEBIT_CARD', undefined])('funded by %s: credited', async (source) => {
    const { client, partyId } = await playerOf('IE');
    const deposit = await ewalletDeposit(client, source);
    const answer = await waitForPaymentStatus(client, deposit.paymentId, 'SUCCESS');
    expect((answer as unknown as StatusBody).failureCode ?? null).toBeNull();
    expect(await cashBalance(server, partyId)).toBe(4_000n);
    expect(await credits(deposit.paymentId)).toHaveLength(1);
  });

  it('a player seen from an Irish address (jurisdiction IE) is refused whatever they declared', async () => {
    const { client, partyId } = await playerOf(null);
    await server.db.update(player).set({ jurisdiction: 'IE' }).where(eq(player.id, partyId));
    const deposit = await ewalletDeposit(client, 'CREDIT_CARD');
    await expectRefused(client, partyId, deposit.paymentId, 's. 165');
  });
});

describe('GB and DEFAULT players', () => {
  it('GB: credit refused by the default (the 2020 credit card ban covers e-wallets funded by one); debit credited', async () => {
    const gb = await playerOf('GB');
    const refused = await ewalletDeposit(gb.client, 'CREDIT_CARD');
    await expectRefused(gb.client, gb.partyId, refused.paymentId, 'Great Britain');
    const debit = await ewalletDeposit(gb.client, 'DEBIT_CARD');
    await waitForPaymentStatus(gb.client, debit.paymentId, 'SUCCESS');
    expect(await cashBalance(server, gb.partyId)).toBe(4_000n);
  });

  it('DEFAULT: a deposit on credit is credited', async () => {
    const other = await playerOf(null);
    for (const source of ['CREDIT_CARD', 'PAY_LATER']) {
      const deposit = await ewalletDeposit(other.client, source);
      await waitForPaymentStatus(other.client, deposit.paymentId, 'SUCCESS');
    }
    expect(await cashBalance(server, other.partyId)).toBe(8_000n);
  });
});

describe('exactly once: duplicated and reordered webhooks, and the reconciler racing them', () => {
  const post = (event: Record<string, unknown>) => {
    const body = JSON.stringify(event);
    return fetch(`${server.url}/ps/cashier/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-signature': signWebhookBody(DEVELOPMENT_WEBHOOK_SECRET, body) },
      body,
    });
  };

  function context(): ServiceContext {
    return {
      // The server's own modules (its limits, inducements, wallet), with this test's provider and settings.
      ...server.context,
      config: loadConfig({ NODE_ENV: 'test', PAYMENT_RECONCILE_INTERVAL_MS: '60000' }),
      database: server.database,
      startedAt: new Date(),
      logger: pino({ level: 'silent' }),
      payments: paymentProviders(new SandboxPaymentProvider(new SandboxPsp(server.db, timing), DEVELOPMENT_WEBHOOK_SECRET)),
      paymentMethods: createPaymentMethodRegistry({
        PAYMENT_METHODS: ['WPCGHOSTED_CARD', 'MONEYBOOKERS', 'NETELLER', 'NB_NEKBIT', 'OMEGA_BANK', 'PAYMENTIQ_ALL'],
        PAYMENT_PROVIDER: 'sandbox',
      }),
    } as unknown as ServiceContext;
  }

  it('a credit-funded success delivered four times at once, with the reconciler running twice, is refused once; a later "balance" success under a new id changes nothing', async () => {
    const { client, partyId } = await playerOf('IE');
    // "delay": the sandbox authorises now and keeps its webhook back (600 s here).
    const deposit = await ewalletDeposit(client, 'CREDIT_CARD', 'delay@example.test');
    expect(pageResult(deposit.done.html)?.outcome).toBe('completed');
    expect((await status(client, deposit.paymentId)).paymentStatus).toBe('PENDING');
    const event = new SandboxPsp(server.db, timing).eventFor(await sandboxRow(deposit.paymentId))!;
    expect(event.data.fundingSource).toBe('CREDIT_CARD');
    await server.db
      .update(payment)
      .set({ updatedAt: new Date(Date.now() - 120_000) })
      .where(eq(payment.id, deposit.paymentId));
    const answers = await Promise.all([
      ...[1, 2, 3, 4].map(() => post(event).then((response) => response.status)),
      reconcilePayments(context(), { olderThanMs: 0 }).then(() => 200),
      reconcilePayments(context(), { olderThanMs: 0 }).then(() => 200),
    ]);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
    await expectRefused(client, partyId, deposit.paymentId, 's. 165');
    // Reordered and forged-looking funding: a success saying "balance" under another event id, and a replay.
    expect((await post({ ...event, id: `${event.id}_again`, data: { ...event.data, fundingSource: 'BALANCE' } })).status).toBe(200);
    expect((await post(event)).status).toBe(200);
    await reconcilePayments(context(), { olderThanMs: 0 });
    expect((await status(client, deposit.paymentId)).paymentStatus).toBe('DECLINED');
    expect(await cashBalance(server, partyId)).toBe(0n);
    expect(await credits(deposit.paymentId)).toEqual([]);
  });

  it('a balance-funded success arriving before a credit-funded one is credited once (the first report stands)', async () => {
    const { client, partyId } = await playerOf('IE');
    const deposit = await ewalletDeposit(client, 'BALANCE', 'delay@example.test');
    const event = new SandboxPsp(server.db, timing).eventFor(await sandboxRow(deposit.paymentId))!;
    expect((await post(event)).status).toBe(200);
    expect((await post({ ...event, id: `${event.id}_credit`, data: { ...event.data, fundingSource: 'CREDIT_CARD' } })).status).toBe(200);
    await waitForPaymentStatus(client, deposit.paymentId, 'SUCCESS');
    expect(await cashBalance(server, partyId)).toBe(4_000n);
    expect(await credits(deposit.paymentId)).toHaveLength(1);
  });
});
