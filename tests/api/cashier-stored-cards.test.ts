import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPspCard, sandboxPspPayment, storedCard } from '../../server/db/schema';
import { card, cashierPlayer, formAction, openPage, pageResult, requestId, submitForm, waitForPaymentStatus } from '../support/cashier';
import { onProviders, payByCard, testCard, type CardJourney } from '../support/payment-journeys';
import { startTestServer, type TestServer } from '../support/test-server';

interface CardsBody {
  creditCards: {
    customerCardId: string;
    cardNumber: string;
    nameOnCard: string;
    cardType: string;
    expiryMonth: number;
    expiryYear: number;
    storedToken: string;
  }[];
}

describe('stored cards (DEP-48…50, DEF-16) and card data safety', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' }, { captureLogs: true });
  });
  afterAll(() => server.close());

  type Player = Awaited<ReturnType<typeof cashierPlayer>>;
  async function addCard(player: Player, number: string, extra: Record<string, string> = {}) {
    const added = await player.client.post<{ status: string; continueUrl: string }>('/ps/updateStoredCard', {
      paymentMethod: 'WPCGHOSTED_CARD',
      action: 'add',
      language: 'en',
    });
    expect(added.status).toBe(200);
    if (onProviders(server)) {
      // Stripe's card page (a SetupIntent): the same test numbers, 3220's challenge is Stripe's 3184
      // (at the first charge); the saved card arrives by webhook (setup_intent.succeeded), waited for.
      const digits = number.replace(/\s+/g, '');
      const journey: CardJourney = digits.endsWith('0002') ? 'decline' : digits.endsWith('3220') ? 'authenticate' : 'pay';
      const before = (await depositCards(player)).length;
      const end = await payByCard(server, added.body.continueUrl, journey, digits === '5555555555554444' ? { card: digits } : {});
      if (journey !== 'decline') await expect.poll(async () => (await depositCards(player)).length, { timeout: 8_000 }).toBe(before + 1);
      return end.page;
    }
    expect(added.body.continueUrl).toMatch(/^\/sandbox\/payments\/card\//);
    const page = await openPage(server, added.body.continueUrl);
    expect(page.html).toContain('Add a card');
    expect(page.html).not.toContain('name="saveCard"');
    return submitForm(server, formAction(page.html), card(number, extra));
  }

  it('DEP-49, DEP-48: add → the hosted page in save-only mode → the card is listed with brand, masked number, holder and expiry', async () => {
    const player = await cashierPlayer(server);
    const saved = await addCard(player, '5555 5555 5555 4444', { nameOnCard: 'Saoirse  Walsh', expiry: '07/31' });
    // The sandbox's result page, and the holder and expiry typed on its form (Stripe's simulator keeps its own).
    if (!onProviders(server)) expect(pageResult(saved.html)).toMatchObject({ outcome: 'completed', kind: 'card-stored' });
    const cards = await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD');
    expect(cards.status).toBe(200);
    expect(cards.body.creditCards).toHaveLength(1);
    const [stored] = cards.body.creditCards;
    expect(stored).toMatchObject({ cardNumber: '•••• 4444', cardType: 'Mastercard' });
    if (!onProviders(server)) expect(stored).toMatchObject({ nameOnCard: 'Saoirse Walsh', expiryMonth: 7, expiryYear: 2031 });
    // DEF-16: an explicit token, which is also the sixth '/'-segment of the card id (the original client's rule).
    expect(stored!.customerCardId.split('/')[5]).toBe(stored!.storedToken);
    expect(stored!.storedToken).not.toMatch(/^tok_/);
  });

  it('DEP-50: delete by storedToken or by customerCardId; the provider forgets it too', async () => {
    const player = await cashierPlayer(server);
    await addCard(player, '4242424242424242');
    await addCard(player, '5555555555554444');
    const before = await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD');
    const [first, second] = before.body.creditCards;
    const byToken = await player.client.post('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'delete', storedToken: first!.storedToken });
    expect(byToken.status).toBe(200);
    expect(byToken.body).toEqual({ status: 'SUCCESS', continueUrl: null });
    const byId = await player.client.post('/ps/updateStoredCard', {
      paymentMethod: 'WPCGHOSTED_CARD',
      action: 'delete',
      customerCardId: second!.customerCardId,
    });
    expect(byId.status).toBe(200);
    expect((await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards).toEqual([]);
    // The sandbox's vault; a Stripe PaymentMethod saved by a SetupIntent without a customer has nothing to detach.
    if (!onProviders(server)) {
      const vault = await server.db.select().from(sandboxPspCard).where(eq(sandboxPspCard.customerReference, player.partyId));
      expect(vault.every((entry) => entry.deletedAt !== null)).toBe(true);
    }
    const again = await player.client.post('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'delete', storedToken: first!.storedToken });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ status: 'STORED_CARD_NOT_FOUND', errors: [{ field: 'storedToken', error: expect.any(String) }] });
  });

  it("another player's card is neither listed nor deletable", async () => {
    const owner = await cashierPlayer(server);
    await addCard(owner, '4242424242424242');
    const [ownersCard] = (await owner.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards;
    const other = await cashierPlayer(server);
    expect((await other.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards).toEqual([]);
    for (const body of [{ storedToken: ownersCard!.storedToken }, { customerCardId: ownersCard!.customerCardId }]) {
      const response = await other.client.post('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'delete', ...body });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ status: 'STORED_CARD_NOT_FOUND' });
    }
    expect((await owner.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards).toHaveLength(1);
  });

  it('declined and cancelled card setups store nothing; bad input is a 400 naming the field', async () => {
    const player = await cashierPlayer(server);
    const declined = await addCard(player, '4000000000000002');
    // The sandbox's result pages and its Cancel; Stripe's card page has no Cancel (a player just leaves it).
    if (!onProviders(server)) {
      expect(pageResult(declined.html)).toMatchObject({ outcome: 'declined', kind: 'card-stored' });
      const added = await player.client.post<{ continueUrl: string }>('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'add' });
      const cancelled = await submitForm(server, added.body.continueUrl, { action: 'cancel' });
      expect(pageResult(cancelled.html)).toMatchObject({ outcome: 'cancelled', kind: 'card-stored' });
    } else await server.paymentProviders!.stripe.idle();
    expect(await server.db.select().from(storedCard).where(eq(storedCard.playerId, player.partyId))).toEqual([]);

    const cases: [Record<string, unknown>, string][] = [
      [{ paymentMethod: 'WPCGHOSTED_CARD', action: 'delete' }, 'storedToken'],
      [{ paymentMethod: 'WPCGHOSTED_CARD', action: 'replace' }, 'action'],
      [{ paymentMethod: 'VISA', action: 'add' }, 'paymentMethod'],
      [{ paymentMethod: 'NETELLER', action: 'add' }, 'paymentMethod'],
    ];
    for (const [body, field] of cases) {
      const response = await player.client.post<{ errors: { field: string }[] }>('/ps/updateStoredCard', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(
        response.body.errors.map((entry) => entry.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const list = await player.client.get<{ errors: { field: string }[] }>('/ps/getStoredCards?paymentMethod=NB_NEKBIT');
    expect(list.status).toBe(400);
    expect(list.body.errors[0]?.field).toBe('paymentMethod');
  });

  it('the card number and security code never reach a database table, a log line or an address', async () => {
    const player = await cashierPlayer(server);
    const started = await player.client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 20,
    });
    let done: { url: string; html: string };
    if (onProviders(server)) {
      // Stripe's card page takes the number only (no holder or security code), and saves no card
      // while paying: the three cards are the payment's and two saved by SetupIntents.
      done = (await payByCard(server, started.body.continueUrl, 'pay')).page;
      await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
      await addCard(player, '4242424242424242');
    } else {
      const page = await openPage(server, started.body.continueUrl);
      done = await submitForm(server, formAction(page.html), card('4242 4242 4242 4242', { saveCard: 'on', cvc: '987' }));
      expect(pageResult(done.html)?.outcome).toBe('completed');
    }
    await addCard(player, '5555555555554444', { cvc: '7531' });
    const challenge = await addCard(player, '4000000000003220', { cvc: '8642' });
    if (!onProviders(server)) await submitForm(server, formAction(challenge.html), { action: 'confirm', code: '1234' });
    expect((await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards).toHaveLength(3);

    const pans = ['4242424242424242', '4242 4242 4242 4242', '5555555555554444', '4000000000003220', testCard(server, 'authenticate')];
    const tables = (await server.db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['payment', 'payment_event', 'stored_card', 'sandbox_psp_payment', 'sandbox_psp_card', 'wallet_transaction']),
    );
    for (const { table_name: table } of tables.rows) {
      const rows = (await server.db.execute(sql.raw(`SELECT row_to_json(t)::text AS line FROM "${table}" t`))) as unknown as { rows: { line: string }[] };
      const text = rows.rows.map((row) => row.line).join('\n');
      for (const pan of pans) expect(text.includes(pan), `${pan} in ${table}`).toBe(false);
      for (const cvc of ['"987"', '"7531"', '"8642"']) expect(text.includes(cvc), `security code in ${table}`).toBe(false);
    }
    const logs = server.logs();
    // The sandbox's own book and card page address (on the providers the card page is Stripe's).
    if (!onProviders(server)) {
      const [sandboxRow] = await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, started.body.paymentId));
      expect(JSON.stringify(sandboxRow?.details)).toContain('"lastFour":"4242"');
      expect(logs).toContain('/sandbox/payments/card/');
    }
    for (const pan of pans) expect(logs.includes(pan), `${pan} in the logs`).toBe(false);
    expect(logs).not.toMatch(/"cvc"|cvc=|"cardNumber"|cardNumber=/);
    for (const url of [done.url, started.body.continueUrl]) for (const pan of pans) expect(url.includes(pan.replace(/ /g, ''))).toBe(false);
    expect(done.html).not.toContain('4242 4242 4242 4242');
  });

  // ── issue 26 defect 8: card money goes back to the card it came from, saved or not ─────────

  type CardList = CardsBody['creditCards'];
  const depositCards = async (player: Player): Promise<CardList> =>
    (await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards;
  async function withdrawalCards(player: Player): Promise<CardList> {
    const listed = await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD&purpose=withdrawal');
    expect(listed.status).toBe(200);
    return listed.body.creditCards;
  }
  const withdraw = (player: Player, storedCardId: string, amount = 100) =>
    player.client.post<{ paymentId: string; status: string; errors?: { field: string; error: string }[] }>('/ps/processWithdrawal', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount,
      storedCardId,
    });

  /** A deposit with a new card on the sandbox card page; "Save this card" unticked unless `extra` ticks it. Answers the payment id once credited. */
  async function payWithNewCard(player: Player, number: string, amount: number, extra: Record<string, string> = {}): Promise<string> {
    const started = await player.client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount,
    });
    expect(started.status).toBe(200);
    if (onProviders(server)) {
      // Stripe's card page: the same test number; it has no "Save this card" (a saved card is a SetupIntent, addCard).
      await payByCard(server, started.body.continueUrl, 'pay', { card: number.replace(/\s+/g, '') });
      await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
      if (extra.saveCard) await addCard(player, number);
      return started.body.paymentId;
    }
    const page = await openPage(server, started.body.continueUrl);
    expect(page.html).toContain('name="saveCard"');
    const done = await submitForm(server, formAction(page.html), card(number, extra));
    expect(pageResult(done.html)?.outcome).toBe('completed');
    await waitForPaymentStatus(player.client, started.body.paymentId, 'SUCCESS');
    return started.body.paymentId;
  }

  /** The sandbox's book of a payment or payout by the cashier's payment id, and the vaulted card it names. */
  async function sandboxCardOf(paymentId: string, direction: 'DEPOSIT' | 'PAYOUT') {
    const [row] = await server.db
      .select()
      .from(sandboxPspPayment)
      .where(and(eq(sandboxPspPayment.merchantReference, paymentId), eq(sandboxPspPayment.direction, direction)));
    expect(row?.cardToken, `${direction} ${paymentId} names a card`).toBeTruthy();
    const [vaulted] = await server.db.select().from(sandboxPspCard).where(eq(sandboxPspCard.token, row!.cardToken!));
    return vaulted!;
  }

  it('issue 26 defect 8, WDR-11: a card paid with but not saved is offered for withdrawals once, never for deposits, and the payout goes to it', async () => {
    const player = await cashierPlayer(server);
    const deposit = await payWithNewCard(player, '4242 4242 4242 4242', 1_500);

    // DEP-48: not saved, so not offered to pay with again, nor chargeable by its id.
    expect(await depositCards(player)).toEqual([]);
    const [listed, ...others] = await withdrawalCards(player);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({ cardNumber: '•••• 4242', cardType: 'Visa' });
    // The holder typed on the sandbox's form (Stripe's simulator names its own test cardholder).
    if (!onProviders(server)) expect(listed).toMatchObject({ nameOnCard: 'Saoirse Walsh' });
    const charged = await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 20,
      storedCardId: listed!.customerCardId,
    });
    expect(charged.status).toBe(404);
    expect(charged.body).toMatchObject({ status: 'STORED_CARD_NOT_FOUND', errors: [{ field: 'storedCardId' }] });

    // Closed loop: the withdrawal is accepted and paid out to the very card the deposit was paid with.
    const paid = await withdraw(player, listed!.customerCardId);
    expect(paid.status).toBe(200);
    await waitForPaymentStatus(player.client, paid.body.paymentId, 'SUCCESS');
    // Which card the sandbox PSP paid to is in its own books; on Stripe a payout is a refund of the deposit itself.
    const depositedWith = onProviders(server) ? null : await sandboxCardOf(deposit, 'DEPOSIT');
    if (depositedWith) {
      expect(depositedWith).toMatchObject({ lastFour: '4242', reusable: false });
      expect(depositedWith.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect((await sandboxCardOf(paid.body.paymentId, 'PAYOUT')).token).toBe(depositedWith.token);
    }

    // The same card added afterwards: payable with now, still one card to withdraw to, and accepted.
    const added = await addCard(player, '4242424242424242');
    if (!onProviders(server)) expect(pageResult(added.html)).toMatchObject({ outcome: 'completed', kind: 'card-stored' });
    const [saved] = await depositCards(player);
    expect(saved).toMatchObject({ cardNumber: '•••• 4242' });
    const [again, ...duplicates] = await withdrawalCards(player);
    expect(duplicates).toEqual([]);
    expect(again).toMatchObject({ cardNumber: '•••• 4242', cardType: 'Visa' });
    for (const chosen of [again!.customerCardId, saved!.customerCardId, listed!.customerCardId]) {
      const accepted = await withdraw(player, chosen, 50);
      expect(accepted.status, chosen).toBe(200);
      await waitForPaymentStatus(player.client, accepted.body.paymentId, 'SUCCESS');
      // Whichever entry of the card was chosen, the money goes to a token of the same card.
      if (depositedWith) expect((await sandboxCardOf(accepted.body.paymentId, 'PAYOUT')).fingerprint).toBe(depositedWith.fingerprint);
    }
  });

  it("issue 26 defect 8: a card never deposited from is still refused (even the same number in another account), and another player's card is not found", async () => {
    const player = await cashierPlayer(server);
    await payWithNewCard(player, '4242424242424242', 200);
    const added = await addCard(player, '5555555555554444');
    if (!onProviders(server)) expect(pageResult(added.html)?.outcome).toBe('completed');
    const [mastercard] = await depositCards(player);
    expect(mastercard).toMatchObject({ cardNumber: '•••• 4444' });
    expect((await withdrawalCards(player)).map((entry) => entry.cardNumber)).toEqual(['•••• 4242']);
    const refused = await withdraw(player, mastercard!.customerCardId);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      status: 'WITHDRAWAL_DESTINATION_NOT_ALLOWED',
      errors: [{ field: 'storedCardId', error: expect.stringContaining('4444') }],
    });

    // Another player who only stored the same card number has not deposited from it: their fingerprint match is not this player's deposit.
    const other = await cashierPlayer(server);
    await server.fundPlayer(other.partyId, 10_000n, 'EUR', { methodCode: 'NETELLER' });
    await addCard(other, '4242424242424242');
    const [othersCopy] = await depositCards(other);
    expect(await withdrawalCards(other)).toEqual([]);
    expect((await withdraw(other, othersCopy!.customerCardId)).body).toMatchObject({ status: 'WITHDRAWAL_DESTINATION_NOT_ALLOWED' });
    // The first player's card, by its id, is not the other player's to withdraw to.
    const [playersCard] = await withdrawalCards(player);
    const foreign = await withdraw(other, playersCard!.customerCardId);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ status: 'STORED_CARD_NOT_FOUND', errors: [{ field: 'storedCardId' }] });

    const badPurpose = await player.client.get<{ errors: { field: string }[] }>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD&purpose=refund');
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.body.errors[0]?.field).toBe('purpose');
  });

  it('issue 26 defect 8, DEP-50: a deleted card leaves the deposit side but money deposited from it still goes home to it', async () => {
    const player = await cashierPlayer(server);
    await payWithNewCard(player, '5555 5555 5555 4444', 300, { saveCard: 'on' });
    const [saved] = await depositCards(player);
    const deleted = await player.client.post('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'delete', storedToken: saved!.storedToken });
    expect(deleted.status).toBe(200);
    expect(await depositCards(player)).toEqual([]);
    const [listed] = await withdrawalCards(player);
    expect(listed).toMatchObject({ cardNumber: '•••• 4444' });
    // The sandbox saves the card paid with; on Stripe the saved card is another PaymentMethod (a SetupIntent) of the same card.
    if (!onProviders(server)) expect(listed).toMatchObject({ storedToken: saved!.storedToken });
    const paid = await withdraw(player, listed!.customerCardId);
    expect(paid.status).toBe(200);
    await waitForPaymentStatus(player.client, paid.body.paymentId, 'SUCCESS');
    // Deleted, it is not charged again.
    const charged = await player.client.post('/ps/processDeposit', {
      requestId: requestId(),
      paymentMethod: 'WPCGHOSTED_CARD',
      amount: 20,
      storedCardId: saved!.customerCardId,
    });
    expect(charged.status).toBe(404);
  });
});
