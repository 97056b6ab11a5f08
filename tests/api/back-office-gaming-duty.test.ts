import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamingDutyResponseSchema, type GamingDutyResponse, type GamingDutyRow } from '../../contracts/back-office/gaming-duty';
import { bingoBuyResponseSchema, type BingoRoomConfig } from '../../contracts/games/bingo';
import { bingoGame, gameRound, player, staffAudit, walletTransaction } from '../../server/db/schema';
import { createBingoDriver } from '../../server/games/kinds/bingo/driver';
import { bingoRooms } from '../../server/games/kinds/bingo/rooms';
import { inTransaction } from '../../server/db/transaction';
import { formatMinorUnits } from '../../contracts/money';
import { staffApi } from '../support/back-office';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Remote Gaming Duty (issue 29, item 5): real stakes and wins of GB players in a slot, a table
 * game, a mini game and bingo, and of an IE player, summed per product and UTC day or month, with
 * the duty at 21 % up to 31 March 2026 and 40 % from 1 April 2026 (the configured default), as JSON
 * and CSV, for operators and auditors only.
 */
const SLOT = 'SR-3001';
const ROULETTE = 'NT-4001';
const PLINKO = 'PA-5001';

const ROOM: BingoRoomConfig = {
  id: 'duty-gbp',
  name: 'Duty GBP',
  balls: 75,
  currency: 'GBP',
  ticketPrice: 50,
  maxTicketsPerPlayer: 12,
  everyMinutes: 1440,
  minPlayers: 2,
  minTickets: 1,
  callIntervalMs: 1_000,
  prizes: [
    { prize: 'LINE', fixed: 120 },
    { prize: 'FULL_HOUSE', shareBps: 5_000 },
  ],
};

let server: TestServer;
let client: ReturnType<typeof gameClient>;
const { passwordOnly, signIn } = staffApi(() => server);
let operator: string;

beforeAll(async () => {
  server = await startTestServer({ BINGO_ROOMS: JSON.stringify([ROOM]) });
  client = gameClient(server);
  operator = await signIn('bo.operator');
});
afterAll(() => server.close());

const call = (pathName: string, cookie: string | null) => fetch(`${server.url}${pathName}`, { headers: cookie ? { cookie } : {} });

async function playerIn(country: string, currency: 'EUR' | 'GBP', funds: bigint) {
  const signedIn = await server.createSignedInPlayer({ currencies: [currency] });
  await server.db.update(player).set({ country, jurisdiction: country, birthDate: '1980-01-01' }).where(eq(player.id, signedIn.partyId));
  await server.fundPlayer(signedIn.partyId, funds, currency);
  return signedIn;
}

/**
 * Moves a player's game movements of one game to a fixed instant, so the report's days are the
 * test's own. The ledger refuses any change (a trigger); this test's database is its own clone, so
 * the trigger is set aside for this one statement only.
 */
async function postedAt(playerIds: string[], gameId: string, at: string) {
  await inTransaction(server.db, async (tx) => {
    await tx.execute(sql`alter table wallet_transaction disable trigger wallet_transaction_immutable`);
    await tx.execute(
      sql`update wallet_transaction set created_at = ${at}::timestamptz where player_id in (${sql.join(
        playerIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and game_id = ${gameId} and kind in ('GAME_BET', 'GAME_WIN', 'GAME_ROLLBACK')`,
    );
    await tx.execute(sql`alter table wallet_transaction enable trigger wallet_transaction_immutable`);
  });
}

/** What the ledger itself holds of these players' bets and wins in a game (no bonus money here, so all cash). */
async function ledgerOf(playerIds: string[], gameId: string) {
  const rows = await server.db
    .select()
    .from(walletTransaction)
    .where(
      and(inArray(walletTransaction.playerId, playerIds), eq(walletTransaction.gameId, gameId), inArray(walletTransaction.kind, ['GAME_BET', 'GAME_WIN'])),
    );
  const stakes = rows.filter((row) => row.kind === 'GAME_BET').reduce((sum, row) => sum + Number(row.amount), 0);
  const wins = rows.filter((row) => row.kind === 'GAME_WIN').reduce((sum, row) => sum + Number(row.amount), 0);
  expect(stakes).toBeGreaterThan(0);
  return { stakes, wins, grossGamingYield: stakes - wins };
}

/** Yield × rate, half away from zero, computed here apart from the server's bigint arithmetic. */
const dutyAt = (grossGamingYield: number, percent: number) => Math.sign(grossGamingYield) * Math.round((Math.abs(grossGamingYield) * percent) / 100);

const report = async (query: string): Promise<GamingDutyResponse> => {
  const response = await call(`/bo/reports/gaming-duty?${query}`, operator);
  expect(response.status).toBe(200);
  return gamingDutyResponseSchema.parse(await response.json());
};

const rowOf = (body: GamingDutyResponse, match: Partial<GamingDutyRow>) => {
  const rows = body.rows.filter((row) => Object.entries(match).every(([key, value]) => row[key as keyof GamingDutyRow] === value));
  expect(rows, JSON.stringify(match)).toHaveLength(1);
  return rows[0]!;
};

const today = new Date().toISOString().slice(0, 10);

describe('gross gaming yield and duty from real play', () => {
  let gbA: string;
  let gbB: string;
  let ie: string;

  /** Moves the player's rounds 5 s back, as if the GB game cycle (RTS 14G: 5 s) had passed. */
  const startedEarlier = (partyId: string) =>
    server.db
      .update(gameRound)
      .set({ createdAt: sql`${gameRound.createdAt} - interval '5 seconds'` })
      .where(eq(gameRound.playerId, partyId));

  beforeAll(async () => {
    const a = await playerIn('GB', 'GBP', 50_000n);
    const b = await playerIn('GB', 'GBP', 50_000n);
    const irish = await playerIn('IE', 'EUR', 50_000n);
    [gbA, gbB, ie] = [a.partyId, b.partyId, irish.partyId];

    // Slots: a spin each (GB rules: 2.5 s between spins, one slot at a time).
    for (const signedIn of [a, irish]) {
      const { cookie } = await client.openGame(signedIn.cookie, SLOT, true);
      const spun = await client.call('POST', '/gs/slots/spin', { cookie, body: { stake: 1, clientRequestId: randomUUID() } });
      expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    }
    // A table game: three roulette spins on red and a straight number.
    const roulette = await client.openGame(a.cookie, ROULETTE, true);
    const red = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
    for (let i = 0; i < 3; i++) {
      const spun = await client.call('POST', '/gs/roulette/spin', {
        cookie: roulette.cookie,
        body: {
          bets: [
            { type: 'red', numbers: red, stake: 2 },
            { type: 'straight', numbers: [17], stake: 0.5 },
          ],
          clientRequestId: randomUUID(),
        },
      });
      expect(spun.status, JSON.stringify(spun.body)).toBe(200);
      await startedEarlier(a.partyId);
    }
    // A mini game, played today: two plinko drops.
    const plinko = await client.openGame(a.cookie, PLINKO, true);
    for (let i = 0; i < 2; i++) {
      const dropped = await client.call('POST', '/gs/plinko/drop', { cookie: plinko.cookie, body: { stake: 1, risk: 'high', clientRequestId: randomUUID() } });
      expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
      await startedEarlier(a.partyId);
    }
    // Bingo: both GB players buy tickets in a GBP room, and the game is played to its end.
    const room = bingoRooms({ BINGO_ROOMS: JSON.stringify([ROOM]) })[0]!;
    const driver = createBingoDriver(server.db, [room], { driverId: 'duty-node', leaseMs: 10_000, lobbyGameId: 'bingo' });
    let now = new Date();
    await driver.tick(now);
    const [selling] = await server.db
      .select()
      .from(bingoGame)
      .where(and(eq(bingoGame.roomId, ROOM.id), eq(bingoGame.status, 'SELLING')));
    for (const [signedIn, tickets] of [
      [a, 6],
      [b, 4],
    ] as const) {
      const { cookie } = await client.openGame(signedIn.cookie, 'bingo', true);
      const bought = await client.call('POST', '/gs/bingo/tickets', { cookie, body: { gameId: selling!.id, tickets, clientRequestId: randomUUID() } });
      expect(bought.status, JSON.stringify(bought.body)).toBe(200);
      bingoBuyResponseSchema.parse(bought.body);
    }
    now = new Date(selling!.startsAt.getTime());
    for (let i = 0; i < 200; i++) {
      await driver.tick(now);
      const [game] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, selling!.id));
      if (game?.status === 'ENDED') break;
      now = new Date(now.getTime() + 1_000);
    }
    const [ended] = await server.db.select().from(bingoGame).where(eq(bingoGame.id, selling!.id));
    expect(ended?.status).toBe('ENDED');

    // The days the report is about: slots before the change, table games and bingo on its first day.
    await postedAt([gbA, ie], SLOT, '2026-03-31T23:59:59.000Z');
    await postedAt([gbA], ROULETTE, '2026-04-01T00:00:00.000Z');
    await postedAt([gbA, gbB], 'bingo', '2026-04-01T12:00:00.000Z');
  }, 240_000);

  it('GGY per product is the ledger’s real stakes less real wins, exactly; duty at 21 % on 31 March 2026 and 40 % from 1 April 2026', async () => {
    const body = await report('from=2026-03-31&to=2026-04-01');
    expect(body.granularity).toBe('day');
    expect(body.rates).toEqual([
      { from: '2019-04-01', ratePercent: 21 },
      { from: '2026-04-01', ratePercent: 40 },
    ]);
    const slots = await ledgerOf([gbA], SLOT);
    expect(rowOf(body, { period: '2026-03-31', product: 'slots', dutiable: true })).toEqual({
      period: '2026-03-31',
      product: 'slots',
      currency: 'GBP',
      dutiable: true,
      ...slots,
      ratePercent: 21,
      duty: dutyAt(slots.grossGamingYield, 21),
    });
    const table = await ledgerOf([gbA], ROULETTE);
    expect(rowOf(body, { period: '2026-04-01', product: 'table' })).toEqual({
      period: '2026-04-01',
      product: 'table',
      currency: 'GBP',
      dutiable: true,
      ...table,
      ratePercent: 40,
      duty: dutyAt(table.grossGamingYield, 40),
    });
    const bingo = await ledgerOf([gbA, gbB], 'bingo');
    expect(bingo.wins).toBeGreaterThan(0);
    expect(rowOf(body, { period: '2026-04-01', product: 'bingo' })).toEqual({
      period: '2026-04-01',
      product: 'bingo',
      currency: 'GBP',
      dutiable: true,
      ...bingo,
      ratePercent: 40,
      duty: dutyAt(bingo.grossGamingYield, 40),
    });
    // The IE player's slot yield is shown, outside the duty base: no rate, no duty; in EUR, not converted.
    const irish = await ledgerOf([ie], SLOT);
    expect(rowOf(body, { period: '2026-03-31', product: 'slots', dutiable: false })).toEqual({
      period: '2026-03-31',
      product: 'slots',
      currency: 'EUR',
      dutiable: false,
      ...irish,
      ratePercent: null,
      duty: null,
    });
    expect(body.rows).toHaveLength(4);
    expect(body.totals).toEqual([
      { currency: 'EUR', dutiable: false, ...irish, duty: null },
      {
        currency: 'GBP',
        dutiable: true,
        stakes: slots.stakes + table.stakes + bingo.stakes,
        wins: slots.wins + table.wins + bingo.wins,
        grossGamingYield: slots.grossGamingYield + table.grossGamingYield + bingo.grossGamingYield,
        duty: dutyAt(slots.grossGamingYield, 21) + dutyAt(table.grossGamingYield, 40) + dutyAt(bingo.grossGamingYield, 40),
      },
    ]);
  });

  it('today’s play is at today’s rate (40 %)', async () => {
    const body = await report(`from=${today}&to=${today}`);
    const minis = await ledgerOf([gbA], PLINKO);
    expect(rowOf(body, { period: today, product: 'minis' })).toEqual({
      period: today,
      product: 'minis',
      currency: 'GBP',
      dutiable: true,
      ...minis,
      ratePercent: 40,
      duty: dutyAt(minis.grossGamingYield, 40),
    });
  });

  it('a month sums its days: March at 21 %, April at 40 %, the duty of each the sum of its days’', async () => {
    const daily = await report('from=2026-03-01&to=2026-04-30');
    const monthly = await report('from=2026-03-01&to=2026-04-30&granularity=month');
    expect(monthly.granularity).toBe('month');
    expect(monthly.rows.map((row) => [row.period, row.product, row.currency, row.dutiable, row.ratePercent])).toEqual([
      ['2026-03', 'slots', 'GBP', true, 21],
      ['2026-03', 'slots', 'EUR', false, null],
      ['2026-04', 'table', 'GBP', true, 40],
      ['2026-04', 'bingo', 'GBP', true, 40],
    ]);
    for (const month of monthly.rows) {
      const days = daily.rows.filter(
        (row) => row.period.startsWith(month.period) && row.product === month.product && row.currency === month.currency && row.dutiable === month.dutiable,
      );
      expect(month.grossGamingYield).toBe(days.reduce((sum, row) => sum + row.grossGamingYield, 0));
      expect(month.duty).toBe(month.dutiable ? days.reduce((sum, row) => sum + row.duty!, 0) : null);
    }
    expect(monthly.totals).toEqual(daily.totals);
  });

  it('exports the same figures as CSV in major units, and the export is in the audit log', async () => {
    const json = await report('from=2026-03-31&to=2026-04-01');
    const before = await server.db.select().from(staffAudit);
    const response = await call('/bo/reports/gaming-duty/export?from=2026-03-31&to=2026-04-01', operator);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="gaming-duty-day-2026-03-31-2026-04-01.csv"');
    const text = await response.text();
    expect(text).not.toMatch(/[£€]/);
    const [header, ...lines] = text.trim().split('\r\n');
    expect(header).toBe('period,product,currency,dutiable,stakes (major units),wins (major units),grossGamingYield (major units),rate (%),duty (major units)');
    const major = (minor: number | null) => (minor === null ? '' : formatMinorUnits(BigInt(minor)));
    expect(lines).toEqual(
      json.rows.map((row) =>
        [
          row.period,
          row.product,
          row.currency,
          row.dutiable ? 'yes' : 'no',
          major(row.stakes),
          major(row.wins),
          major(row.grossGamingYield),
          row.ratePercent ?? '',
          major(row.duty),
        ].join(','),
      ),
    );
    for (const line of lines)
      expect(
        line
          .split(',')
          .slice(4, 7)
          .every((cell) => /^-?\d+\.\d{2}$/.test(cell)),
      ).toBe(true);
    const after = await server.db.select().from(staffAudit);
    const added = after.filter((row) => !before.some((old) => old.seq === row.seq));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      action: 'report.export',
      staffUsername: 'bo.operator',
      permission: 'audit.read',
      detail: { report: 'gaming-duty', from: '2026-03-31', to: '2026-04-01', granularity: 'day', rows: 4 },
    });

    const monthly = await call('/bo/reports/gaming-duty/export?from=2026-03-01&to=2026-04-30&granularity=month', operator);
    expect((await monthly.text()).split('\r\n').slice(1, 3)).toEqual([
      expect.stringMatching(/^2026-03,slots,GBP,yes,/),
      expect.stringMatching(/^2026-03,slots,EUR,no,.*,,$/),
    ]);
  });

  it('the auditor may read it too', async () => {
    const auditor = await signIn('bo.auditor');
    expect((await call('/bo/reports/gaming-duty?from=2026-04-01&to=2026-04-01', auditor)).status).toBe(200);
    expect((await call('/bo/reports/gaming-duty/export?from=2026-04-01&to=2026-04-01&granularity=month', auditor)).status).toBe(200);
  });
});

describe('who may read the duty report', () => {
  it('no session, a player session or a forged cookie: 401; support staff or a member before two-factor: 403', async () => {
    const playerCookie = (await server.createSignedInPlayer()).cookie;
    const support = await signIn('bo.support');
    const noCode = await passwordOnly('bo.payments');
    for (const pathName of [
      '/bo/reports/gaming-duty?from=2026-03-01&to=2026-04-30',
      '/bo/reports/gaming-duty/export?from=2026-03-01&to=2026-04-30&granularity=month',
    ]) {
      expect((await call(pathName, null)).status, pathName).toBe(401);
      expect((await call(pathName, playerCookie)).status, pathName).toBe(401);
      expect((await call(pathName, 'BO_SESSION=forged-token')).status, pathName).toBe(401);
      expect((await call(pathName, support)).status, pathName).toBe(403);
      expect((await call(pathName, noCode)).status, pathName).toBe(403);
    }
  });

  it('bad input gets 400 naming the field, and the export records nothing', async () => {
    const before = (await server.db.select().from(staffAudit)).length;
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-16', 'from'],
      ['from=2026-03-14&to=soon', 'to'],
      ['to=2026-03-16', 'from'],
      ['from=2026-04-02&to=2026-04-01', 'to'],
      ['from=2025-03-01&to=2026-04-04', 'to'],
      ['from=2026-03-01&to=2026-03-31&granularity=week', 'granularity'],
      ['from=2026-03-01&to=2026-03-31&granularity=', 'granularity'],
    ];
    for (const [query, field] of cases) {
      for (const pathName of [`/bo/reports/gaming-duty?${query}`, `/bo/reports/gaming-duty/export?${query}`]) {
        const response = await call(pathName, operator);
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
