import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payment, walletTransaction } from '../../server/db/schema';
import { card, cashBalance, formAction, openPage, pageResult, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { cashierPayee, failingPayoutEmail, onProviders, payByCard } from '../support/payment-journeys';
import { startTestServer, type TestServer } from '../support/test-server';

interface WithdrawalBody {
  status: string;
  paymentId: string;
  paymentStatus: string;
  amount: number;
  currency: string;
  continueUrl: string | null;
  message?: string;
  errors?: { field: string; error: string }[];
}

describe('cashier withdrawals (spec 001 §4, WDR-*)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' });
  });
  afterAll(() => server.close());

  type Player = Awaited<ReturnType<typeof cashierPayee>>;
  const withdraw = (client: Player['client'], body: Record<string, unknown>) =>
    client.post<WithdrawalBody>('/ps/processWithdrawal', { requestId: requestId(), ...body });

  /** Cash from a successful e-wallet deposit from `email`: the account a closed-loop withdrawal may go back to. */
  async function fundFromEwallet(partyId: string, amount: bigint, email: string, methodCode = 'NETELLER'): Promise<string> {
    const paymentId = await server.fundPlayer(partyId, amount, 'EUR', { methodCode });
    await server.db.update(payment).set({ payFromEmail: email }).where(eq(payment.id, paymentId));
    return paymentId;
  }

  /** A card stored through the hosted page in save-only mode. */
  async function storeCard(player: Player, number: string): Promise<string> {
    const added = await player.client.post<{ continueUrl: string }>('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'add' });
    if (onProviders(server)) await payByCard(server, added.body.continueUrl, 'pay');
    else await submitForm(server, added.body.continueUrl, card(number));
    // On Stripe the card saved is Stripe's test card, reported by webhook (setup_intent.succeeded): waited for.
    const lastFour = onProviders(server) ? '4242' : number.slice(-4);
    const find = async () =>
      (
        await player.client.get<{ creditCards: { customerCardId: string; cardNumber: string }[] }>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')
      ).body.creditCards.find((entry) => entry.cardNumber.endsWith(lastFour));
    await expect.poll(find, { timeout: 8_000 }).toBeDefined();
    return (await find())!.customerCardId;
  }

  it('WDR-02: getWithdrawalMethods lists the methods that pay out (no crypto); OMEGA_BANK once the player deposited from a bank', async () => {
    const player = await cashierPayee(server);
    const before = await player.client.get<{ withdrawalMethods: { code: string; minimumWithdrawal: number; maximumWithdrawal: number }[] }>(
      '/ps/getWithdrawalMethods',
    );
    expect(before.status).toBe(200);
    expect(before.body.withdrawalMethods).toEqual([
      { code: 'WPCGHOSTED_CARD', minimumWithdrawal: 10, maximumWithdrawal: 5000 },
      { code: 'MONEYBOOKERS', minimumWithdrawal: 10, maximumWithdrawal: 3000 },
      { code: 'NETELLER', minimumWithdrawal: 10, maximumWithdrawal: 3000 },
      { code: 'PAYMENTIQ_ALL', minimumWithdrawal: 20, maximumWithdrawal: 2000 },
    ]);
    const bank = await withdraw(player.client, { paymentMethod: 'OMEGA_BANK', amount: 50 });
    expect(bank.status).toBe(400);
    expect(bank.body).toMatchObject({ status: 'PAYMENT_METHOD_NOT_AVAILABLE', errors: [{ field: 'paymentMethod', error: expect.any(String) }] });
    await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 100,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
    });
    const after = await player.client.get<{ withdrawalMethods: { code: string }[] }>('/ps/getWithdrawalMethods');
    expect(after.body.withdrawalMethods.map((method) => method.code)).toContain('OMEGA_BANK');
    const crypto = await withdraw(player.client, { paymentMethod: 'NB_NEKBIT', amount: 50 });
    expect(crypto.status).toBe(400);
    expect(crypto.body).toMatchObject({ status: 'PAYMENT_METHOD_NOT_AVAILABLE', errors: [{ field: 'paymentMethod', error: expect.any(String) }] });
  });

  it('WDR-05, DEF-03: getWithdrawalLimits lowers the maximum to the withdrawable balance', async () => {
    const player = await cashierPayee(server);
    await server.fundPlayer(player.partyId, 12_345n);
    const limits = await player.client.get('/ps/getWithdrawalLimits?paymentMethodCode=NETELLER');
    expect(limits.status).toBe(200);
    expect(limits.body).toMatchObject({ paymentMethodCode: 'NETELLER', currency: 'EUR', minimumWithdrawal: 10, maximumWithdrawal: 123.45 });
    const crypto = await player.client.get<{ errors: { field: string }[] }>('/ps/getWithdrawalLimits?paymentMethodCode=NB_NEKBIT');
    expect(crypto.status).toBe(400);
    expect(crypto.body.errors[0]?.field).toBe('paymentMethodCode');
  });

  it('WDR-08, DEF-04: below the minimum, above the withdrawable balance, or bad input is a 400 naming the field and moves nothing', async () => {
    const player = await cashierPayee(server);
    await fundFromEwallet(player.partyId, 5_000n, 'a@example.test');
    const low = await withdraw(player.client, { paymentMethod: 'NETELLER', amount: 9.99, payFromEmail: 'a@example.test' });
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({ status: 'LOW_LIMIT', errors: [{ field: 'amount', error: 'The minimum withdrawal with this method is €10.00' }] });
    const over = await withdraw(player.client, { paymentMethod: 'NETELLER', amount: 50.01, payFromEmail: 'a@example.test' });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({
      status: 'INSUFFICIENT_FUNDS',
      errors: [{ field: 'amount', error: 'The amount is more than your withdrawable balance of €50.00' }],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ paymentMethod: 'NETELLER', amount: 10 }, 'payFromEmail'],
      [{ paymentMethod: 'NETELLER', amount: 10.123, payFromEmail: 'a@example.test' }, 'amount'],
      [{ paymentMethod: 'NETELLER', amount: -10, payFromEmail: 'a@example.test' }, 'amount'],
      [{ paymentMethod: 'WPCGHOSTED_CARD', amount: 10 }, 'storedCardId'],
      [{ paymentMethod: 'NETELLER', amount: 10, payFromEmail: 'a@example.test', storedCardId: 'x' }, 'storedCardId'],
      [{ paymentMethod: 'PAYMENTIQ_ALL', amount: 20, payFromEmail: 'a@example.test' }, 'payFromEmail'],
      [{ paymentMethod: 'SWIFT', amount: 20 }, 'paymentMethod'],
    ];
    for (const [body, field] of cases) {
      const response = await withdraw(player.client, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(
        response.body.errors?.map((entry) => entry.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const unknownCard = await withdraw(player.client, { paymentMethod: 'WPCGHOSTED_CARD', amount: 10, storedCardId: 'not-a-card' });
    expect(unknownCard.status).toBe(404);
    expect(unknownCard.body.errors?.[0]?.field).toBe('storedCardId');
    expect(await cashBalance(server, player.partyId)).toBe(5_000n);
    expect((await server.db.select().from(payment).where(eq(payment.playerId, player.partyId))).filter((row) => row.type === 'WITHDRAWAL')).toEqual([]);
  });

  it('WDR-10, WDR-12: an e-wallet withdrawal reserves the amount at once and is paid out by webhook', async () => {
    const player = await cashierPayee(server);
    await fundFromEwallet(player.partyId, 10_000n, 'saoirse@example.test', 'MONEYBOOKERS');
    const response = await withdraw(player.client, { paymentMethod: 'MONEYBOOKERS', amount: 40, payFromEmail: 'saoirse@example.test' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'SUCCESS', paymentStatus: 'PENDING', amount: 40, currency: 'EUR', continueUrl: null });
    expect(await cashBalance(server, player.partyId)).toBe(6_000n);
    await waitForPaymentStatus(player.client, response.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, player.partyId)).toBe(6_000n);
    const kinds = await server.db
      .select({ kind: walletTransaction.kind })
      .from(walletTransaction)
      .where(eq(walletTransaction.reference, response.body.paymentId));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['WITHDRAWAL_PAYOUT', 'WITHDRAWAL_RESERVE']);
  });

  it('a failed payout (e-mail with "fail"; on Adyen "payout-decline") returns the reserved amount to the cash balance, once', async () => {
    const player = await cashierPayee(server);
    const email = failingPayoutEmail(server);
    await fundFromEwallet(player.partyId, 10_000n, email);
    const response = await withdraw(player.client, { paymentMethod: 'NETELLER', amount: 25, payFromEmail: email });
    expect(response.body.paymentStatus).toBe('PENDING');
    expect(await cashBalance(server, player.partyId)).toBe(7_500n);
    const status = await waitForPaymentStatus(player.client, response.body.paymentId, 'FAILED');
    // The reason is each provider's own wording (Adyen's PAYOUT_DECLINE reason on the providers).
    expect(status.message).toBe(onProviders(server) ? 'Declined by the wallet' : 'The e-wallet account cannot receive payouts');
    expect(await cashBalance(server, player.partyId)).toBe(10_000n);
  });

  it('WDR-11: card withdrawals go to a stored card; 4000 0000 0000 0002 fails and the money comes back', async () => {
    const player = await cashierPayee(server);
    await server.fundPlayer(player.partyId, 10_000n);
    const good = await storeCard(player, '5555555555554444');
    // Closed loop: the card pays back only once the player has deposited from it.
    const charged = await player.client.post<{ status: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 100,
      storedCardId: good,
    });
    expect(charged.body.status).toBe('SUCCESS');
    const paid = await withdraw(player.client, { paymentMethod: 'WPCGHOSTED_CARD', amount: 60, storedCardId: good });
    expect(paid.status).toBe(200);
    await waitForPaymentStatus(player.client, paid.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, player.partyId)).toBe(14_000n);

    // A card that passes the save check but whose issuer refuses payouts: a stored 0002 card is
    // made by storing it directly with the sandbox and the cashier (as the card check declines it on the page).
    const { sandboxPspCard, storedCard } = await import('../../server/db/schema');
    await server.db.insert(sandboxPspCard).values({
      token: 'tok_refuses_payouts',
      customerReference: player.partyId,
      brand: 'Visa',
      lastFour: '0002',
      nameOnCard: 'S W',
      expiryMonth: 1,
      expiryYear: 2040,
      scenario: 'declined',
    });
    const [refusing] = await server.db
      .insert(storedCard)
      .values({
        playerId: player.partyId,
        methodCode: 'WPCGHOSTED_CARD',
        provider: 'sandbox',
        providerToken: 'tok_refuses_payouts',
        brand: 'Visa',
        lastFour: '0002',
        nameOnCard: 'S W',
        expiryMonth: 1,
        expiryYear: 2040,
      })
      .returning();
    const depositedFrom = await server.fundPlayer(player.partyId, 1n);
    await server.db.update(payment).set({ storedCardId: refusing!.id }).where(eq(payment.id, depositedFrom));
    const failed = await withdraw(player.client, { paymentMethod: 'WPCGHOSTED_CARD', amount: 30, storedCardId: refusing!.id });
    expect(failed.status).toBe(200);
    expect(await cashBalance(server, player.partyId)).toBe(11_001n);
    await waitForPaymentStatus(player.client, failed.body.paymentId, 'FAILED');
    expect(await cashBalance(server, player.partyId)).toBe(14_001n);
  });

  it('OMEGA_BANK withdrawals go to the account of the latest bank deposit; an account ending 0002 fails and returns the money', async () => {
    const player = await cashierPayee(server);
    await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 500,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
    });
    const paid = await withdraw(player.client, { paymentMethod: 'OMEGA_BANK', amount: 100 });
    expect(paid.status).toBe(200);
    await waitForPaymentStatus(player.client, paid.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, player.partyId)).toBe(40_000n);
    await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 20,
      accountId: '12340002',
      secureId: '123456',
    });
    const failed = await withdraw(player.client, { paymentMethod: 'OMEGA_BANK', amount: 50 });
    await waitForPaymentStatus(player.client, failed.body.paymentId, 'FAILED');
    expect(await cashBalance(server, player.partyId)).toBe(42_000n);
  });

  it('WDR-09: PAYMENTIQ_ALL continues in the widget; the request stands (RTS 14B) and confirming a destination pays out', async () => {
    const player = await cashierPayee(server);
    await server.fundPlayer(player.partyId, 10_000n);
    const response = await withdraw(player.client, { paymentMethod: 'PAYMENTIQ_ALL', amount: 20 });
    expect(response.status).toBe(200);
    expect(response.body.paymentStatus).toBe('PENDING');
    expect(response.body.continueUrl).toMatch(/^\/sandbox\/payments\/widget\//);
    expect(await cashBalance(server, player.partyId)).toBe(8_000n);
    const page = await openPage(server, response.body.continueUrl!);
    expect(page.html).toContain('Where should we send your money?');
    expect(page.html).not.toContain('value="cancel"');
    const done = await submitForm(server, formAction(page.html), { action: 'confirm', destination: 'wallet' });
    expect(pageResult(done.html)).toEqual({ paymentId: response.body.paymentId, outcome: 'completed', kind: 'withdrawal' });
    await waitForPaymentStatus(player.client, response.body.paymentId, 'SUCCESS');
    expect(await cashBalance(server, player.partyId)).toBe(8_000n);
  });

  it('the same requestId and body reserves once and answers the same; another body is IDEMPOTENCY_CONFLICT', async () => {
    const player = await cashierPayee(server);
    await fundFromEwallet(player.partyId, 10_000n, 'delay@example.test');
    const body = { requestId: requestId(), paymentMethod: 'NETELLER', amount: 30, payFromEmail: 'delay@example.test' };
    const [first, second] = await Promise.all([
      player.client.post<WithdrawalBody>('/ps/processWithdrawal', body),
      player.client.post<WithdrawalBody>('/ps/processWithdrawal', body),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.paymentId).toBe(first.body.paymentId);
    expect(await cashBalance(server, player.partyId)).toBe(7_000n);
    const conflict = await player.client.post<WithdrawalBody>('/ps/processWithdrawal', { ...body, amount: 31 });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ status: 'IDEMPOTENCY_CONFLICT', errors: [{ field: 'requestId', error: expect.any(String) }] });
    // A deposit's request id, with the very same fields, is not a withdrawal's.
    const depositBody = { requestId: requestId(), paymentMethod: 'NETELLER', amount: 10, payFromEmail: 'a@example.test' };
    expect((await player.client.post('/ps/processDeposit', depositBody)).status).toBe(200);
    const crossed = await player.client.post<WithdrawalBody>('/ps/processWithdrawal', depositBody);
    expect(crossed.status).toBe(409);
    expect(crossed.body.status).toBe('IDEMPOTENCY_CONFLICT');
    expect(await cashBalance(server, player.partyId)).toBe(7_000n);
  });

  it('concurrent withdrawals cannot take more than the cash balance', async () => {
    const player = await cashierPayee(server);
    await fundFromEwallet(player.partyId, 5_000n, 'a@example.test');
    const answers = await Promise.all([1, 2, 3].map(() => withdraw(player.client, { paymentMethod: 'NETELLER', amount: 20, payFromEmail: 'a@example.test' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.status)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(await cashBalance(server, player.partyId)).toBe(1_000n);
  });

  it('defect 4 (issue 11): withdrawals are closed-loop: a player who deposited only by bank cannot withdraw to NETELLER attacker@evil.example', async () => {
    const player = await cashierPayee(server);
    const deposited = await player.client.post<{ status: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'OMEGA_BANK',
      amount: 200,
      accountId: 'IE29AIBK93115212345678',
      secureId: '123456',
    });
    expect(deposited.body.status).toBe('SUCCESS');
    const refused = await withdraw(player.client, { paymentMethod: 'NETELLER', amount: 100, payFromEmail: 'attacker@evil.example' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 'WITHDRAWAL_DESTINATION_NOT_ALLOWED',
      errors: [{ field: 'payFromEmail', error: expect.stringContaining('attacker@evil.example') }],
    });
    expect(refused.body.message).toContain('deposited from');
    // Nothing moved and nothing was recorded.
    expect(await cashBalance(server, player.partyId)).toBe(20_000n);
    expect((await server.db.select().from(payment).where(eq(payment.playerId, player.partyId))).filter((row) => row.type === 'WITHDRAWAL')).toEqual([]);
    // The bank account deposited from is still open to a withdrawal.
    const bank = await withdraw(player.client, { paymentMethod: 'OMEGA_BANK', amount: 50 });
    expect(bank.status).toBe(200);
  });

  it('defect 4 (issue 11): an e-wallet account another player deposited from, or a stored card never deposited from, is refused naming the field', async () => {
    const victim = await cashierPayee(server);
    await fundFromEwallet(victim.partyId, 5_000n, 'victim@example.test');
    const player = await cashierPayee(server);
    await fundFromEwallet(player.partyId, 5_000n, 'Own.Account@example.test', 'MONEYBOOKERS');
    const foreign = await withdraw(player.client, { paymentMethod: 'NETELLER', amount: 20, payFromEmail: 'victim@example.test' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ status: 'WITHDRAWAL_DESTINATION_NOT_ALLOWED', errors: [{ field: 'payFromEmail', error: expect.any(String) }] });
    // The same address at another e-wallet is another account.
    const otherWallet = await withdraw(player.client, { paymentMethod: 'NETELLER', amount: 20, payFromEmail: 'own.account@example.test' });
    expect(otherWallet.body.status).toBe('WITHDRAWAL_DESTINATION_NOT_ALLOWED');
    const card = await storeCard(player, '5555555555554444');
    const unusedCard = await withdraw(player.client, { paymentMethod: 'WPCGHOSTED_CARD', amount: 20, storedCardId: card });
    expect(unusedCard.status).toBe(400);
    expect(unusedCard.body).toMatchObject({
      status: 'WITHDRAWAL_DESTINATION_NOT_ALLOWED',
      // The card saved: on Stripe its test card 4242 (storeCard).
      errors: [{ field: 'storedCardId', error: expect.stringContaining(onProviders(server) ? '4242' : '4444') }],
    });
    expect(await cashBalance(server, player.partyId)).toBe(5_000n);
    // Its own account, in any letter case, is allowed.
    const own = await withdraw(player.client, { paymentMethod: 'MONEYBOOKERS', amount: 20, payFromEmail: 'own.account@example.test' });
    expect(own.status).toBe(200);
    expect(await cashBalance(server, player.partyId)).toBe(3_000n);
  });

  it('defect 4 (issue 11): a card vaulted by a successful hosted-page deposit may be paid back to', async () => {
    const player = await cashierPayee(server);
    const started = await player.client.post<{ continueUrl: string; paymentId: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 30,
    });
    await payByCard(server, started.body.continueUrl, 'pay', { saveCard: 'on' });
    await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
    // The cards a withdrawal may go to: on Stripe a card paid with is kept for paying back even unsaved.
    const cards = await player.client.get<{ creditCards: { customerCardId: string }[] }>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD&purpose=withdrawal');
    const paid = await withdraw(player.client, { paymentMethod: 'WPCGHOSTED_CARD', amount: 10, storedCardId: cards.body.creditCards[0]!.customerCardId });
    expect(paid.status).toBe(200);
  });

  it('UK RTS 14B: there is no operation to reverse a requested withdrawal', async () => {
    const player = await cashierPayee(server);
    for (const operation of ['cancelWithdrawal', 'reverseWithdrawal', 'cancelPendingWithdrawal']) {
      const response = await player.client.post(`/ps/${operation}`, { paymentId: requestId() });
      expect(response.status).toBe(404);
    }
  });
});
