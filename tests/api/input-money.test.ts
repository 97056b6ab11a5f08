import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MAJOR_AMOUNT } from '../../contracts/money';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { cashBalance, cashierPlayer, requestId } from '../support/cashier';
import { gameClient } from '../support/game-play';
import { tableDigest } from '../support/table-digest';
import { startTestServer, type TestServer } from '../support/test-server';
import { walletCall } from '../support/wallet-helpers';

/**
 * Issue 11, defect 6: cashier amounts took strings, hex included ("0x14" credited 20.00). Money
 * fields take JSON numbers only, at most 2 decimals, on every operation; query-string amounts are
 * plain decimals. Defect 7: a signed seamless-wallet credit of 2^64 gave 500 (bigint out of
 * range); every amount has a documented upper bound (MAX_MAJOR_AMOUNT, in the OpenAPI document),
 * and beyond it the answer is 400.
 */

const SLOT = 'SR-3001';
const TEXT_AMOUNTS = ['0x14', '2e1', ' 20 ', '+20', '20', '1e3'];
const HUGE_AMOUNTS = [2 ** 64, 2 ** 53, MAX_MAJOR_AMOUNT + 0.01, 1e308];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Refusal = Pick<ApiResponse, 'status' | 'body'> | { status: number; body: Record<string, unknown> };
const fields = (answer: Refusal) => ((answer.body as { errors?: { field: string }[] }).errors ?? []).map((entry) => entry.field);

function expectAmountRefused(answer: Refusal, field = 'amount', label = '') {
  expect(answer.status, `${label} ${JSON.stringify(answer.body)}`).toBe(400);
  expect((answer.body as { status?: string }).status, label).toBe('VALIDATION_ERROR');
  expect(fields(answer), label).toEqual([field]);
}

async function unchanged<T>(send: () => Promise<T>): Promise<T> {
  const before = await tableDigest(server.db);
  const answer = await send();
  expect(await tableDigest(server.db)).toEqual(before);
  return answer;
}

describe('defect 6: money fields take JSON numbers only', () => {
  it('processDeposit refuses "0x14", "2e1", " 20 ", "+20", "20" and "1e3" and credits nothing', async () => {
    const { client, partyId } = await cashierPlayer(server);
    for (const amount of TEXT_AMOUNTS) {
      for (const paymentMethod of ['WPCGHOSTED_CARD', 'OMEGA_BANK', 'NETELLER']) {
        const answer = await unchanged(() =>
          client.post('/ps/processDeposit', {
            requestId: requestId(),
            paymentMethod,
            amount,
            ...(paymentMethod === 'NETELLER' ? { payFromEmail: 'me@example.test' } : {}),
          }),
        );
        expectAmountRefused(answer, 'amount', `${paymentMethod} ${JSON.stringify(amount)}`);
      }
    }
    expect(await cashBalance(server, partyId)).toBe(0n);
  });

  it('prepareDeposit refuses "1e3" instead of quoting 1,000', async () => {
    const { client } = await cashierPlayer(server);
    for (const amount of TEXT_AMOUNTS) {
      const answer = await unchanged(() => client.post('/ps/prepareDeposit', { paymentMethod: 'NB_NEKBIT', action: 'GET_QUOTE', amount }));
      expectAmountRefused(answer, 'amount', JSON.stringify(amount));
    }
  });

  it('processWithdrawal refuses text amounts and keeps the balance', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 10_000n);
    for (const amount of TEXT_AMOUNTS) {
      const answer = await unchanged(() => client.post('/ps/processWithdrawal', { requestId: requestId(), paymentMethod: 'OMEGA_BANK', amount }));
      expectAmountRefused(answer, 'amount', JSON.stringify(amount));
    }
    expect(await cashBalance(server, partyId)).toBe(10_000n);
  });

  it('at most 2 decimals, on deposits, withdrawals and stakes', async () => {
    const { client } = await cashierPlayer(server);
    const deposit = await unchanged(() => client.post('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'WPCGHOSTED_CARD', amount: 20.001 }));
    expectAmountRefused(deposit);
    const withdrawal = await unchanged(() => client.post('/ps/processWithdrawal', { requestId: requestId(), paymentMethod: 'OMEGA_BANK', amount: 0.001 }));
    expectAmountRefused(withdrawal);
  });

  it('query-string amounts (GET operations) are plain decimals: no hex, exponent, space or sign', async () => {
    const { client } = await cashierPlayer(server);
    for (const amount of ['0x14', '2e1', '1e3', ' 20 ', '+20', '-20', '20.001']) {
      const query = encodeURIComponent(amount);
      const plans = await client.get(`/ps/getDepositEligibleBonusPlans?paymentMethod=WPCGHOSTED_CARD&depositAmount=${query}`);
      expectAmountRefused(plans, 'depositAmount', amount);
      const voucher = await client.get(`/ps/validateDepositBonusVoucher?paymentMethod=WPCGHOSTED_CARD&amount=${query}&voucherCode=WELCOME`);
      expectAmountRefused(voucher, 'amount', amount);
    }
    const plain = await client.get('/ps/getDepositEligibleBonusPlans?paymentMethod=WPCGHOSTED_CARD&depositAmount=20.50');
    expect(plain.status).toBe(200);
  });

  it('seamless-wallet amounts are JSON numbers too', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 10_000n);
    for (const operation of ['debit', 'credit'] as const) {
      for (const amount of TEXT_AMOUNTS) {
        const body = { playerId: partyId, currency: 'EUR', amount, transactionId: `t-${randomUUID()}`, roundId: 'r-1', gameId: SLOT };
        expectAmountRefused(await unchanged(() => walletCall(server.url, operation, body)), 'amount', `${operation} ${amount}`);
      }
    }
    expect(await cashBalance(server, partyId)).toBe(10_000n);
  });
});

describe('defect 7: every amount has a documented upper bound; beyond it, 400', () => {
  it('a signed seamless-wallet credit or debit of 2^64 is refused with 400, not 500', async () => {
    const { partyId } = await server.createSignedInPlayer();
    await server.fundPlayer(partyId, 10_000n);
    for (const operation of ['credit', 'debit'] as const) {
      for (const amount of HUGE_AMOUNTS) {
        const body = { playerId: partyId, currency: 'EUR', amount, transactionId: `t-${randomUUID()}`, roundId: 'r-1', gameId: SLOT };
        expectAmountRefused(await unchanged(() => walletCall(server.url, operation, body)), 'amount', `${operation} ${amount}`);
      }
    }
    // The raw text of 2^64 as a JSON literal, as a provider's own serialiser would write it.
    const raw = `{"playerId":"${partyId}","currency":"EUR","amount":18446744073709551616,"transactionId":"t-${randomUUID()}","roundId":"r-1","gameId":"${SLOT}"}`;
    expectAmountRefused(await unchanged(() => walletCall(server.url, 'credit', undefined, { rawBody: raw })), 'amount', 'raw 2^64');
    expect(await cashBalance(server, partyId)).toBe(10_000n);
  });

  it('cashier amounts and stakes beyond the bound are refused', async () => {
    const { client, partyId } = await cashierPlayer(server);
    await server.fundPlayer(partyId, 10_000n);
    for (const amount of HUGE_AMOUNTS) {
      expectAmountRefused(await unchanged(() => client.post('/ps/processDeposit', { requestId: requestId(), paymentMethod: 'WPCGHOSTED_CARD', amount })));
      expectAmountRefused(await unchanged(() => client.post('/ps/processWithdrawal', { requestId: requestId(), paymentMethod: 'OMEGA_BANK', amount })));
      expectAmountRefused(await unchanged(() => client.post('/ps/prepareDeposit', { paymentMethod: 'NB_NEKBIT', action: 'GET_QUOTE', amount })));
    }
    const games = gameClient(server);
    const signedIn = await server.createSignedInPlayer();
    await server.fundPlayer(signedIn.partyId, 10_000n);
    const { cookie } = await games.openGame(signedIn.cookie, SLOT, true);
    for (const stake of HUGE_AMOUNTS) {
      const spin = await unchanged(() => games.call('POST', '/gs/slots/spin', { cookie, body: { stake, clientRequestId: randomUUID() } }));
      expectAmountRefused(spin, 'stake', String(stake));
    }
  });

  it('the OpenAPI document shows the bound and the step of every money field', async () => {
    const document = (await new ApiClient(server.url).get<{ paths: Record<string, Record<string, OpenApiOperation>> }>('/openapi.json')).body;
    const property = (path: string, field: string) => document.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties?.[field];
    for (const [path, field] of [
      ['/ps/processDeposit', 'amount'],
      ['/ps/processWithdrawal', 'amount'],
      ['/ps/prepareDeposit', 'amount'],
      ['/ps/wallet/debit', 'amount'],
      ['/ps/wallet/credit', 'amount'],
      ['/gs/slots/spin', 'stake'],
      ['/gs/mines/start', 'stake'],
    ] as const) {
      expect(property(path, field), `${path} ${field}`).toMatchObject({ type: 'number', maximum: MAX_MAJOR_AMOUNT, multipleOf: 0.01 });
    }
    const query = document.paths['/ps/getDepositEligibleBonusPlans']?.get?.parameters?.find((parameter) => parameter.name === 'depositAmount');
    expect(query?.schema).toMatchObject({ type: 'string', pattern: expect.stringContaining('\\d') });
  });
});

interface OpenApiOperation {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: { name: string; in: string; schema: unknown }[];
}
