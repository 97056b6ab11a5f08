import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameRound, gameSeed, gameSession } from '../../db/schema';
import { AppError, fieldError } from '../../http/app-error';
import { getPlayerBalance, inTransaction } from '../../platform/wallet/ledger';
import { createSeamlessWallet } from '../../platform/wallet/seamless-wallet';
import { type Currency, type StakeLimits } from '../engines/money';
import { playRound, type SlotRound } from '../engines/slots/slot-engine';
import { fairSource, hashServerSeed, rngHealth } from '../rng/rng';
import { getTitle } from '../titles/registry';
import type { SlotTitle } from '../titles/types';
import { lockActiveSeed, takeNonce, type SeedRow } from './fair-seeds';
import type { ActiveGameSession } from './game-session';

/**
 * Slot rounds. A real round is opened and its stake debited in one database transaction (so an
 * OPEN round always has its bet, and a refused bet leaves no round), with the outcome already
 * stored; the win is then credited and the round SETTLED in a second one. A round left OPEN by a
 * crash between the two is settled from its stored outcome on the player's next request.
 * Wallet transaction ids: `round:<roundId>:bet` and `round:<roundId>:win`.
 */

export const STUDIO_PROVIDER_ID = 'emerald-studio';

export type RoundRow = typeof gameRound.$inferSelect;

export const betTransactionId = (roundId: string) => `round:${roundId}:bet`;
export const winTransactionId = (roundId: string) => `round:${roundId}:win`;

export function slotTitleOf(gameId: string): SlotTitle {
  const title = getTitle(gameId);
  if (!title) throw new AppError('NOT_FOUND', `No game ${gameId}`);
  if (title.kind !== 'slot') throw new AppError('BAD_REQUEST', `${gameId} is not a slot`);
  return title;
}

export function limitsFor(title: { limits: Record<Currency, StakeLimits> }, currency: Currency): StakeLimits {
  return title.limits[currency];
}

/** The stake in minor units, or 400 naming `stake` when it is not one of the title's steps. */
export function checkStake(title: SlotTitle, currency: Currency, stakeMinor: number): void {
  const limits = limitsFor(title, currency);
  if (stakeMinor < limits.min || stakeMinor > limits.max) throw fieldError('stake', `The stake must be between ${limits.min / 100} and ${limits.max / 100} ${currency}`);
  if (!limits.steps.includes(stakeMinor)) throw fieldError('stake', `The stake must be one of the title's stake steps (${limits.steps.map((s) => s / 100).join(', ')} ${currency})`);
}

function assertRngHealthy(): void {
  if (!rngHealth.healthy) throw new AppError('SERVICE_UNAVAILABLE', 'Play is suspended: the random number generator failed its health tests');
}

/** The outcome of one paid round, from the fair stream (serverSeed, clientSeed, nonce). */
export function roundOutcome(title: SlotTitle, stakeMinor: number, seed: { serverSeed: string; clientSeed: string }, nonce: number): SlotRound {
  return playRound(title.slot, stakeMinor, fairSource({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }));
}

async function findRoundByRequest(db: Db, playerId: string, clientRequestId: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRound)
    .where(and(eq(gameRound.playerId, playerId), eq(gameRound.clientRequestId, clientRequestId)));
  return row;
}

function sameRequest(round: RoundRow, session: ActiveGameSession, stakeMinor: number): void {
  if (round.gameId !== session.gameId || round.mode !== session.mode || round.stake !== BigInt(stakeMinor)) {
    throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'clientRequestId', error: 'This request id was already used for a different request' }]);
  }
}

/** Credits an OPEN round's stored win and marks it SETTLED; nothing when it is no longer OPEN. */
export async function settleRound(db: Db, roundId: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [round] = await tx
      .select()
      .from(gameRound)
      .where(and(eq(gameRound.id, roundId), eq(gameRound.status, 'OPEN')))
      .for('update');
    if (!round) return;
    if (round.mode === 'REAL') {
      await createSeamlessWallet(tx).credit({
        providerId: STUDIO_PROVIDER_ID,
        playerId: round.playerId,
        transactionId: winTransactionId(round.id),
        roundId: round.id,
        gameId: round.gameId,
        currency: round.currency,
        amount: round.win,
      });
    }
    await tx.update(gameRound).set({ status: 'SETTLED', settledAt: now }).where(eq(gameRound.id, round.id));
  });
}

/** Settles every round of the player left OPEN (a crash between the bet and the win). */
export async function settleOpenRounds(db: Db, playerId: string): Promise<number> {
  const open = await db
    .select({ id: gameRound.id })
    .from(gameRound)
    .where(and(eq(gameRound.playerId, playerId), eq(gameRound.status, 'OPEN')));
  for (const round of open) await settleRound(db, round.id);
  return open.length;
}

export interface SpinResult {
  round: RoundRow;
  serverSeedHash: string;
  /** Minor units after the round. */
  balance: bigint;
}

async function seedHashOf(db: Db, seedId: string): Promise<string> {
  const [row] = await db.select({ hash: gameSeed.serverSeedHash }).from(gameSeed).where(eq(gameSeed.id, seedId));
  if (!row) throw new Error('round without its seed');
  return row.hash;
}

async function reloadRound(db: Db, roundId: string): Promise<RoundRow> {
  const [row] = await db.select().from(gameRound).where(eq(gameRound.id, roundId));
  if (!row) throw new Error('round vanished');
  return row;
}

export async function sessionBalance(db: Db, session: ActiveGameSession): Promise<bigint> {
  if (session.mode === 'FREE') {
    const [row] = await db.select({ freeBalance: gameSession.freeBalance }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash));
    return row?.freeBalance ?? 0n;
  }
  const balance = await getPlayerBalance(db, session.playerId, session.currency);
  return balance.cash + balance.bonus;
}

/** One paid slot round in the session's mode; a retry with the same clientRequestId answers the same round. */
export async function spinSlot(db: Db, session: ActiveGameSession, stakeMinor: number, clientRequestId: string): Promise<SpinResult> {
  const title = slotTitleOf(session.gameId);
  await settleOpenRounds(db, session.playerId);
  const earlier = await findRoundByRequest(db, session.playerId, clientRequestId);
  if (earlier) {
    sameRequest(earlier, session, stakeMinor);
    return { round: earlier, serverSeedHash: await seedHashOf(db, earlier.seedId), balance: await sessionBalance(db, session) };
  }
  checkStake(title, session.currency, stakeMinor);
  assertRngHealthy();
  const opened = await inTransaction(db, async (tx) => {
    if (session.mode === 'FREE') {
      await tx.select({ tokenHash: gameSession.tokenHash }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash)).for('update');
    }
    const seed: SeedRow = await lockActiveSeed(tx, session.playerId);
    // Under the seed lock: a concurrent request with the same id has either committed or not started.
    const duplicate = await findRoundByRequest(tx, session.playerId, clientRequestId);
    if (duplicate) {
      sameRequest(duplicate, session, stakeMinor);
      return { round: duplicate, seed };
    }
    const nonce = await takeNonce(tx, seed);
    const outcome = roundOutcome(title, stakeMinor, seed, nonce);
    const win = BigInt(outcome.totalWin);
    const stake = BigInt(stakeMinor);
    if (session.mode === 'FREE') {
      const [free] = await tx.select({ balance: gameSession.freeBalance }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash));
      if (!free || free.balance < stake) throw new AppError('INSUFFICIENT_FUNDS', 'Not enough virtual balance for this stake');
      await tx
        .update(gameSession)
        .set({ freeBalance: free.balance - stake + win })
        .where(eq(gameSession.tokenHash, session.tokenHash));
    }
    const [round] = await tx
      .insert(gameRound)
      .values({
        playerId: session.playerId,
        gameId: session.gameId,
        mode: session.mode,
        currency: session.currency,
        stake,
        win,
        status: session.mode === 'FREE' ? 'SETTLED' : 'OPEN',
        seedId: seed.id,
        nonce,
        outcome,
        clientRequestId,
        settledAt: session.mode === 'FREE' ? new Date() : null,
      })
      .returning();
    if (!round) throw new Error('round not opened');
    if (session.mode === 'REAL') {
      await createSeamlessWallet(tx).debit({
        providerId: STUDIO_PROVIDER_ID,
        playerId: session.playerId,
        transactionId: betTransactionId(round.id),
        roundId: round.id,
        gameId: session.gameId,
        currency: session.currency,
        amount: stake,
      });
    }
    return { round, seed };
  });
  let round = opened.round;
  if (round.status === 'OPEN') {
    await settleRound(db, round.id);
    round = await reloadRound(db, round.id);
  }
  return { round, serverSeedHash: opened.seed.id === round.seedId ? opened.seed.serverSeedHash : await seedHashOf(db, round.seedId), balance: await sessionBalance(db, session) };
}

export interface RoundHistoryEntry {
  round: RoundRow;
  serverSeedHash: string;
  revealed: boolean;
}

export async function recentRounds(db: Db, playerId: string, limit: number): Promise<RoundHistoryEntry[]> {
  const rows = await db
    .select({ round: gameRound, serverSeedHash: gameSeed.serverSeedHash, revealedAt: gameSeed.revealedAt })
    .from(gameRound)
    .innerJoin(gameSeed, eq(gameSeed.id, gameRound.seedId))
    .where(eq(gameRound.playerId, playerId))
    .orderBy(desc(gameRound.createdAt), desc(gameRound.nonce))
    .limit(limit);
  return rows.map((row) => ({ round: row.round, serverSeedHash: row.serverSeedHash, revealed: row.revealedAt !== null }));
}

export interface Verification {
  round: RoundRow;
  seed: SeedRow;
  recomputed: SlotRound;
  verified: boolean;
}

/** Recomputes a round from its revealed seed; 400 while the seed is still secret. */
export async function verifyRound(db: Db, playerId: string, roundId: string): Promise<Verification> {
  const [row] = await db
    .select({ round: gameRound, seed: gameSeed })
    .from(gameRound)
    .innerJoin(gameSeed, eq(gameSeed.id, gameRound.seedId))
    .where(and(eq(gameRound.id, roundId), eq(gameRound.playerId, playerId)));
  if (!row) throw new AppError('NOT_FOUND', 'No round with this id');
  if (!row.seed.revealedAt) throw new AppError('BAD_REQUEST', 'The server seed of this round is not revealed yet; rotate seeds to verify it');
  const title = slotTitleOf(row.round.gameId);
  const recomputed = roundOutcome(title, Number(row.round.stake), row.seed, row.round.nonce);
  const plain: unknown = JSON.parse(JSON.stringify(recomputed));
  const verified = hashServerSeed(row.seed.serverSeed) === row.seed.serverSeedHash && isDeepStrictEqual(plain, row.round.outcome) && BigInt(recomputed.totalWin) === row.round.win;
  return { round: row.round, seed: row.seed, recomputed, verified };
}
