import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { LiveBetRequest, liveBetReceiptSchema, liveRoundSchema, liveTableResponseSchema } from '../../../../contracts/games/live-roulette';
import type { SettledAtLock } from '../../../../contracts/games/play';
import { fromMinorUnits } from '../../../../contracts/money';
import type { Db } from '../../../db/database';
import { gameSession, liveBet, liveRound, liveTable } from '../../../db/schema';
import { AppError } from '../../../http/app-error';
import { inTransaction } from '../../../db/transaction';
import { createSeamlessWallet, getPlayerBalance } from '../../../platform/wallet';
import { lastSeqOf, publish } from '../../../realtime';
import { settle, type RouletteBet } from '../../engines/roulette/roulette';
import { fairSource, newServerSeed, rngHealth } from '../../rng/rng';
import type { ActiveGameSession } from '../../play/game-session';
import { STUDIO_PROVIDER_ID } from '../../play/round-basics';
import type { LockSettlementContext, SettledAtLockEntry } from '../game-kind';
import { lockMarkOf } from '../lock-mark';
import { rouletteBets } from '../roulette/roulette-kind';
import { asRouletteTitle, topicOf, type LiveLobby, type LiveTable } from './live-tables';

/**
 * Live roulette: shared rounds that the server runs for everyone at a table.
 *
 * A round opens BETTING with a fresh server seed whose sha256 (the commitment) is published at
 * once; bets count only while the server's clock is before `closesAt`. Then CLOSED (no more bets),
 * the pocket drawn from the fair stream (serverSeed, clientSeed `<table>-round-<number>`, nonce 0), every
 * bet settled once through the wallet, and SETTLED with the seed revealed, so anyone can recompute
 * the result. The next round opens after the result has been on show for `resultMs`.
 *
 * One node drives a table at a time: `tick` first takes or renews the table's lease (a row with an
 * expiry); a node whose lease lapsed (stopped, partitioned) is replaced by the next node to tick,
 * which resumes from the stored round. Every step is a conditional update of the stored state and
 * each bet's credit has its own wallet id, so even two nodes that both believe they drive (a lease
 * that lapsed mid-step) cannot close, draw or pay a round twice.
 *
 * Money: a bet is one wallet debit (`live:<betId>:bet`) through the same money policies as every
 * stake (limits, wagering, loyalty); its settlement one credit (`live:<betId>:win`, 0 for a loss).
 * GB rules apply as to every game: real play only by an age- and identity-verified player whose
 * game session passes the same checks (locks, KYC), limits enforced by the wallet's policies; the
 * slot-only rules (spin interval, stake cap, one slot at a time) do not concern a table game.
 *
 * At a lock (`settleLiveBetsAtLock`, server/games/README.md "Rounds in play at a lock"): a bet on
 * a round still BETTING is voided — its debit rolled back (`live:<betId>:void-at-lock`), the bet
 * settled with no win and `settledAtLock` in its outcome; a bet on a round already CLOSED (its pocket
 * drawn, not yet paid) is paid by that result at once, as the driver would pay it.
 */

export const LEASE_MS = 10_000;

type LiveRoundRow = typeof liveRound.$inferSelect;
type LiveBetRow = typeof liveBet.$inferSelect;

const betTransactionId = (betId: string) => `live:${betId}:bet`;
const voidTransactionId = (betId: string) => `live:${betId}:void-at-lock`;
/** Bets voided at a lock count in neither the round's stakes nor its payments. */
const NOT_VOIDED = sql`coalesce(${liveBet.outcome}->'settledAtLock'->>'resolution', '') <> 'VOIDED'`;
const winTransactionId = (betId: string) => `live:${betId}:win`;
const major = (minor: bigint | number) => fromMinorUnits(BigInt(minor));

/** The pocket a round's seeds decide: the first draw of its fair stream. */
export function drawPocket(serverSeed: string, clientSeed: string): number {
  return fairSource({ serverSeed, clientSeed, nonce: 0 }).randomInt(37);
}

export function tableOf(lobby: LiveLobby, tableId: string): LiveTable {
  const table = lobby.tables.find((candidate) => candidate.id === tableId);
  if (!table) throw new AppError('NOT_FOUND', `No live table ${tableId}`, [{ field: 'tableId', error: 'No such table' }]);
  return table;
}

function roundView(round: LiveRoundRow): z.infer<typeof liveRoundSchema> {
  return {
    roundId: round.id,
    number: round.number,
    status: round.status as 'BETTING' | 'CLOSED' | 'SETTLED',
    openedAt: round.openedAt.toISOString(),
    closesAt: round.closesAt.toISOString(),
    commitment: round.serverSeedHash,
    clientSeed: round.clientSeed,
    result: round.status === 'SETTLED' ? round.result : null,
    serverSeed: round.status === 'SETTLED' ? round.serverSeed : null,
  };
}

async function latestRound(db: Db, tableId: string): Promise<LiveRoundRow | undefined> {
  const [row] = await db.select().from(liveRound).where(eq(liveRound.tableId, tableId)).orderBy(desc(liveRound.number)).limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// The driver's steps

export type TickResult = { driving: false } | { driving: true; step: 'opened' | 'waiting' | 'settled' | 'showing'; round: LiveRoundRow };

/** The tables whose row this process has made sure of, per database: the row is never deleted. */
const knownTables = new WeakMap<Db, Set<string>>();

/** Takes or renews the table's lease for `driverId`; false while another node's lease runs. */
export async function takeLease(db: Db, table: LiveTable, driverId: string, now: Date): Promise<boolean> {
  const known = knownTables.get(db) ?? new Set<string>();
  knownTables.set(db, known);
  if (!known.has(table.id)) {
    await db.insert(liveTable).values({ id: table.id, gameId: table.gameId }).onConflictDoNothing();
    known.add(table.id);
  }
  const rows = await db
    .update(liveTable)
    .set({ leaseHolder: driverId, leaseExpiresAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(liveTable.id, table.id),
        sql`(${liveTable.leaseHolder} IS NULL OR ${liveTable.leaseHolder} = ${driverId} OR ${liveTable.leaseExpiresAt} <= ${now})`,
      ),
    )
    .returning({ id: liveTable.id });
  return rows.length > 0;
}

/** Lets the lease go (a node shutting down), so another node takes over at its next tick. */
export async function releaseLease(db: Db, table: LiveTable, driverId: string): Promise<void> {
  await db
    .update(liveTable)
    .set({ leaseHolder: null, leaseExpiresAt: null })
    .where(and(eq(liveTable.id, table.id), eq(liveTable.leaseHolder, driverId)));
}

/**
 * One step of the table at `now`, if this node holds (or takes) its lease: open a round, close and
 * settle a round whose window is over, or open the next once the result has been shown. Timers call
 * it every few hundred milliseconds; tests call it with the time they want.
 */
export async function tick(db: Db, table: LiveTable, driverId: string, now = new Date()): Promise<TickResult> {
  if (!(await takeLease(db, table, driverId, now))) return { driving: false };
  const current = await latestRound(db, table.id);
  if (!current || (current.status === 'SETTLED' && now.getTime() >= (current.settledAt ?? now).getTime() + table.resultMs)) {
    return { driving: true, step: 'opened', round: await openRound(db, table, (current?.number ?? 0) + 1, now) };
  }
  if (current.status === 'SETTLED') return { driving: true, step: 'showing', round: current };
  if (current.status === 'BETTING' && now < current.closesAt) return { driving: true, step: 'waiting', round: current };
  return { driving: true, step: 'settled', round: await closeAndSettle(db, table, current, now) };
}

async function openRound(db: Db, table: LiveTable, number: number, now: Date): Promise<LiveRoundRow> {
  if (!rngHealth.healthy) throw new AppError('SERVICE_UNAVAILABLE', 'Play is suspended: the random number generator failed its health tests');
  const seed = newServerSeed();
  try {
    return await inTransaction(db, async (tx) => {
      const [round] = await tx
        .insert(liveRound)
        .values({
          tableId: table.id,
          number,
          status: 'BETTING',
          serverSeed: seed.serverSeed,
          serverSeedHash: seed.serverSeedHash,
          clientSeed: `${table.id}-round-${number}`,
          openedAt: now,
          closesAt: new Date(now.getTime() + table.bettingMs),
        })
        .returning();
      if (!round) throw new Error('round not opened');
      await publish(tx, topicOf(table), { type: 'betting-open', round: roundView(round) });
      return round;
    });
  } catch (error) {
    // Another node opened this round number first (a lease that lapsed mid-step): that round stands.
    const existing = await db
      .select()
      .from(liveRound)
      .where(and(eq(liveRound.tableId, table.id), eq(liveRound.number, number)));
    if (existing[0]) return existing[0];
    throw error;
  }
}

/** No more bets, the draw, every bet paid once, the seed revealed; resumes wherever a stopped node left it. */
async function closeAndSettle(db: Db, table: LiveTable, round: LiveRoundRow, now: Date): Promise<LiveRoundRow> {
  const result = drawPocket(round.serverSeed, round.clientSeed);
  if (round.status === 'BETTING') {
    await inTransaction(db, async (tx) => {
      // Waits for bets that passed the window check and still hold the round (FOR SHARE) to commit.
      const closed = await tx
        .update(liveRound)
        .set({ status: 'CLOSED', closedAt: now, result })
        .where(and(eq(liveRound.id, round.id), eq(liveRound.status, 'BETTING')))
        .returning({ id: liveRound.id });
      if (closed.length > 0) await publish(tx, topicOf(table), { type: 'no-more-bets', roundId: round.id, number: round.number, closedAt: now.toISOString() });
    });
  }
  for (;;) {
    const open = await db
      .select({ id: liveBet.id })
      .from(liveBet)
      .where(and(eq(liveBet.roundId, round.id), isNull(liveBet.settledAt)))
      .limit(200);
    for (const bet of open) await settleBet(db, table, bet.id, result, now);
    if (open.length < 200) break;
  }
  return inTransaction(db, async (tx) => {
    const [settled] = await tx
      .update(liveRound)
      .set({ status: 'SETTLED', settledAt: now, result })
      .where(and(eq(liveRound.id, round.id), eq(liveRound.status, 'CLOSED')))
      .returning();
    if (!settled) {
      const [again] = await tx.select().from(liveRound).where(eq(liveRound.id, round.id));
      if (!again) throw new Error('round vanished');
      return again;
    }
    const [totals] = await tx
      .select({
        bets: sql<number>`count(*)::int`,
        staked: sql<string>`coalesce(sum(${liveBet.stake}), 0)::text`,
        paid: sql<string>`coalesce(sum(${liveBet.win}), 0)::text`,
      })
      .from(liveBet)
      .where(and(eq(liveBet.roundId, round.id), NOT_VOIDED));
    await publish(tx, topicOf(table), {
      type: 'result',
      round: roundView(settled),
      bets: totals?.bets ?? 0,
      staked: major(BigInt(totals?.staked ?? '0')),
      paid: major(BigInt(totals?.paid ?? '0')),
    });
    return settled;
  });
}

/**
 * Pays one bet of a closed round, once: under its row lock, only while it is unsettled. At a lock
 * (`atLock`) the outcome keeps its mark; answers the bet's stake and win when this call paid it.
 */
async function settleBet(
  db: Db,
  table: LiveTable,
  betId: string,
  result: number,
  now: Date,
  atLock?: { reason: string },
): Promise<{ stake: bigint; win: bigint; currency: string } | undefined> {
  return inTransaction(db, async (tx) => {
    const [bet] = await tx
      .select()
      .from(liveBet)
      .where(and(eq(liveBet.id, betId), isNull(liveBet.settledAt)))
      .for('update');
    if (!bet) return undefined;
    const played = settle(table.rules, bet.bets as RouletteBet[], result);
    const win = BigInt(played.totalReturned);
    const mark: SettledAtLock | undefined = atLock && { reason: atLock.reason, at: now.toISOString(), resolution: 'PAID_BY_RESULT', returned: Number(win) };
    const outcome = mark ? { ...played, settledAtLock: mark } : played;
    await createSeamlessWallet(tx).credit({
      providerId: STUDIO_PROVIDER_ID,
      playerId: bet.playerId,
      transactionId: winTransactionId(bet.id),
      roundId: bet.roundId,
      gameId: table.gameId,
      gameKind: 'live-roulette',
      currency: bet.currency,
      amount: win,
    });
    await tx.update(liveBet).set({ win, outcome, settledAt: now }).where(eq(liveBet.id, bet.id));
    // The game session's running net position (reality checks), as for every other round.
    await tx
      .update(gameSession)
      .set({ netPosition: sql`${gameSession.netPosition} + ${win}` })
      .where(eq(gameSession.tokenHash, bet.gameSessionHash));
    return { stake: bet.stake, win, currency: bet.currency };
  });
}

// ---------------------------------------------------------------------------------------------
// A lock: the player's bets not yet paid, closed at once

/**
 * Closes every unpaid live bet of the player when a lock starts, each once (see the file's comment):
 * a bet on a round still BETTING voided (the round's row read FOR SHARE, so closing the round waits
 * for the void, or the void sees the round closed), a bet on a CLOSED round paid by its result.
 */
export async function settleLiveBetsAtLock(
  db: Db,
  lobby: LiveLobby,
  { playerId, reason, now }: Pick<LockSettlementContext, 'playerId' | 'reason' | 'now'>,
): Promise<SettledAtLockEntry[]> {
  const open = await db
    .select({ betId: liveBet.id, tableId: liveRound.tableId, gameId: liveTable.gameId })
    .from(liveBet)
    .innerJoin(liveRound, eq(liveRound.id, liveBet.roundId))
    .innerJoin(liveTable, eq(liveTable.id, liveRound.tableId))
    .where(and(eq(liveBet.playerId, playerId), isNull(liveBet.settledAt)));
  const settled: SettledAtLockEntry[] = [];
  for (const { betId, tableId, gameId } of open) {
    const voided = await voidBetAtLock(db, betId, gameId, reason, now);
    if (voided && 'closedWith' in voided) {
      // The round closed first: its pocket is drawn and this bet is paid by it (once: the driver's credit id).
      const table = lobby.tables.find((candidate) => candidate.id === tableId);
      if (!table || voided.closedWith === null) continue;
      const paid = await settleBet(db, table, betId, voided.closedWith, now, { reason });
      if (paid) {
        settled.push({
          kind: 'live-roulette',
          gameId,
          id: betId,
          currency: paid.currency,
          staked: Number(paid.stake),
          reason,
          at: now.toISOString(),
          resolution: 'PAID_BY_RESULT',
          returned: Number(paid.win),
        });
      }
    } else if (voided) settled.push(voided);
  }
  return settled;
}

async function voidBetAtLock(
  db: Db,
  betId: string,
  gameId: string,
  reason: string,
  now: Date,
): Promise<SettledAtLockEntry | { closedWith: number | null } | undefined> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select({ roundId: liveBet.roundId }).from(liveBet).where(eq(liveBet.id, betId));
    if (!row) return undefined;
    // FOR SHARE, as a bet takes it: closing the round (an update of this row) waits for the void to commit.
    const [round] = await tx.select().from(liveRound).where(eq(liveRound.id, row.roundId)).for('share');
    if (!round) return undefined;
    if (round.status !== 'BETTING') return { closedWith: round.result };
    const mark = (stake: bigint): SettledAtLock => ({ reason, at: now.toISOString(), resolution: 'VOIDED', returned: Number(stake) });
    const [bet] = await tx
      .select()
      .from(liveBet)
      .where(and(eq(liveBet.id, betId), isNull(liveBet.settledAt)))
      .for('update');
    if (!bet) return undefined;
    // The decision: only a bet still unsettled is voided, by this transaction alone.
    const [voided] = await tx
      .update(liveBet)
      .set({ settledAt: now, outcome: { settledAtLock: mark(bet.stake) } })
      .where(and(eq(liveBet.id, betId), isNull(liveBet.settledAt)))
      .returning();
    if (!voided) return undefined;
    await createSeamlessWallet(tx).rollback({
      providerId: STUDIO_PROVIDER_ID,
      playerId: bet.playerId,
      transactionId: voidTransactionId(bet.id),
      originalTransactionId: betTransactionId(bet.id),
      roundId: bet.roundId,
      gameId,
      gameKind: 'live-roulette',
    });
    await tx
      .update(gameSession)
      .set({ netPosition: sql`${gameSession.netPosition} + ${bet.stake}` })
      .where(eq(gameSession.tokenHash, bet.gameSessionHash));
    return { kind: 'live-roulette', gameId, id: bet.id, currency: bet.currency, staked: Number(bet.stake), ...mark(bet.stake) };
  });
}

// ---------------------------------------------------------------------------------------------
// The players' operations

export async function tableState(db: Db, lobby: LiveLobby, tableId: string, now = new Date()): Promise<z.infer<typeof liveTableResponseSchema>> {
  const table = tableOf(lobby, tableId);
  // One snapshot: the rounds as of the topic's number, so a client that follows after it misses nothing and sees nothing twice.
  const { topicSeq, rounds } = await db.transaction(
    async (tx) => ({
      topicSeq: await lastSeqOf(tx, topicOf(table)),
      rounds: await tx.select().from(liveRound).where(eq(liveRound.tableId, table.id)).orderBy(desc(liveRound.number)).limit(11),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const current = rounds[0];
  return {
    status: 'SUCCESS' as const,
    tableId: table.id,
    name: table.name,
    topic: topicOf(table),
    topicSeq,
    serverTime: now.toISOString(),
    bettingSeconds: Math.round(table.bettingMs / 1000),
    round: current ? roundView(current) : null,
    recentResults: rounds.filter((round) => round.status === 'SETTLED' && round.result !== null).map((round) => round.result!),
  };
}

function receipt(bet: LiveBetRow, round: LiveRoundRow, table: LiveTable, balance: bigint): z.infer<typeof liveBetReceiptSchema> {
  const bets = bet.bets as RouletteBet[];
  return {
    status: 'SUCCESS' as const,
    betId: bet.id,
    tableId: table.id,
    roundId: round.id,
    roundNumber: round.number,
    acceptedAt: bet.acceptedAt.toISOString(),
    windowClosesAt: round.closesAt.toISOString(),
    commitment: round.serverSeedHash,
    clientSeed: round.clientSeed,
    stake: major(bet.stake),
    bets: bets.map((entry) => ({ type: entry.type, numbers: entry.numbers, stake: major(entry.amount) })),
    balance: major(balance),
    win: bet.win === null ? null : major(bet.win),
    result: round.status === 'SETTLED' ? round.result : null,
    settledAtLock: lockMarkOf(bet.outcome),
  };
}

const windowClosed = (round: LiveRoundRow) =>
  new AppError('VALIDATION_ERROR', `No more bets: betting on round ${round.number} closed at ${round.closesAt.toISOString()}`, [
    { field: 'roundId', error: `Betting on round ${round.number} closed at ${round.closesAt.toISOString()} (server time)` },
  ]);

/**
 * Accepts a player's bets on the round whose window is open, by the server's clock at `now`: one
 * wallet debit, and a receipt with the time, the window's end and the round's commitment. A retry
 * with the same clientRequestId answers the same receipt and moves nothing.
 */
export async function placeLiveBets(
  db: Db,
  lobby: LiveLobby,
  session: ActiveGameSession,
  request: LiveBetRequest,
  now = new Date(),
): Promise<z.infer<typeof liveBetReceiptSchema>> {
  const table = tableOf(lobby, request.tableId);
  if (session.gameId !== table.gameId) throw new AppError('WRONG_GAME', `This game session is for ${session.gameId}, not the live tables`);
  const playerId = session.owner.playerId;
  if (session.mode !== 'REAL' || !playerId)
    throw new AppError('FORBIDDEN', 'Live tables are played for real only', [{ field: 'playForReal', error: 'Live tables are played for real only' }]);
  const { bets, total } = rouletteBets(asRouletteTitle(table), session.currency, request.bets);
  return inTransaction(db, async (tx) => {
    const [duplicate] = await tx
      .select({ bet: liveBet, round: liveRound })
      .from(liveBet)
      .innerJoin(liveRound, eq(liveRound.id, liveBet.roundId))
      .where(and(eq(liveBet.playerId, playerId), eq(liveBet.clientRequestId, request.clientRequestId)));
    if (duplicate) {
      if (duplicate.round.id !== request.roundId || duplicate.bet.stake !== BigInt(total)) {
        throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'clientRequestId', error: 'This request id was already used for different bets' }]);
      }
      const balance = await getPlayerBalance(tx, playerId, session.currency);
      return receipt(duplicate.bet, duplicate.round, table, balance.cash + balance.bonus);
    }
    // FOR SHARE: bets on one round do not wait for one another, and closing the round waits for them.
    const [round] = await tx
      .select()
      .from(liveRound)
      .where(and(eq(liveRound.id, request.roundId), eq(liveRound.tableId, table.id)))
      .for('share');
    if (!round) throw new AppError('NOT_FOUND', 'No such round at this table', [{ field: 'roundId', error: 'No such round at this table' }]);
    if (round.status !== 'BETTING' || now >= round.closesAt) throw windowClosed(round);
    const [bet] = await tx
      .insert(liveBet)
      .values({
        roundId: round.id,
        playerId,
        gameSessionHash: session.tokenHash,
        currency: session.currency,
        bets,
        stake: BigInt(total),
        clientRequestId: request.clientRequestId,
        acceptedAt: now,
      })
      .returning();
    if (!bet) throw new Error('bet not stored');
    const after = await createSeamlessWallet(tx).debit({
      providerId: STUDIO_PROVIDER_ID,
      playerId,
      transactionId: betTransactionId(bet.id),
      roundId: round.id,
      gameId: table.gameId,
      gameKind: 'live-roulette',
      // The table's shared round is the game cycle, at least 5 s by configuration (RTS 14G): a player's bets are not spaced.
      gameCycleHeld: true,
      currency: session.currency,
      amount: BigInt(total),
    });
    await tx
      .update(gameSession)
      .set({ netPosition: sql`${gameSession.netPosition} - ${BigInt(total)}` })
      .where(eq(gameSession.tokenHash, session.tokenHash));
    return receipt(bet, round, table, after.cash + after.bonus);
  });
}

/** A player's receipt again, with its settlement once the round is settled; another player's bet is 404. */
export async function liveBetReceipt(db: Db, lobby: LiveLobby, session: ActiveGameSession, betId: string): Promise<z.infer<typeof liveBetReceiptSchema>> {
  const playerId = session.owner.playerId;
  const [row] = playerId
    ? await db
        .select({ bet: liveBet, round: liveRound })
        .from(liveBet)
        .innerJoin(liveRound, eq(liveRound.id, liveBet.roundId))
        .where(and(eq(liveBet.id, betId), eq(liveBet.playerId, playerId)))
    : [];
  if (!row || !playerId) throw new AppError('NOT_FOUND', 'No such bet', [{ field: 'betId', error: 'No such bet' }]);
  const balance = await getPlayerBalance(db, playerId, session.currency);
  return receipt(row.bet, row.round, tableOf(lobby, row.round.tableId), balance.cash + balance.bonus);
}
