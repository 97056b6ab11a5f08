import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportResponseSchema, type ReportResponse } from '../../contracts/back-office/reports';
import { staffAudit } from '../../server/db/schema';
import { inTransaction } from '../../server/db/transaction';
import { lifetimeTotals, reserveWithdrawal, returnWithdrawal } from '../../server/platform/wallet';
import { gameBody, uniqueId, walletCall } from '../support/wallet-helpers';
import { staffApi } from '../support/back-office';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Back-office reports (issue 15; OPS-14): daily deposits, withdrawals and gross gaming revenue per
 * currency, from the ledger, split into UTC days, as JSON and CSV, for operators and auditors only.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const call = (pathName: string, cookie: string | null) => fetch(`${server.url}${pathName}`, { headers: cookie ? { cookie } : {} });
const { passwordOnly, signIn } = staffApi(() => server);

/**
 * Moves a player's ledger movements to a fixed instant, so the report's days are the test's own.
 * The ledger refuses any change (a trigger); this test's database is its own clone, so the trigger
 * is set aside for this one statement only.
 */
async function postedAt(playerId: string, at: string, kinds: string[]) {
  await inTransaction(server.db, async (tx) => {
    await tx.execute(sql`alter table wallet_transaction disable trigger wallet_transaction_immutable`);
    await tx.execute(
      sql`update wallet_transaction set created_at = ${at}::timestamptz where player_id = ${playerId} and kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`,
    );
    await tx.execute(sql`alter table wallet_transaction enable trigger wallet_transaction_immutable`);
  });
}

let operator: string;
let eurPlayer: string;
let gbpPlayer: string;

describe('daily report from the ledger', () => {
  beforeAll(async () => {
    operator = await signIn('bo.operator');
    // EUR: deposits 100.00 and 25.50 late on 14 March (UTC), then a withdrawal of 30.00, one of
    // 10.00 that came back, bets of 5.00 and 2.00 (rolled back) and a win of 12.50 just after midnight.
    eurPlayer = (await server.createSignedInPlayer({ currencies: ['EUR'] })).partyId;
    await server.fundPlayer(eurPlayer, 10_000n);
    await server.fundPlayer(eurPlayer, 2_550n);
    await postedAt(eurPlayer, '2020-03-14T23:59:59.500Z', ['DEPOSIT']);
    await inTransaction(server.db, (tx) => reserveWithdrawal(tx, { paymentId: randomUUID(), playerId: eurPlayer, currency: 'EUR', amount: 3_000n }));
    const returned = randomUUID();
    await inTransaction(server.db, (tx) => reserveWithdrawal(tx, { paymentId: returned, playerId: eurPlayer, currency: 'EUR', amount: 1_000n }));
    await inTransaction(server.db, (tx) => returnWithdrawal(tx, { paymentId: returned, playerId: eurPlayer, currency: 'EUR', amount: 1_000n }));
    const bet = gameBody(eurPlayer, { amount: 5 });
    expect((await walletCall(server.url, 'debit', bet)).status).toBe(200);
    expect((await walletCall(server.url, 'credit', { ...gameBody(eurPlayer, { amount: 12.5 }), roundId: bet.roundId })).status).toBe(200);
    const rolledBack = gameBody(eurPlayer, { amount: 2 });
    expect((await walletCall(server.url, 'debit', rolledBack)).status).toBe(200);
    expect(
      (
        await walletCall(server.url, 'rollback', {
          playerId: eurPlayer,
          transactionId: uniqueId(),
          originalTransactionId: rolledBack.transactionId,
          roundId: rolledBack.roundId,
          gameId: rolledBack.gameId,
        })
      ).status,
    ).toBe(200);
    await postedAt(eurPlayer, '2020-03-15T00:00:00.000Z', ['WITHDRAWAL_RESERVE', 'WITHDRAWAL_RETURN', 'GAME_BET', 'GAME_WIN', 'GAME_ROLLBACK']);

    // GBP on 15 March: a deposit of 40.00 and a losing bet of 7.00.
    gbpPlayer = (await server.createSignedInPlayer({ currencies: ['GBP'] })).partyId;
    await server.fundPlayer(gbpPlayer, 4_000n, 'GBP');
    expect((await walletCall(server.url, 'debit', gameBody(gbpPlayer, { amount: 7, currency: 'GBP' }))).status).toBe(200);
    await postedAt(gbpPlayer, '2020-03-15T12:00:00.000Z', ['DEPOSIT', 'GAME_BET']);
  });

  const report = async (from: string, to: string): Promise<ReportResponse> => {
    const response = await call(`/bo/reports/daily?from=${from}&to=${to}`, operator);
    expect(response.status).toBe(200);
    return reportResponseSchema.parse(await response.json());
  };

  it('OPS-14 NS-28 sums deposits, withdrawals, real stakes and wins per currency and UTC day, as the ledger has them', async () => {
    const body = await report('2020-03-14', '2020-03-16');
    const day = (date: string, currency: string) => body.days.find((row) => row.day === date && row.currency === currency);
    expect(body.days).toHaveLength(6);
    expect(day('2020-03-14', 'EUR')).toEqual({
      day: '2020-03-14',
      currency: 'EUR',
      deposits: 12_550,
      withdrawals: 0,
      realStakes: 0,
      realWins: 0,
      grossGamingRevenue: 0,
    });
    expect(day('2020-03-15', 'EUR')).toEqual({
      day: '2020-03-15',
      currency: 'EUR',
      deposits: 0,
      withdrawals: 3_000,
      realStakes: 500,
      realWins: 1_250,
      grossGamingRevenue: -750,
    });
    expect(day('2020-03-15', 'GBP')).toEqual({
      day: '2020-03-15',
      currency: 'GBP',
      deposits: 4_000,
      withdrawals: 0,
      realStakes: 700,
      realWins: 0,
      grossGamingRevenue: 700,
    });
    expect(day('2020-03-14', 'GBP')).toMatchObject({ deposits: 0, realStakes: 0 });
    expect(day('2020-03-16', 'EUR')).toMatchObject({ deposits: 0, withdrawals: 0, realStakes: 0, realWins: 0 });

    // The range's totals are the players' own ledger sums (the account page's lifetime figures).
    for (const [playerId, currency] of [
      [eurPlayer, 'EUR'],
      [gbpPlayer, 'GBP'],
    ] as const) {
      const ledger = await lifetimeTotals(server.db, playerId, currency);
      expect(body.totals.find((total) => total.currency === currency)).toEqual({
        currency,
        deposits: Number(ledger.deposits),
        withdrawals: Number(ledger.withdrawals),
        realStakes: Number(ledger.realBets),
        realWins: Number(ledger.realWins),
        grossGamingRevenue: Number(ledger.realBets - ledger.realWins),
      });
    }

    // One day only: the deposit one second before midnight stays on the 14th.
    const fifteenth = await report('2020-03-15', '2020-03-15');
    expect(fifteenth.days.find((row) => row.currency === 'EUR')?.deposits).toBe(0);
    expect(fifteenth.totals.find((row) => row.currency === 'EUR')).toMatchObject({ deposits: 0, withdrawals: 3_000 });
  });

  it('OPS-14 exports the same figures as CSV, and the export is in the audit log', async () => {
    const json = await report('2020-03-14', '2020-03-16');
    const before = await server.db.select().from(staffAudit);
    const response = await call('/bo/reports/daily/export?from=2020-03-14&to=2020-03-16', operator);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const [header, ...lines] = (await response.text()).trim().split('\r\n');
    // The screen's units, named in the header (issue 27 item 13): "25.00", not 2500.
    expect(header).toBe(
      'day,currency,deposits (major units),withdrawals (major units),realStakes (major units),realWins (major units),grossGamingRevenue (major units)',
    );
    const rows = lines.map((line) => {
      const [day, currency, ...figures] = line.split(',');
      for (const figure of figures) expect(figure).toMatch(/^-?\d+\.\d{2}$/);
      const [deposits, withdrawals, realStakes, realWins, grossGamingRevenue] = figures.map((figure) => Math.round(Number(figure) * 100));
      return { day, currency, deposits, withdrawals, realStakes, realWins, grossGamingRevenue };
    });
    expect(rows).toEqual(json.days);
    const after = await server.db.select().from(staffAudit);
    const added = after.filter((row) => !before.some((old) => old.seq === row.seq));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'report.export',
      staffUsername: 'bo.operator',
      permission: 'audit.read',
      detail: { from: '2020-03-14', to: '2020-03-16', rows: 6 },
    });
  });

  it('OPS-14 the auditor may read the report too', async () => {
    const auditor = await signIn('bo.auditor');
    const response = await call('/bo/reports/daily?from=2020-03-15&to=2020-03-15', auditor);
    expect(response.status).toBe(200);
  });
});

describe('who may read reports', () => {
  it('NS-28 a player session gets 401, staff without the permission or without two-factor 403, on the report and its export', async () => {
    const playerCookie = (await server.createSignedInPlayer()).cookie;
    const support = await signIn('bo.support');
    const noCode = await passwordOnly('bo.payments');
    for (const pathName of ['/bo/reports/daily?from=2020-03-14&to=2020-03-16', '/bo/reports/daily/export?from=2020-03-14&to=2020-03-16']) {
      expect((await call(pathName, null)).status, pathName).toBe(401);
      expect((await call(pathName, playerCookie)).status, pathName).toBe(401);
      expect((await call(pathName, 'BO_SESSION=forged-token')).status, pathName).toBe(401);
      expect((await call(pathName, support)).status, pathName).toBe(403);
      expect((await call(pathName, noCode)).status, pathName).toBe(403);
    }
  });

  it('OPS-14 bad dates get 400 naming the field, and the export records nothing', async () => {
    const cookie = operator ?? (await signIn('bo.operator'));
    const before = (await server.db.select().from(staffAudit)).length;
    const cases: [string, string][] = [
      ['from=2020-13-01&to=2020-03-16', 'from'],
      ['from=2020-03-14&to=yesterday', 'to'],
      ['to=2020-03-16', 'from'],
      ['from=2020-03-16&to=2020-03-14', 'to'],
      ['from=2018-01-01&to=2020-03-16', 'to'],
      ['from=0000-01-01&to=0000-01-02', 'from'],
    ];
    for (const [query, field] of cases) {
      for (const pathName of [`/bo/reports/daily?${query}`, `/bo/reports/daily/export?${query}`]) {
        const response = await call(pathName, cookie);
        expect(response.status, pathName).toBe(400);
        const body = (await response.json()) as { errors?: { field: string }[] };
        expect(
          body.errors?.map((error) => error.field),
          pathName,
        ).toContain(field);
      }
    }
    expect((await server.db.select().from(staffAudit)).length).toBe(before);
  });
});
