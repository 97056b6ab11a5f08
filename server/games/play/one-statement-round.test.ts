import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundedWalletPlayer } from '../../../tests/support/wallet-helpers';
import { openPglite, type Database, type Db } from '../../db/database';
import { gameRound, gameSeed, player } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { auditLedger, auditProblems, getPlayerBalance, PolicyRefusal, type MoneyPolicy } from '../../platform/wallet/index';
import { addMoneyPolicy } from '../../../tests/support/money-policies';
import { splitWin } from '../../platform/wallet/money-rules';
import { rotateSeed } from './fair-seeds';
import { createLaunchToken, exchangeLaunchToken, type ActiveGameSession } from './game-session';
import { roundOutcome, sessionPosition, slotTitleOf, spinSlot } from './rounds';
import { knownSeed } from './seed-cache';
import { SLOT_GAME_IDS } from './slot-sessions';

/**
 * The one-statement instant round against the general path: the same spins, from the same seed,
 * by two players with the same money, one with the one-statement path switched off, must write the
 * same rows; and every unusual case (a moved seed, a retry, a bet the player cannot afford, a
 * rotation, GB rules) must fall back without writing anything of its own.
 */

let database: Database;
let db: Db;
const gameId = SLOT_GAME_IDS[0]!;
const title = slotTitleOf(gameId);
const stake = title.limits.EUR.min;

/** How many one-statement rounds reached the database since the last reset. */
let statements = 0;

beforeAll(async () => {
  database = await openPglite();
  await database.migrate();
  db = database.db;
  // A money policy's own rows in these tests (a loyalty programme or a wagering tracker would own such a table).
  await db.execute(
    sql`CREATE TABLE policy_note (policy text NOT NULL, kind text NOT NULL, game_kind text, ledger_transaction_id bigint NOT NULL, player_id uuid NOT NULL, cash bigint NOT NULL, bonus bigint NOT NULL)`,
  );
  const client = (db as unknown as { session: { client: { query: (text: unknown, ...rest: unknown[]) => Promise<unknown> } } }).session.client;
  const query = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && text.startsWith('WITH sd AS (')) statements += 1;
    return query(text, ...rest);
  });
}, 60_000);
afterAll(() => database.close());
const removals: (() => void)[] = [];
afterEach(() => {
  statements = 0;
  for (const remove of removals.splice(0)) remove();
});

let sequence = 0;

/** A funded player with a known active seed and a live real-money game session on the slot. */
async function playerWithSession(
  cash: bigint,
  seed: { serverSeed: string; clientSeed: string },
  country: string | null = null,
  bonus = 0n,
): Promise<ActiveGameSession> {
  const playerId = await fundedWalletPlayer(db, `one-round-${(sequence += 1)}`, cash, bonus);
  if (country) await db.update(player).set({ country }).where(eq(player.id, playerId));
  await db.insert(gameSeed).values({ playerId, serverSeed: seed.serverSeed, serverSeedHash: `hash-${seed.serverSeed}`, clientSeed: seed.clientSeed });
  const token = await createLaunchToken(db, { owner: { playerId }, gameId, mode: 'REAL', currency: 'EUR' });
  return (await exchangeLaunchToken(db, token, { visitorJurisdiction: 'IE' })).session;
}

const sameSeed = () => ({ serverSeed: randomUUID().replaceAll('-', '').repeat(2), clientSeed: randomUUID() });

/** The rows of a player's rounds and ledger movements, without ids, keys or times. */
async function writtenBy(playerId: string) {
  const rounds = await db.select().from(gameRound).where(eq(gameRound.playerId, playerId)).orderBy(gameRound.nonce);
  const ledger = (await db.execute(sql`
    SELECT t.kind, t.amount::text AS amount, t.metadata - 'roundId' - 'transactionId' AS metadata,
           json_agg(json_build_object('bucket', coalesce(a.house, a.bucket), 'amount', e.amount::text, 'balanceAfter', e.balance_after::text) ORDER BY coalesce(a.house, a.bucket)) FILTER (WHERE e.id IS NOT NULL) AS entries
      FROM wallet_transaction t LEFT JOIN wallet_entry e ON e.transaction_id = t.id LEFT JOIN wallet_account a ON a.id = e.account_id
     WHERE t.player_id = ${playerId} AND t.kind LIKE 'GAME%' GROUP BY t.id ORDER BY t.id`)) as unknown as { rows: unknown[] };
  return {
    rounds: rounds.map(({ id: _id, playerId: _player, seedId: _seed, clientRequestId: _request, createdAt: _created, settledAt: _settled, ...rest }) => rest),
    ledger: ledger.rows,
  };
}

async function expectLedgerSound(): Promise<void> {
  expect(auditProblems(await auditLedger(db))).toEqual([]);
}

// Two dozen spins on the embedded database take a few seconds on a busy machine.
describe('one-statement instant rounds', { timeout: 30_000 }, () => {
  it('writes exactly the rows of the general path, from the second spin of a player on (the first learns the seed)', async () => {
    const seed = sameSeed();
    const [fast, general] = [await playerWithSession(50_000n, seed), await playerWithSession(50_000n, seed)];
    const fastAnswers = [];
    for (let spin = 0; spin < 12; spin += 1) fastAnswers.push(await spinSlot(db, fast, stake, `spin-${spin}`));
    expect(statements).toBe(11);
    const generalAnswers = [];
    for (let spin = 0; spin < 12; spin += 1) generalAnswers.push(await spinSlot(db, general, stake, `spin-${spin}`, { generalPathOnly: true }));
    expect(statements).toBe(11);

    expect(await writtenBy(fast.playerId!)).toEqual(await writtenBy(general.playerId!));
    expect(fastAnswers.map((answer) => answer.balance)).toEqual(generalAnswers.map((answer) => answer.balance));
    expect(fastAnswers.map((answer) => answer.round.outcome)).toEqual(generalAnswers.map((answer) => answer.round.outcome));
    // The net position read in the statement equals the general path's aggregate.
    const last = fastAnswers.at(-1)!;
    const total = fastAnswers.reduce((sum, answer) => sum + answer.round.win - answer.round.stake, 0n);
    expect(last.netPosition).toBe(total);
    expect((await getPlayerBalance(db, fast.playerId!, 'EUR')).cash).toBe(50_000n + total);
    await expectLedgerSound();
  });

  it('takes a stake from CASH first and BONUS after, and pays a win where its stake came from (issue 26), as the general path does', async () => {
    // A seed whose first round wins nothing and whose second wins: the first spin (general path)
    // leaves 3 of cash, so the second (one statement) takes 3 from cash and the rest from bonus,
    // and its win is split in the same proportion — the bonus share rounded up, into BONUS.
    let seed = sameSeed();
    while (roundOutcome(title, stake, seed, 0).totalWin > 0 || roundOutcome(title, stake, seed, 1).totalWin === 0) seed = sameSeed();
    const cash = BigInt(stake) + 3n;
    const [fast, general] = [await playerWithSession(cash, seed, null, 50_000n), await playerWithSession(cash, seed, null, 50_000n)];
    for (let spin = 0; spin < 10; spin += 1) await spinSlot(db, fast, stake, `bonus-${spin}`);
    expect(statements).toBe(9);
    for (let spin = 0; spin < 10; spin += 1) await spinSlot(db, general, stake, `bonus-${spin}`, { generalPathOnly: true });
    const written = await writtenBy(fast.playerId!);
    expect(written).toEqual(await writtenBy(general.playerId!));
    const won = BigInt(roundOutcome(title, stake, seed, 1).totalWin);
    const paid = splitWin(won, BigInt(stake), BigInt(stake) - 3n);
    expect(paid.BONUS).toBeGreaterThan(0n);
    // The ledger rows: bet and win of round 0, then round 1's bet (3 from cash, the rest from bonus) and its split win.
    expect((written.ledger[3] as { kind: string; entries: unknown[] }).entries).toEqual(
      [
        { bucket: 'BONUS', amount: String(paid.BONUS), balanceAfter: String(50_000n - (BigInt(stake) - 3n) + paid.BONUS) },
        { bucket: 'CASH', amount: String(paid.CASH), balanceAfter: String(paid.CASH) },
        { bucket: 'GAME', amount: String(-won), balanceAfter: null },
      ].filter((entry) => entry.amount !== '0'),
    );
    expect(await getPlayerBalance(db, fast.playerId!, 'EUR')).toEqual(await getPlayerBalance(db, general.playerId!, 'EUR'));
    await expectLedgerSound();
  });

  it('answers a retry with the same round and moves nothing twice', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    await spinSlot(db, session, stake, 'warm-up');
    const first = await spinSlot(db, session, stake, 'retried');
    const before = await getPlayerBalance(db, session.playerId!, 'EUR');
    statements = 0;
    const again = await spinSlot(db, session, stake, 'retried');
    expect(statements).toBe(1); // tried, wrote nothing, and the general path answered the stored round
    expect(again.round.id).toBe(first.round.id);
    expect(await getPlayerBalance(db, session.playerId!, 'EUR')).toEqual(before);
    // The session's running net position counted the round once.
    const rounds = await db.select().from(gameRound).where(eq(gameRound.playerId, session.playerId!));
    expect((await sessionPosition(db, session)).netPosition).toBe(rounds.reduce((sum, round) => sum + round.win - round.stake, 0n));
    await expectLedgerSound();
  });

  it('takes the general path with the right nonce when the seed moved on elsewhere (another node)', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    await spinSlot(db, session, stake, 'a');
    await db
      .update(gameSeed)
      .set({ nextNonce: sql`${gameSeed.nextNonce} + 5` })
      .where(eq(gameSeed.playerId, session.playerId!));
    const moved = await spinSlot(db, session, stake, 'b');
    expect(moved.round.nonce).toBe(6);
    expect(knownSeed(session.playerId!)?.nextNonce).toBe(7);
    const next = await spinSlot(db, session, stake, 'c');
    expect(next.round.nonce).toBe(7);
    await expectLedgerSound();
  });

  it('after a seed rotation plays on the new seed from nonce 0', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    await spinSlot(db, session, stake, 'a');
    const { next } = await database.db.transaction((tx) => rotateSeed(tx as unknown as Db, { playerId: session.playerId! }, undefined));
    const after = await spinSlot(db, session, stake, 'b');
    expect(after.round.seedId).toBe(next.id);
    expect(after.round.nonce).toBe(0);
  });

  it('refuses a bet the player cannot afford with INSUFFICIENT_FUNDS, writing nothing and keeping the nonce', async () => {
    // A seed whose first round at this stake wins nothing, so the second one cannot be afforded.
    let seed = sameSeed();
    while (roundOutcome(title, stake, seed, 0).totalWin > 0) seed = sameSeed();
    const session = await playerWithSession(BigInt(stake), seed);
    const first = await spinSlot(db, session, stake, 'all-in');
    expect(first.balance).toBe(0n);
    const seedBefore = await db.select().from(gameSeed).where(eq(gameSeed.playerId, session.playerId!));
    statements = 0;
    const refused = await spinSlot(db, session, stake, 'broke').catch((error: unknown) => error);
    expect(statements).toBe(1);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe('INSUFFICIENT_FUNDS');
    expect(await db.select().from(gameSeed).where(eq(gameSeed.playerId, session.playerId!))).toEqual(seedBefore);
    expect(await db.select().from(gameRound).where(eq(gameRound.playerId, session.playerId!))).toHaveLength(1);
    await expectLedgerSound();
  });

  it('serialises parallel spins of one player: distinct nonces, every stake and win in the ledger once', async () => {
    const session = await playerWithSession(100_000n, sameSeed());
    await spinSlot(db, session, stake, 'warm-up');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => spinSlot(db, session, stake, `parallel-${index}`)));
    expect(new Set(answers.map((answer) => answer.round.nonce)).size).toBe(10);
    const rounds = await db.select().from(gameRound).where(eq(gameRound.playerId, session.playerId!));
    const net = rounds.reduce((sum, round) => sum + round.win - round.stake, 0n);
    expect((await getPlayerBalance(db, session.playerId!, 'EUR')).cash).toBe(100_000n + net);
    await expectLedgerSound();
  });

  it('never serves a GB player (spin interval, one slot at a time)', async () => {
    const session = await playerWithSession(10_000n, sameSeed(), 'GB');
    await spinSlot(db, session, stake, 'gb');
    expect(statements).toBe(0);
  });
});

describe('one-statement instant rounds and the money policies (issue 11: the wallet decides)', { timeout: 30_000 }, () => {
  const register = (policy: MoneyPolicy) => removals.push(addMoneyPolicy(db, policy));

  /** Notes every bet and win in its own table: `after` on the general path, a CTE in the one statement. */
  const noteTaker = (name: string, withStatement: boolean): MoneyPolicy => ({
    name,
    kinds: ['bet', 'win'],
    async after(tx, movement) {
      await tx.execute(
        sql`INSERT INTO policy_note VALUES (${name}, ${movement.kind}, ${movement.game?.kind ?? null}, ${movement.ledgerTransactionId}, ${movement.playerId}, ${movement.buckets.CASH}, ${movement.buckets.BONUS})`,
      );
    },
    ...(withStatement
      ? {
          inStatement: (movement, part) => ({
            write: `INSERT INTO policy_note SELECT ${part.params.add(name)}, ${part.params.add(movement.kind)}, ${part.params.add(movement.game?.kind ?? null)}, ${part.transactionId}, ${part.player}, ${part.cash}, ${part.bonus} FROM ${part.from} RETURNING 1`,
          }),
        }
      : {}),
  });

  /** Refuses stakes over `limit`: `before` on the general path, and as the statement's condition when `withStatement`. */
  const stakeLimit = (limit: bigint, withStatement: boolean): MoneyPolicy => ({
    name: 'stake-limit',
    kinds: ['bet'],
    async before(_tx, movement) {
      if (movement.amount > limit) throw new PolicyRefusal('stake-limit', 'FORBIDDEN', 'Over the stake limit');
    },
    ...(withStatement ? { inStatement: (_movement, part) => ({ condition: `${part.amount} <= ${part.params.add(limit, 'bigint')}` }) } : {}),
  });

  async function notesOf(playerId: string) {
    const result = (await db.execute(
      sql`SELECT policy, kind, game_kind, cash::text AS cash, bonus::text AS bonus FROM policy_note WHERE player_id = ${playerId} ORDER BY ledger_transaction_id`,
    )) as unknown as { rows: unknown[] };
    return result.rows;
  }

  async function expectNothingMoved(session: ActiveGameSession, rounds: number, seedBefore: unknown) {
    expect(await db.select().from(gameRound).where(eq(gameRound.playerId, session.playerId!))).toHaveLength(rounds);
    expect(await db.select().from(gameSeed).where(eq(gameSeed.playerId, session.playerId!))).toEqual(seedBefore);
    await expectLedgerSound();
  }

  it('a refusal on the one-statement path: the statement writes nothing, the general path refuses, nothing moves', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    await spinSlot(db, session, stake, 'warm-up');
    register(stakeLimit(BigInt(stake) - 1n, true));
    const seedBefore = await db.select().from(gameSeed).where(eq(gameSeed.playerId, session.playerId!));
    const balanceBefore = await getPlayerBalance(db, session.playerId!, 'EUR');
    statements = 0;
    const refused = await spinSlot(db, session, stake, 'over-limit').catch((error: unknown) => error);
    expect(statements).toBe(1);
    expect(refused).toBeInstanceOf(PolicyRefusal);
    expect(await getPlayerBalance(db, session.playerId!, 'EUR')).toEqual(balanceBefore);
    await expectNothingMoved(session, 1, seedBefore);
  });

  it('a refusal on the general path (a policy without a statement form): no statement is tried, nothing moves', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    await spinSlot(db, session, stake, 'warm-up');
    register(stakeLimit(BigInt(stake) - 1n, false));
    const seedBefore = await db.select().from(gameSeed).where(eq(gameSeed.playerId, session.playerId!));
    const balanceBefore = await getPlayerBalance(db, session.playerId!, 'EUR');
    statements = 0;
    const refused = await spinSlot(db, session, stake, 'over-limit').catch((error: unknown) => error);
    expect(statements).toBe(0);
    expect(refused).toBeInstanceOf(PolicyRefusal);
    expect(await getPlayerBalance(db, session.playerId!, 'EUR')).toEqual(balanceBefore);
    await expectNothingMoved(session, 1, seedBefore);
  });

  it('within the limit the statement form keeps the round in one statement', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    register(stakeLimit(BigInt(stake), true));
    for (let spin = 0; spin < 4; spin += 1) await spinSlot(db, session, stake, `within-${spin}`);
    expect(statements).toBe(3);
  });

  it('a policy that needs the general path forces every round there; its after rows are written with each bet and win', async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    register(noteTaker('loyalty', false));
    for (let spin = 0; spin < 4; spin += 1) await spinSlot(db, session, stake, `general-${spin}`);
    expect(statements).toBe(0);
    const notes = await notesOf(session.playerId!);
    expect(notes).toHaveLength(8);
    expect(notes[0]).toEqual({ policy: 'loyalty', kind: 'bet', game_kind: 'slot', cash: String(-stake), bonus: '0' });
    await expectLedgerSound();
  });

  it("a policy's statement form writes, in the one statement, the rows its after writes on the general path", async () => {
    const seed = sameSeed();
    const [fast, general] = [
      await playerWithSession(BigInt(stake) + 3n, seed, null, 50_000n),
      await playerWithSession(BigInt(stake) + 3n, seed, null, 50_000n),
    ];
    register(noteTaker('wagering', true));
    for (let spin = 0; spin < 6; spin += 1) await spinSlot(db, fast, stake, `notes-${spin}`);
    expect(statements).toBe(5);
    for (let spin = 0; spin < 6; spin += 1) await spinSlot(db, general, stake, `notes-${spin}`, { generalPathOnly: true });
    expect(statements).toBe(5);
    expect(await notesOf(fast.playerId!)).toEqual(await notesOf(general.playerId!));
    expect(await notesOf(fast.playerId!)).toHaveLength(12);
    expect(await writtenBy(fast.playerId!)).toEqual(await writtenBy(general.playerId!));
    await expectLedgerSound();
  });

  it("an after policy's rows roll back with the round when a later policy refuses its win", async () => {
    const session = await playerWithSession(10_000n, sameSeed());
    await spinSlot(db, session, stake, 'warm-up');
    register(noteTaker('loyalty', false));
    register({
      name: 'refuses-wins',
      kinds: ['win'],
      async before() {
        throw new PolicyRefusal('refuses-wins', 'FORBIDDEN');
      },
    });
    const seedBefore = await db.select().from(gameSeed).where(eq(gameSeed.playerId, session.playerId!));
    const balanceBefore = await getPlayerBalance(db, session.playerId!, 'EUR');
    statements = 0;
    expect(await spinSlot(db, session, stake, 'refused-win').catch((error: unknown) => error)).toBeInstanceOf(PolicyRefusal);
    expect(statements).toBe(0);
    // The bet's note was written in the round's transaction, and went with it.
    expect(await notesOf(session.playerId!)).toEqual([]);
    expect(await getPlayerBalance(db, session.playerId!, 'EUR')).toEqual(balanceBefore);
    await expectNothingMoved(session, 1, seedBefore);
  });
});
