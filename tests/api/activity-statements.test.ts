import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityStatementsResponseSchema } from '../../contracts/back-office/activity-statements';
import { formatMinorMoney } from '../../contracts/format';
import { activityStatement, gameRound, player, playerMessage, rgPlayClock, walletTransaction } from '../../server/db/schema';
import { makeStatement, runActivityStatements } from '../../server/platform/statements';
import { inTransaction } from '../../server/db/transaction';
import { staffApi } from '../support/back-office';
import { gameClient } from '../support/game-play';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Monthly activity statements (issue 29 item 10): a GB and an IE player who deposited, staked, won
 * and played for a while get one statement each, with the ledger's figures and the play clock's
 * time, in their language, by e-mail only where they accept e-mail; a DEFAULT player and a player
 * with nothing in the month get none; the job run again, in parallel and on a second node still
 * makes one statement per player and month. Staff read them on the player's page.
 */
const SLOT = 'SR-3001';
const PLINKO = 'PA-5001';

let server: TestServer;
let second: TestServer;
let client: ReturnType<typeof gameClient>;
const { signIn } = staffApi(() => server);
const month = new Date().toISOString().slice(0, 7);

beforeAll(async () => {
  server = await startTestServer();
  second = await startTestServer({}, { sameDatabaseAs: server });
  client = gameClient(server);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

async function playerIn(country: string, currency: 'EUR' | 'GBP', language: 'en' | 'mk', receiveEmail: boolean) {
  const signedIn = await server.createSignedInPlayer({ currencies: [currency] });
  await server.db
    .update(player)
    .set({ country, jurisdiction: country, birthDate: '1980-01-01', language, receiveEmail })
    .where(eq(player.id, signedIn.partyId));
  const [row] = await server.db.select({ email: player.email }).from(player).where(eq(player.id, signedIn.partyId));
  return { ...signedIn, currency, language, email: row!.email };
}

/**
 * Everything the player did so far moved ten minutes back — rounds, ledger movements and the play
 * clock's last activity alike — as if ten minutes had passed since. The ledger refuses any change
 * (a trigger); this test's database is its own clone, so the trigger is set aside for this one
 * statement only.
 */
async function tenMinutesLater(partyId: string) {
  await server.db
    .update(gameRound)
    .set({ createdAt: sql`${gameRound.createdAt} - interval '10 minutes'` })
    .where(eq(gameRound.playerId, partyId));
  await server.db
    .update(rgPlayClock)
    .set({ lastActivityAt: sql`${rgPlayClock.lastActivityAt} - interval '10 minutes'` })
    .where(eq(rgPlayClock.playerId, partyId));
  await inTransaction(server.db, async (tx) => {
    await tx.execute(sql`alter table wallet_transaction disable trigger wallet_transaction_immutable`);
    await tx.execute(sql`update wallet_transaction set created_at = created_at - interval '10 minutes' where player_id = ${partyId}`);
    await tx.execute(sql`alter table wallet_transaction enable trigger wallet_transaction_immutable`);
  });
}

/** A slot spin and, ten minutes into the same play session, a plinko drop (low risk always pays something back). */
async function play(cookie: string, partyId: string) {
  const slot = await client.openGame(cookie, SLOT, true);
  const spun = await client.call('POST', '/gs/slots/spin', { cookie: slot.cookie, body: { stake: 1, clientRequestId: randomUUID() } });
  expect(spun.status, JSON.stringify(spun.body)).toBe(200);
  await tenMinutesLater(partyId);
  const plinko = await client.openGame(cookie, PLINKO, true);
  const dropped = await client.call('POST', '/gs/plinko/drop', { cookie: plinko.cookie, body: { stake: 2, risk: 'low', clientRequestId: randomUUID() } });
  expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
}

/** What the ledger itself holds of the player's cash movements (no bonus money here). */
async function ledgerOf(partyId: string) {
  const rows = await server.db.select().from(walletTransaction).where(eq(walletTransaction.playerId, partyId));
  const total = (kind: string) => rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + BigInt(row.amount), 0n);
  return { deposits: total('DEPOSIT'), stakes: total('GAME_BET'), wins: total('GAME_WIN') };
}

const statementsOf = (partyIds: string[]) =>
  server.db
    .select()
    .from(activityStatement)
    .where(and(inArray(activityStatement.playerId, partyIds), eq(activityStatement.month, month)));
const messagesOf = (partyId: string) =>
  server.db
    .select()
    .from(playerMessage)
    .where(and(eq(playerMessage.playerId, partyId), eq(playerMessage.kind, 'ACTIVITY_STATEMENT')));

describe('monthly activity statements', () => {
  let gb: Awaited<ReturnType<typeof playerIn>>;
  let ie: Awaited<ReturnType<typeof playerIn>>;
  let elsewhere: Awaited<ReturnType<typeof playerIn>>;
  let idle: Awaited<ReturnType<typeof playerIn>>;

  beforeAll(async () => {
    gb = await playerIn('GB', 'GBP', 'en', true);
    ie = await playerIn('IE', 'EUR', 'mk', false);
    elsewhere = await playerIn('DE', 'EUR', 'en', true);
    idle = await playerIn('IE', 'EUR', 'en', true);
    // A play clock, as a time limit or reality check gives one: the statement's time must be the clock's.
    await server.db.insert(rgPlayClock).values([{ playerId: gb.partyId }, { playerId: ie.partyId }]);
    for (const someone of [gb, ie, elsewhere]) {
      await server.fundPlayer(someone.partyId, 10_000n, someone.currency);
      await play(someone.cookie, someone.partyId);
    }
    // The job on two nodes at once, twice on the first: one statement per player and month.
    await Promise.all([
      runActivityStatements(server.context, month, 2),
      runActivityStatements(second.context, month, 3),
      runActivityStatements(server.context, month),
    ]);
  });

  it('states the ledger and the play clock, one statement per GB and IE player', async () => {
    const rows = await statementsOf([gb.partyId, ie.partyId, elsewhere.partyId, idle.partyId]);
    expect(rows.map((row) => row.playerId).sort()).toEqual([gb.partyId, ie.partyId].sort());
    for (const someone of [gb, ie]) {
      const row = rows.find((candidate) => candidate.playerId === someone.partyId)!;
      const ledger = await ledgerOf(someone.partyId);
      expect(ledger.stakes).toBeGreaterThan(0n);
      expect(ledger.wins).toBeGreaterThan(0n);
      const [clock] = await server.db.select().from(rgPlayClock).where(eq(rgPlayClock.playerId, someone.partyId));
      // One play session today: the clock counted the same time the statement states.
      expect(row.playMs).toBe(clock!.sessionMs);
      expect(row.playMs).toBeGreaterThanOrEqual(600_000n);
      expect(row.playMs).toBeLessThan(660_000n);
      expect(row.jurisdiction).toBe(someone === gb ? 'GB' : 'IE');
      expect(row.figures[someone.currency]).toEqual({
        deposits: ledger.deposits.toString(),
        withdrawals: '0',
        netDeposits: ledger.deposits.toString(),
        stakes: ledger.stakes.toString(),
        wins: ledger.wins.toString(),
        netResult: (ledger.wins - ledger.stakes).toString(),
        closingBalance: (ledger.deposits - ledger.stakes + ledger.wins).toString(),
      });
      const messages = await messagesOf(someone.partyId);
      expect(messages).toHaveLength(1);
      expect(row.messageId).toBe(messages[0]!.id);
      // Money in the one format of the player's language (contracts/format.ts); net figures signed.
      const money = (minor: bigint, signDisplay: 'auto' | 'always' = 'auto') => formatMinorMoney(minor, someone.currency, someone.language, { signDisplay });
      expect(messages[0]!.body).toContain(money(ledger.deposits));
      expect(messages[0]!.body).toContain(money(ledger.stakes));
      expect(messages[0]!.body).toContain(money(ledger.wins));
      expect(messages[0]!.body).toContain(money(ledger.wins - ledger.stakes, 'always'));
    }
  });

  it('speaks the player language: English for the GB player, Macedonian for the IE one', async () => {
    const [english] = await messagesOf(gb.partyId);
    const [macedonian] = await messagesOf(ie.partyId);
    expect(english!.subject).toMatch(/^Your activity statement for [A-Z][a-z]+ \d{4}$/);
    expect(english!.body).toContain('Time played: 0 h 10 min');
    expect(macedonian!.subject).toMatch(/^Ваш извод на активност за [а-ш]+ \d{4}$/);
    expect(macedonian!.body).toContain('Време на играње: 0 ч 10 мин');
    expect(macedonian!.body).toContain('Уплати');
  });

  it('e-mails only the player who accepts e-mail', async () => {
    const mails = (await server.outbox(gb.email)).filter((mail) => mail.template === 'activity-statement');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe((await messagesOf(gb.partyId))[0]!.subject);
    expect(mails[0]!.text).toContain(formatMinorMoney((await ledgerOf(gb.partyId)).deposits, 'GBP', 'en'));
    expect((await server.outbox(ie.email)).filter((mail) => mail.template === 'activity-statement')).toHaveLength(0);
    const [rows] = [await statementsOf([gb.partyId, ie.partyId])];
    expect(rows.find((row) => row.playerId === gb.partyId)!.emailedAt).not.toBeNull();
    expect(rows.find((row) => row.playerId === ie.partyId)!.emailedAt).toBeNull();
  });

  it('sends nothing to a DEFAULT player or a player with nothing in the month, and nothing twice', async () => {
    expect(await makeStatement(server.context, elsewhere.partyId, month)).toBe('NOT_IN_SCOPE');
    expect(await makeStatement(server.context, idle.partyId, month)).toBe('NO_ACTIVITY');
    expect(await makeStatement(server.context, gb.partyId, month)).toBe('ALREADY_SENT');
    expect(await messagesOf(elsewhere.partyId)).toHaveLength(0);
    expect(await messagesOf(idle.partyId)).toHaveLength(0);
    expect((await server.outbox(elsewhere.email)).filter((mail) => mail.template === 'activity-statement')).toHaveLength(0);
    // A later run of the same month sends no second statement.
    await runActivityStatements(second.context, month);
    expect(await messagesOf(gb.partyId)).toHaveLength(1);
    expect(await statementsOf([gb.partyId, ie.partyId])).toHaveLength(2);
  });

  it('shows staff the player statements', async () => {
    const operator = await signIn('bo.operator');
    const response = await fetch(`${server.url}/bo/players/${ie.partyId}/statements`, { headers: { cookie: operator } });
    expect(response.status).toBe(200);
    const body = activityStatementsResponseSchema.parse(await response.json());
    expect(body.statements).toHaveLength(1);
    expect(body.statements[0]).toMatchObject({ month, jurisdiction: 'IE', language: 'mk', emailedAt: null });
    expect((await fetch(`${server.url}/bo/players/${ie.partyId}/statements`)).status).toBe(401);
  });
});
