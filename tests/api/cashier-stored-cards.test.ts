import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPspCard, sandboxPspPayment, storedCard } from '../../server/db/schema';
import { card, cashierPlayer, formAction, openPage, pageResult, requestId, submitForm } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

interface CardsBody {
  creditCards: { customerCardId: string; cardNumber: string; nameOnCard: string; cardType: string; expiryMonth: number; expiryYear: number; storedToken: string }[];
}

describe('stored cards (DEP-48…50, DEF-16) and card data safety', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '300' }, { captureLogs: true });
  });
  afterAll(() => server.close());

  type Player = Awaited<ReturnType<typeof cashierPlayer>>;
  async function addCard(player: Player, number: string, extra: Record<string, string> = {}) {
    const added = await player.client.post<{ status: string; continueUrl: string }>('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'add', language: 'en' });
    expect(added.status).toBe(200);
    expect(added.body.continueUrl).toMatch(/^\/sandbox\/payments\/card\//);
    const page = await openPage(server, added.body.continueUrl);
    expect(page.html).toContain('Add a card');
    expect(page.html).not.toContain('name="saveCard"');
    return submitForm(server, formAction(page.html), card(number, extra));
  }

  it('DEP-49, DEP-48: add → the hosted page in save-only mode → the card is listed with brand, masked number, holder and expiry', async () => {
    const player = await cashierPlayer(server);
    const saved = await addCard(player, '5555 5555 5555 4444', { nameOnCard: 'Saoirse  Walsh', expiry: '07/31' });
    const result = pageResult(saved.html);
    expect(result).toMatchObject({ outcome: 'completed', kind: 'card-stored' });
    const cards = await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD');
    expect(cards.status).toBe(200);
    expect(cards.body.creditCards).toHaveLength(1);
    const [stored] = cards.body.creditCards;
    expect(stored).toMatchObject({ cardNumber: '•••• 4444', nameOnCard: 'Saoirse Walsh', cardType: 'Mastercard', expiryMonth: 7, expiryYear: 2031 });
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
    const byId = await player.client.post('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'delete', customerCardId: second!.customerCardId });
    expect(byId.status).toBe(200);
    expect((await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards).toEqual([]);
    const vault = await server.db.select().from(sandboxPspCard).where(eq(sandboxPspCard.customerReference, player.partyId));
    expect(vault.every((entry) => entry.deletedAt !== null)).toBe(true);
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
    expect(pageResult(declined.html)).toMatchObject({ outcome: 'declined', kind: 'card-stored' });
    const added = await player.client.post<{ continueUrl: string }>('/ps/updateStoredCard', { paymentMethod: 'WPCGHOSTED_CARD', action: 'add' });
    const cancelled = await submitForm(server, added.body.continueUrl, { action: 'cancel' });
    expect(pageResult(cancelled.html)).toMatchObject({ outcome: 'cancelled', kind: 'card-stored' });
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
      expect(response.body.errors.map((entry) => entry.field), JSON.stringify(body)).toContain(field);
    }
    const list = await player.client.get<{ errors: { field: string }[] }>('/ps/getStoredCards?paymentMethod=NB_NEKBIT');
    expect(list.status).toBe(400);
    expect(list.body.errors[0]?.field).toBe('paymentMethod');
  });

  it('the card number and security code never reach a database table, a log line or an address', async () => {
    const player = await cashierPlayer(server);
    const started = await player.client.post<{ paymentId: string; continueUrl: string }>('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'WPCGHOSTED_CARD', amount: 20 });
    const page = await openPage(server, started.body.continueUrl);
    const done = await submitForm(server, formAction(page.html), card('4242 4242 4242 4242', { saveCard: 'on', cvc: '987' }));
    expect(pageResult(done.html)?.outcome).toBe('completed');
    await addCard(player, '5555555555554444', { cvc: '7531' });
    const challenge = await addCard(player, '4000000000003220', { cvc: '8642' });
    await submitForm(server, formAction(challenge.html), { action: 'confirm', code: '1234' });
    expect((await player.client.get<CardsBody>('/ps/getStoredCards?paymentMethod=WPCGHOSTED_CARD')).body.creditCards).toHaveLength(3);

    const pans = ['4242424242424242', '4242 4242 4242 4242', '5555555555554444', '4000000000003220'];
    const tables = (await server.db.execute(sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`)) as unknown as { rows: { table_name: string }[] };
    expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(['payment', 'payment_event', 'stored_card', 'sandbox_psp_payment', 'sandbox_psp_card', 'wallet_transaction']));
    for (const { table_name: table } of tables.rows) {
      const rows = (await server.db.execute(sql.raw(`SELECT row_to_json(t)::text AS line FROM "${table}" t`))) as unknown as { rows: { line: string }[] };
      const text = rows.rows.map((row) => row.line).join('\n');
      for (const pan of pans) expect(text.includes(pan), `${pan} in ${table}`).toBe(false);
      for (const cvc of ['"987"', '"7531"', '"8642"']) expect(text.includes(cvc), `security code in ${table}`).toBe(false);
    }
    const [sandboxRow] = await server.db.select().from(sandboxPspPayment).where(eq(sandboxPspPayment.merchantReference, started.body.paymentId));
    expect(JSON.stringify(sandboxRow?.details)).toContain('"lastFour":"4242"');

    const logs = server.logs();
    expect(logs).toContain('/sandbox/payments/card/');
    for (const pan of pans) expect(logs.includes(pan), `${pan} in the logs`).toBe(false);
    expect(logs).not.toMatch(/"cvc"|cvc=|"cardNumber"|cardNumber=/);
    for (const url of [done.url, started.body.continueUrl]) for (const pan of pans) expect(url.includes(pan.replace(/ /g, ''))).toBe(false);
    expect(done.html).not.toContain('4242 4242 4242 4242');
  });
});
