import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, auditProblems } from '../../server/platform/wallet/ledger-audit';
import { getPlayerBalance } from '../../server/platform/wallet/ledger';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * The seamless wallet under concurrent requests, through the real HTTP API, on the configured
 * database (PGlite by default; PostgreSQL with DATABASE_URL, where requests really run in parallel
 * on several connections).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('seamless wallet under concurrency', () => {
  it('lets exactly as many parallel debits through as the balance covers: 60 × 1.00 against 25.00', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 2_500n);
    const results = await Promise.all(Array.from({ length: 60 }, () => walletCall(server.url, 'debit', gameBody(partyId, { amount: 1 }))));
    const statuses = results.map((result) => `${result.status} ${String(result.body.status)}`);
    expect(statuses.filter((status) => status === '200 SUCCESS')).toHaveLength(25);
    expect(statuses.filter((status) => status === '400 INSUFFICIENT_FUNDS')).toHaveLength(35);
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 0n, bonus: 0n });
    // Every successful answer showed a balance that some order of the debits really passed through.
    const shown = results.filter((result) => result.status === 200).map((result) => result.body.cashBalance as number);
    expect(new Set(shown).size).toBe(25);
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('applies parallel duplicates of one transactionId once', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 1_000n);
    const body = gameBody(partyId, { amount: 3 });
    const results = await Promise.all(Array.from({ length: 20 }, () => walletCall(server.url, 'debit', body)));
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(results.filter((result) => result.body.replayed === false)).toHaveLength(1);
    expect(new Set(results.map((result) => result.body.ledgerTransactionId)).size).toBe(1);
    expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 700n });
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('keeps debits, credits and rollbacks of many players consistent when they interleave', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => server.createSignedInPlayer()));
    for (const { partyId } of players) await server.fundPlayer(partyId, 2_000n);
    const calls = players.flatMap(({ partyId }) => {
      const debits = Array.from({ length: 6 }, () => gameBody(partyId, { amount: 2 }));
      return [
        ...debits.map((body) => walletCall(server.url, 'debit', body)),
        ...Array.from({ length: 4 }, () => walletCall(server.url, 'credit', gameBody(partyId, { amount: 0.5 }))),
        // Rollbacks may arrive before, during or after their debits; either way each debit ends cancelled.
        ...debits.slice(0, 3).map((debit) => walletCall(server.url, 'rollback', { ...gameBody(partyId), originalTransactionId: debit.transactionId })),
      ];
    });
    const results = await Promise.all(calls);
    expect(results.filter((result) => result.status >= 500)).toEqual([]);
    for (const { partyId } of players) {
      // 6 debits of 2.00 of which 3 are cancelled (rolled back, or refused after their rollback), 4 wins of 0.50.
      expect(await getPlayerBalance(server.db, partyId, 'EUR')).toMatchObject({ cash: 2_000n - 600n + 200n });
    }
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });
});
