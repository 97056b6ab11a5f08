import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger, auditProblems } from '../../server/platform/wallet/index';
import { cashierPlayer } from '../support/cashier';
import { startTestServer, type TestServer } from '../support/test-server';
import { gameBody, walletCall } from '../support/wallet-helpers';

/**
 * Issue 12, "two server processes on one PostgreSQL": the loss and wager limits are counted in the
 * database inside each bet's transaction, so a second server PROCESS (its own memory, its own pool)
 * cannot let a bet past a limit the first one is counting. The in-process second node of
 * responsible-gaming.test.ts shares this process's modules; this one shares nothing but the
 * database. PostgreSQL only: the embedded database belongs to one process.
 */

const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = Boolean(process.env.DATABASE_URL);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startSecondProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      SEED_DEMO_CONTENT: 'false',
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the second process exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ps/ping`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the second process did not start within 60 s');
}

describe.runIf(onPostgres)('limits across two server processes on one PostgreSQL (issue 12, RG-23…27)', () => {
  let server: TestServer;
  let second: { url: string; child: ChildProcess };
  beforeAll(async () => {
    server = await startTestServer();
    if (!server.database.url) throw new Error('expected a PostgreSQL test database');
    second = await startSecondProcess(server.database.url);
  }, 90_000);
  afterAll(async () => {
    if (second) {
      const exited = new Promise((resolve) => second.child.once('exit', resolve));
      second.child.kill('SIGTERM');
      await exited;
    }
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
