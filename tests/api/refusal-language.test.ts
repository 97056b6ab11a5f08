import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { hashPassword } from '../../server/platform/accounts';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { requestId } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';

type Refusal = { status: string; message: string; errors?: { field: string; error: string }[] };

/**
 * Issue 27 item 1: the server's refusals read in the request's language (the LANG cookie). A
 * Macedonian answer keeps its status and field names (clients key on them) and has no English word
 * but field names, codes and the brand; the same request in English is answered as before.
 */
describe('refusals in the request language (issue 27, I18N-03)', () => {
  let server: TestServer;
  let address = 0;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  /** Words of three or more Latin letters in a text, but those allowed (field names, codes). */
  const englishWords = (text: string, allowed: string[] = []) =>
    (text.match(/\b[A-Za-z]{3,}\b/g) ?? []).filter((word) => !allowed.includes(word) && !/^[A-Z_]+$/.test(word));

  /** Every text of a refusal: the message and each field error. */
  const texts = (response: ApiResponse<Refusal>) => [response.body.message, ...(response.body.errors ?? []).map((entry) => entry.error)];

  function client(language: 'en' | 'mk', token?: string) {
    const api = new ApiClient(server.url, { 'x-forwarded-for': `127.0.3.${++address}` });
    api.cookies.set('LANG', language);
    if (token) api.cookies.set('SESSION_KEY', token);
    return api;
  }

  async function both(send: (api: ApiClient) => Promise<ApiResponse<Refusal>>, token?: string) {
    return { mk: await send(client('mk', token)), en: await send(client('en', token)) };
  }

  it('I18N-03 SESS not logged in: 401 in Macedonian, English unchanged', async () => {
    const { mk, en } = await both((api) => api.get<Refusal>('/ps/getPlayerInfo'));
    expect(mk.status).toBe(401);
    expect(en.body).toEqual({ status: 'NOT_LOGGED_IN_ERROR', message: 'You are not logged in' });
    expect(mk.body).toEqual({ status: 'NOT_LOGGED_IN_ERROR', message: 'Не сте најавени' });
  });

  it('I18N-03 REF-01 a friend invitation without marketing consent is refused in Macedonian', async () => {
    const { token } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const { mk, en } = await both((api) => api.post<Refusal>('/ps/referFriend', { emails: `friend_${Date.now()}@example.com` }), token);
    expect(mk.status).toBe(403);
    expect(en.body.message).toBe(
      "Invitations are marketing e-mails: you can send them while you accept casino offers by e-mail (your account's marketing preferences).",
    );
    expect(mk.body).toEqual({
      status: 'MARKETING_CONSENT_REQUIRED',
      message:
        'Поканите се маркетиншка е-пошта: можете да ги испраќате додека прифаќате понуди за казино по е-пошта (маркетиншките поставки на вашата сметка).',
      errors: en.body.errors,
    });
    expect(texts(mk).flatMap((text) => englishWords(text))).toEqual([]);
  });

  it('I18N-03 RG-14 a limit change confirmed before its cooling-off is refused in Macedonian, the date in its pattern', async () => {
    const { token } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const owner = client('en', token);
    await owner.post('/ps/setPersonalDepositLimits', { dailyLimit: 100 });
    await owner.post('/ps/setPersonalDepositLimits', { dailyLimit: 500 });
    const [pending] = (await owner.get<{ limits: { id: string }[] }>('/ps/getPendingConfirmationLimit')).body.limits;
    const { mk, en } = await both((api) => api.post<Refusal>('/ps/confirmPendingLimit', { confirmId: [pending!.id] }), token);
    expect(mk.status).toBe(400);
    expect(en.body).toMatchObject({ status: 'LIMIT_NOT_CONFIRMABLE', message: 'This limit change can be confirmed only after its cooling-off period.' });
    expect(en.body.errors?.[0]?.error).toMatch(/^This change can be confirmed from \d{4}-\d{2}-\d{2}T/);
    expect(mk.body.status).toBe('LIMIT_NOT_CONFIRMABLE');
    expect(mk.body.message).toBe('Оваа промена на лимитот може да се потврди дури по периодот на размислување.');
    expect(mk.body.errors).toEqual([
      { field: 'confirmId', error: expect.stringMatching(/^Оваа промена може да се потврди од \d{1,2} [а-ш]+\.? \d{4}, \d{2}:\d{2} UTC$/) },
    ]);
  });

  it("I18N-03 RG-13 a validation error names its field and reads in Macedonian: our own text and zod's default alike", async () => {
    const { token } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const { mk, en } = await both(
      (api) => api.post<Refusal>('/ps/addResponsibleGamingLimit', { limitType: 'WAGER_LIMIT', periodType: 'Week', limit: -5 }),
      token,
    );
    expect(mk.status).toBe(400);
    expect(en.body).toEqual({
      status: 'VALIDATION_ERROR',
      message: 'limit: The limit must not be negative',
      errors: [{ field: 'limit', error: 'The limit must not be negative' }],
    });
    expect(mk.body).toEqual({
      status: 'VALIDATION_ERROR',
      message: 'limit: Лимитот не смее да биде негативен',
      errors: [{ field: 'limit', error: 'Лимитот не смее да биде негативен' }],
    });

    const unknown = await both(
      (api) => api.post<Refusal>('/ps/addResponsibleGamingLimit', { limitType: 'NO_SUCH_LIMIT', periodType: 'Week', limit: 5 }),
      token,
    );
    expect(unknown.mk.status).toBe(400);
    expect(unknown.en.body.errors?.map((entry) => entry.field)).toEqual(['limitType']);
    expect(unknown.mk.body.errors?.map((entry) => entry.field)).toEqual(['limitType']);
    expect(unknown.en.body.errors?.[0]?.error).toMatch(/^Invalid option/);
    expect(texts(unknown.mk).flatMap((text) => englishWords(text, ['limitType']))).toEqual([]);
  });

  it('I18N-03 RG-30 a self-excluded player signing in is refused in Macedonian', async () => {
    const { partyId, token } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    await server.db
      .update(player)
      .set({ passwordHash: await hashPassword('emerald-refusal-1') })
      .where(eq(player.id, partyId));
    const [{ username }] = (await server.db.select({ username: player.username }).from(player).where(eq(player.id, partyId))) as [{ username: string }];
    expect((await client('en', token).post('/ps/lockPlayer', { lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 })).status).toBe(200);
    const { mk, en } = await both((api) => api.post<Refusal>('/ps/login', { username, password: 'emerald-refusal-1' }));
    expect(mk.status).toBe(403);
    expect(en.body.status).toBe('PLAYER_LOCKED');
    expect(en.body.message).toMatch(/[A-Za-z]{3,}/);
    expect(mk.body.status).toBe('PLAYER_LOCKED');
    expect(mk.body.errors?.map((entry) => entry.field)).toEqual(['username']);
    expect(texts(mk).flatMap((text) => englishWords(text))).toEqual([]);
  });

  it('I18N-03 I18N-04 RG-13 a deposit over the deposit limit is refused in Macedonian, money in its pattern', async () => {
    const { partyId, token } = await server.createSignedInPlayer({ currencies: ['EUR'] });
    const owner = client('en', token);
    await owner.post('/ps/setPersonalDepositLimits', { dailyLimit: 60 });
    await server.fundPlayer(partyId, 5_000n);
    const { mk, en } = await both(
      (api) => api.post<Refusal>('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'PAYMENTIQ_ALL', amount: 20 }),
      token,
    );
    expect(mk.status).toBe(400);
    expect(en.body.status).toBe('HIGH_LIMIT');
    expect(en.body.message).toBe('Reached deposit limit max.');
    expect(en.body.errors?.[0]?.error).toMatch(
      /^This deposit would go over your daily deposit limit of €60\.00: you can deposit €10\.00 more; more can be deposited from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC$/,
    );
    expect(mk.body.status).toBe('HIGH_LIMIT');
    expect(mk.body.message).toBe('Достигнат е лимитот за уплата.');
    expect(mk.body.errors?.[0]?.field).toBe('amount');
    expect(mk.body.errors?.[0]?.error).toMatch(
      /^Оваа уплата би го надминала вашиот дневен лимит за уплата од 60,00\u00a0€: можете да уплатите уште 10,00\u00a0€; повеќе може да уплатите од \d{1,2} [а-ш]+\.? \d{4}, \d{2}:\d{2} UTC$/,
    );
  });
});
