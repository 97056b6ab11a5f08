import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBalanceResponseSchema } from '../../contracts/platform/wallet/balance';
import { walletMovementResponseSchema } from '../../contracts/platform/wallet/seamless-wallet';
import { playerCurrencyAccount, playerSession, walletTransaction } from '../../server/db/schema';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { getPlayerBalance, postMovementNow } from '../../server/platform/wallet/ledger';
import { DEVELOPMENT_PROVIDER_ID, DEVELOPMENT_PROVIDER_SECRET, signWalletBody } from '../../server/platform/wallet/provider-signature';
import { gameKey } from '../../server/platform/wallet/seamless-wallet';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, sseReader, uniqueId, walletCall } from '../support/wallet-helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getBalance = async (cookie?: string, path = '/ps/getBalance') => {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
};

const ledgerKeyExists = async (transactionId: string) =>
  (
    await server.db
      .select()
      .from(walletTransaction)
      .where(eq(walletTransaction.idempotencyKey, gameKey(DEVELOPMENT_PROVIDER_ID, transactionId)))
  ).length > 0;

async function expectSoundLedger() {
  expect(auditProblems(await auditLedger(server.db))).toEqual([]);
}

describe('GET /ps/getBalance (WALLET-13) and its alias /ps/getPlayerBalance (WALLET-14, DIS-14)', () => {
  it('answers 401 NOT_LOGGED_IN_ERROR without a session', async () => {
    for (const path of ['/ps/getBalance', '/ps/getPlayerBalance']) {
      const { status, body } = await getBalance(undefined, path);
      expect(status).toBe(401);
      expect(body.status).toBe('NOT_LOGGED_IN_ERROR');
    }
  });

  it('gives a player with no currency accounts and no movement zero balances in EUR, active (WALLET-13)', async () => {
    const signedIn = await server.createSignedInPlayer();
    const { status, headers, body } = await getBalance(signedIn.cookie);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(getBalanceResponseSchema.parse(body)).toEqual({
      status: 'SUCCESS',
      currencyBalances: [{ currency: 'EUR', withdrawableBalance: 0, bonusBalance: 0, totalBalance: 0, loyaltyPoint: 0, active: true }],
    });
  });

  it('lists every currency the player holds with the session currency active, and the balances after a deposit and a bonus', async () => {
    const signedIn = await server.createSignedInPlayer();
    await server.db.insert(playerCurrencyAccount).values([
      { playerId: signedIn.partyId, currency: 'EUR', isPrimary: true },
      { playerId: signedIn.partyId, currency: 'GBP', isPrimary: false },
    ]);
    await server.fundPlayer(signedIn.partyId, 2_550n, 'EUR');
    await postMovementNow(server.db, {
      idempotencyKey: uniqueId('bonus'),
      kind: 'BONUS_GRANT',
      playerId: signedIn.partyId,
      currency: 'EUR',
      amount: 1_005n,
      postings: [
        { account: { house: 'BONUS_COST' }, amount: -1_005n },
        { account: { playerId: signedIn.partyId, bucket: 'BONUS' }, amount: 1_005n },
      ],
    });
    const primary = await getBalance(signedIn.cookie);
    expect(primary.body.currencyBalances).toEqual([
      { currency: 'EUR', withdrawableBalance: 25.5, bonusBalance: 10.05, totalBalance: 35.55, loyaltyPoint: 0, active: true },
      { currency: 'GBP', withdrawableBalance: 0, bonusBalance: 0, totalBalance: 0, loyaltyPoint: 0, active: false },
    ]);
    await server.db.update(playerSession).set({ currency: 'GBP' }).where(eq(playerSession.playerId, signedIn.partyId));
    const switched = await getBalance(signedIn.cookie);
    expect((switched.body.currencyBalances as { currency: string; active: boolean }[]).map((entry) => [entry.currency, entry.active])).toEqual([
      ['EUR', false],
      ['GBP', true],
    ]);
    // The alias answers identically (DIS-14).
    expect((await getBalance(signedIn.cookie, '/ps/getPlayerBalance')).body).toEqual(switched.body);
  });
});

describe('POST /ps/wallet/debit|credit|rollback: the seamless wallet for game providers', () => {
  it('debits with a valid signature and answers the balances in major units; a retry is a replay', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    const body = gameBody(partyId, { amount: 2.5 });
    const first = await walletCall(server.url, 'debit', body);
    expect(first.status).toBe(200);
    expect(walletMovementResponseSchema.parse(first.body)).toMatchObject({
      status: 'SUCCESS',
      transactionId: body.transactionId,
      replayed: false,
      currency: 'EUR',
      cashBalance: 7.5,
      bonusBalance: 0,
      totalBalance: 7.5,
    });
    expect(first.headers.get('set-cookie')).toBeNull();
    const again = await walletCall(server.url, 'debit', body);
    expect(again.body).toMatchObject({ replayed: true, ledgerTransactionId: first.body.ledgerTransactionId, cashBalance: 7.5 });
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 750n });
  });

  it('refuses a missing, wrong or tampered signature with 401 INVALID_SIGNATURE and changes nothing', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    const body = gameBody(partyId, { amount: 1 });
    const text = JSON.stringify(body);
    const attempts = [
      walletCall(server.url, 'debit', body, { signature: null }),
      walletCall(server.url, 'debit', body, { secret: 'not-the-secret-of-this-provider' }),
      walletCall(server.url, 'debit', body, { provider: 'unknown-studio' }),
      walletCall(server.url, 'debit', body, { signature: 'sha256=zz' }),
      // Signed for one body, sent with another: the amount changed on the way.
      walletCall(server.url, 'debit', body, {
        rawBody: text.replace('"amount":1', '"amount":9'),
        signature: signWalletBody(DEVELOPMENT_PROVIDER_SECRET, text),
      }),
      // A bad signature is refused before the body is even read.
      walletCall(server.url, 'credit', undefined, { rawBody: '{not json', signature: null }),
    ];
    for (const result of await Promise.all(attempts)) {
      expect(result.status).toBe(401);
      expect(result.body.status).toBe('INVALID_SIGNATURE');
    }
    expect(await ledgerKeyExists(body.transactionId)).toBe(false);
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 1_000n });
  });

  it('answers bad input with 400 naming the field, and changes nothing', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: -1 }, 'amount'],
      [{ amount: 0 }, 'amount'],
      [{ amount: 1.234 }, 'amount'],
      [{ amount: 'lots' }, 'amount'],
      [{ playerId: 'not-a-uuid' }, 'playerId'],
      [{ currency: 'USD' }, 'currency'],
      [{ transactionId: '' }, 'transactionId'],
      [{ transactionId: 'spaces are not allowed' }, 'transactionId'],
      [{ roundId: undefined }, 'roundId'],
    ];
    for (const [overrides, field] of cases) {
      const body = gameBody(partyId, overrides);
      const result = await walletCall(server.url, 'debit', body);
      expect(result.status, JSON.stringify(overrides)).toBe(400);
      expect(result.body.status).toBe('VALIDATION_ERROR');
      expect(result.body.errors?.map((error) => error.field)).toContain(field);
    }
    const notJson = await walletCall(server.url, 'debit', undefined, { rawBody: '{"playerId":' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.status).toBe('MALFORMED_BODY');
    const rollback = await walletCall(server.url, 'rollback', { ...gameBody(partyId), originalTransactionId: undefined });
    expect(rollback.status).toBe(400);
    expect(rollback.body.errors?.map((error) => error.field)).toContain('originalTransactionId');
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 1_000n });
  });

  it('answers 400 INSUFFICIENT_FUNDS over the balance, 404 for an unknown player, 409 for a reused id', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 500n);
    const over = gameBody(partyId, { amount: 5.01 });
    const refused = await walletCall(server.url, 'debit', over);
    expect(refused.status).toBe(400);
    expect(refused.body.status).toBe('INSUFFICIENT_FUNDS');
    expect(await ledgerKeyExists(over.transactionId)).toBe(false);

    for (const operation of ['debit', 'credit'] as const) {
      const unknown = await walletCall(server.url, operation, gameBody(randomUUID()));
      expect(unknown.status).toBe(404);
      expect(unknown.body.status).toBe('NOT_FOUND');
    }

    const body = gameBody(partyId, { amount: 1 });
    expect((await walletCall(server.url, 'debit', body)).status).toBe(200);
    const conflict = await walletCall(server.url, 'debit', { ...body, amount: 2 });
    expect(conflict.status).toBe(409);
    expect(conflict.body.status).toBe('IDEMPOTENCY_CONFLICT');
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 400n });
  });

  it('credits wins into cash; a zero credit closes a lost round and moves nothing', async () => {
    const { partyId } = await server.createSignedInPlayer();
    const win = await walletCall(server.url, 'credit', gameBody(partyId, { amount: 12.34 }));
    expect(win.status).toBe(200);
    expect(win.body).toMatchObject({ replayed: false, cashBalance: 12.34, totalBalance: 12.34 });
    const lost = await walletCall(server.url, 'credit', gameBody(partyId, { amount: 0 }));
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ replayed: false, cashBalance: 12.34 });
    await expectSoundLedger();
  });

  it('rolls back a debit exactly once; an unknown debit answers TRANSACTION_NOT_FOUND and is refused when it arrives late', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    const debit = gameBody(partyId, { amount: 4 });
    await walletCall(server.url, 'debit', debit);
    const rollback = { ...gameBody(partyId), originalTransactionId: debit.transactionId };
    const first = await walletCall(server.url, 'rollback', rollback);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ replayed: false, cashBalance: 10 });
    const second = await walletCall(server.url, 'rollback', { ...rollback, transactionId: uniqueId() });
    expect(second.body).toMatchObject({ replayed: true, ledgerTransactionId: first.body.ledgerTransactionId, cashBalance: 10 });

    const late = gameBody(partyId, { amount: 3 });
    const unknown = await walletCall(server.url, 'rollback', { ...gameBody(partyId), originalTransactionId: late.transactionId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe('TRANSACTION_NOT_FOUND');
    const refused = await walletCall(server.url, 'debit', late);
    expect(refused.status).toBe(409);
    expect(refused.body.status).toBe('IDEMPOTENCY_CONFLICT');
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 1_000n });
    await expectSoundLedger();
  });
});

describe('GET /ps/balanceEvents: balances pushed after every change (WALLET-12)', () => {
  it('answers 401 without a session', async () => {
    const response = await fetch(`${server.url}/ps/balanceEvents`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { status: string }).status).toBe('NOT_LOGGED_IN_ERROR');
  });

  it('sends the balance on connect and after every committed movement, and ends with the session', async () => {
    const signedIn = await server.createSignedInPlayer();
    const controller = new AbortController();
    const response = await fetch(`${server.url}/ps/balanceEvents`, { headers: { cookie: signedIn.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseReader(response);
    const nextBalance = async () => {
      const event = await events.next();
      expect(event.event).toBe('balance');
      return getBalanceResponseSchema.parse(JSON.parse(event.data)).currencyBalances[0];
    };
    expect(await nextBalance()).toMatchObject({ currency: 'EUR', totalBalance: 0 });

    await server.fundPlayer(signedIn.partyId, 2_000n);
    expect(await nextBalance()).toMatchObject({ withdrawableBalance: 20 });

    await walletCall(server.url, 'debit', gameBody(signedIn.partyId, { amount: 5 }));
    expect(await nextBalance()).toMatchObject({ withdrawableBalance: 15 });

    // A refused movement rolls back and announces nothing: the next event is the credit's.
    expect((await walletCall(server.url, 'debit', gameBody(signedIn.partyId, { amount: 500 }))).status).toBe(400);
    await walletCall(server.url, 'credit', gameBody(signedIn.partyId, { amount: 1.5 }));
    expect(await nextBalance()).toMatchObject({ withdrawableBalance: 16.5 });

    await server.db.update(playerSession).set({ endedAt: new Date() }).where(eq(playerSession.playerId, signedIn.partyId));
    await server.fundPlayer(signedIn.partyId, 100n);
    expect((await events.next()).event).toBe('session-ended');
    expect((await events.next()).event).toBe('end');
    controller.abort();
  });

  it('keeps streaming after the listening connection to PostgreSQL is lost (reconnects and refreshes)', async (context) => {
    if (server.database.driver !== 'postgres') return context.skip();
    const signedIn = await server.createSignedInPlayer();
    const controller = new AbortController();
    const response = await fetch(`${server.url}/ps/balanceEvents`, { headers: { cookie: signedIn.cookie }, signal: controller.signal });
    const events = sseReader(response);
    expect((await events.next()).event).toBe('balance');
    await server.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`);
    // Back after about a second: every stream is refreshed once, then notices flow again.
    expect((await events.next(10_000)).event).toBe('balance');
    await server.fundPlayer(signedIn.partyId, 900n);
    const event = await events.next();
    expect(getBalanceResponseSchema.parse(JSON.parse(event.data)).currencyBalances[0]).toMatchObject({ withdrawableBalance: 9 });
    controller.abort();
  });

  it('does not hold a shutdown: open streams end when the server closes', async () => {
    const other = await startTestServer();
    const signedIn = await other.createSignedInPlayer();
    const response = await fetch(`${other.url}/ps/balanceEvents`, { headers: { cookie: signedIn.cookie } });
    const events = sseReader(response);
    expect((await events.next()).event).toBe('balance');
    const closing = Date.now();
    await other.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
    expect((await events.next()).event).toBe('end');
  });

  it("does not send another player's changes", async () => {
    const watcher = await server.createSignedInPlayer();
    const other = await server.createSignedInPlayer();
    const controller = new AbortController();
    const response = await fetch(`${server.url}/ps/balanceEvents`, { headers: { cookie: watcher.cookie }, signal: controller.signal });
    const events = sseReader(response);
    expect((await events.next()).event).toBe('balance');
    await server.fundPlayer(other.partyId, 700n);
    await server.fundPlayer(watcher.partyId, 300n);
    const event = await events.next();
    expect(getBalanceResponseSchema.parse(JSON.parse(event.data)).currencyBalances[0]).toMatchObject({ withdrawableBalance: 3 });
    controller.abort();
  });
});
