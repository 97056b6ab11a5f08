import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, auditProblems } from '../../server/platform/wallet/index';
import { cashierPlayer } from '../support/cashier';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * Issue 12, "two server processes on one PostgreSQL": the loss and wager limits are counted in the
 * database inside each bet's transaction, so a second server PROCESS (its own memory, its own pool)
 * cannot let a bet past a limit the first one is counting. The in-process second node of
 * responsible-gaming.test.ts shares this process's modules; this one shares nothing but the
 * database. PostgreSQL only: the embedded database belongs to one process.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.runIf(onPostgres)('limits across two server processes on one PostgreSQL (issue 12, RG-23…27)', () => {
  let server: TestServer;
  let second: ServerProcess;
  beforeAll(async () => {
    server = await startTestServer();
    if (!server.database.url) throw new Error('expected a PostgreSQL test database');
    second = await startServerProcess('second', server.database.url);
  }, 90_000);
  afterAll(async () => {
    await stopServerProcess(second);
    await server?.close();
  });

  it('parallel bets split between the processes: exactly the ones within the wager limit pass', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 10_000n);
    expect((await client.post('/ps/updateWagerLimit', { limit: 4 })).status).toBe(200);
    const bet = (url: string) => walletCall(url, 'debit', gameBody(partyId, { amount: 1 }));
    const answers = await Promise.all([server.url, second.url, server.url, second.url, server.url, second.url, second.url, server.url].map(bet));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.status === 'WAGER_LIMIT_REACHED')).toBe(true);
    expect((await bet(second.url)).body).toMatchObject({ status: 'WAGER_LIMIT_REACHED' });
    expect(auditProblems(await auditLedger(server.db))).toEqual([]);
  });

  it('a loss limit set through one process binds bets taken by the other', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 10_000n);
    expect((await client.post('/ps/updateLossLimit', { limit: 2 })).status).toBe(200);
    const bet = (url: string) => walletCall(url, 'debit', gameBody(partyId, { amount: 1 }));
    const answers = await Promise.all([second.url, second.url, second.url, server.url, second.url].map(bet));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => answer.body.status === 'LOSS_LIMIT_REACHED')).toBe(true);
  });
});
