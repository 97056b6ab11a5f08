import { isDeepStrictEqual } from 'node:util';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameRound, gameSeed, gameSession } from '../../db/schema';
import { fromMinorUnits } from '../../../contracts/money';
import { AppError } from '../../http/app-error';
import { inTransaction } from '../../db/transaction';
import { createSeamlessWallet, getPlayerBalance } from '../../platform/wallet';
import { hashServerSeed, rngHealth } from '../rng/rng';
import { getTitle } from '../titles/registry';
import type { SlotTitle } from '../titles/types';
import { lockActiveSeed, takeNonce, type SeedRow } from './fair-seeds';
import { ownedBy, ownerColumns, realPlayerId, type GameOwner } from './game-owner';
import type { ActiveGameSession } from './game-session';
import { rulesFor } from '../../jurisdiction';
import { isSlotGame, refuseIfSessionEnded, SLOT_GAME_IDS } from './slot-sessions';
import { kindOf } from '../kinds/registry';
import { mayTakeOneStatement, playInOneStatement } from './one-statement-round';
import { rememberSeed } from './seed-cache';
import {
  betTransactionId,
  furtherBetTransactionId,
  STUDIO_PROVIDER_ID,
  winTransactionId,
  type InstantRound,
  type RoundRow,
  type RoundStep,
  type SpinResult,
} from './round-basics';

export { betTransactionId, furtherBetTransactionId, roundOutcome, STUDIO_PROVIDER_ID, winTransactionId } from './round-basics';
export type { InstantRound, RoundRow, RoundStep, SpinResult, StepResult } from './round-basics';

/**
 * Rounds. An instant round (slot, roulette, plinko) is one database transaction: the nonce, the
 * outcome, the SETTLED round, the bet and the win (real money: its hot path is one statement,
 * `one-statement-round.ts`). A round that stays in play (mines, blackjack) commits its bet and
 * stored outcome, and `stepRound` settles it. A round left OPEN and not in play by earlier versions
 * (which credited the win in a second transaction) is settled from its stored outcome on the
 * owner's next request. Wallet transaction ids: `round:<roundId>:bet`, `round:<roundId>:bet:<n>`
 * and `round:<roundId>:win`.
 */

export function slotTitleOf(gameId: string): SlotTitle {
  const title = getTitle(gameId);
  if (!title) throw new AppError('NOT_FOUND', `No game ${gameId}`);
  if (title.kind !== 'slot') throw new AppError('WRONG_GAME', `${gameId} is not a slot`);
  return title;
}

function passes(check: () => void): boolean {
  try {
    check();
    return true;
  } catch {
    return false;
  }
}

function assertRngHealthy(): void {
  if (!rngHealth.healthy) throw new AppError('SERVICE_UNAVAILABLE', 'Play is suspended: the random number generator failed its health tests');
}

export async function findRoundByRequest(db: Db, owner: GameOwner, clientRequestId: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRound)
    .where(and(ownedBy(gameRound, owner), eq(gameRound.clientRequestId, clientRequestId)));
  return row;
}

const roundInPlayError = (roundId: string) =>
  new AppError('ROUND_IN_PLAY', 'Finish the round in play first', [{ field: 'roundId', error: `Round ${roundId} is still in play` }]);

/** The partial unique indexes that hold one round in play per owner, game and mode (migration 0010). */
const IN_PLAY_KEYS = new Set(['game_round_player_in_play_key', 'game_round_visitor_in_play_key']);

function isInPlayConflict(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string' && IN_PLAY_KEYS.has(constraint)) return true;
    if (code === '23505' && String((current as { message?: unknown }).message ?? '').includes('_in_play_key')) return true;
  }
  return false;
}

function sameRequest(round: RoundRow, session: ActiveGameSession, stakeMinor: number): void {
  // Rounds with further stakes (a blackjack double) keep their opening stake in the stored state.
  const opening = (round.outcome as { state?: { stake?: unknown } } | null)?.state?.stake;
  const sameStake = round.stake === BigInt(stakeMinor) || opening === stakeMinor;
  if (round.gameId !== session.gameId || round.mode !== session.mode || !sameStake) {
    throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'clientRequestId', error: 'This request id was already used for a different request' }]);
  }
}

/** Credits an OPEN round's stored win and marks it SETTLED; nothing when it is no longer OPEN. */
export async function settleRound(db: Db, roundId: string, now = new Date()): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [round] = await tx
      .select()
      .from(gameRound)
      .where(and(eq(gameRound.id, roundId), eq(gameRound.status, 'OPEN'), NOT_IN_PLAY))
      .for('update');
    if (!round) return;
    if (round.mode === 'REAL') {
      await createSeamlessWallet(tx).credit({
        providerId: STUDIO_PROVIDER_ID,
        playerId: realPlayerId(round),
        transactionId: winTransactionId(round.id),
        roundId: round.id,
        gameId: round.gameId,
        gameKind: getTitle(round.gameId)?.kind,
        currency: round.currency,
        amount: round.win,
      });
    }
    await tx.update(gameRound).set({ status: 'SETTLED', settledAt: now }).where(eq(gameRound.id, round.id));
  });
}

/** Settles every round of the owner (player or visitor) left OPEN (a crash between the bet and the win). */
export async function settleOpenRounds(db: Db, owner: GameOwner): Promise<number> {
  const open = await db
    .select({ id: gameRound.id })
    .from(gameRound)
    .where(and(ownedBy(gameRound, owner), eq(gameRound.status, 'OPEN'), NOT_IN_PLAY));
  for (const round of open) await settleRound(db, round.id);
  return open.length;
}

export async function hasRoundInPlay(db: Db, owner: GameOwner): Promise<boolean> {
  const rows = await db
    .select({ id: gameRound.id })
    .from(gameRound)
    .where(and(ownedBy(gameRound, owner), eq(gameRound.status, 'OPEN'), IN_PLAY))
    .limit(1);
  return rows.length > 0;
}

/** The session's round still in play (mines, blackjack), if any. */
export async function openRoundOf(db: Db, session: ActiveGameSession): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(gameRound)
    .where(
      and(ownedBy(gameRound, session.owner), eq(gameRound.gameId, session.gameId), eq(gameRound.mode, session.mode), eq(gameRound.status, 'OPEN'), IN_PLAY),
    )
    .orderBy(desc(gameRound.createdAt))
    .limit(1);
  return row;
}

/**
 * One step of a round in play, under the round's row lock: `step` answers the next outcome, and
 * when it ends the round its win, which is credited (real play: the wallet; free play: the virtual
 * balance) and the round SETTLED in the same transaction.
 */
export async function stepRound(db: Db, session: ActiveGameSession, roundId: string, step: RoundStep): Promise<SpinResult> {
  const round = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(gameRound)
      .where(and(eq(gameRound.id, roundId), ownedBy(gameRound, session.owner), eq(gameRound.gameId, session.gameId), eq(gameRound.mode, session.mode)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No round with this id in this game session');
    const [seed] = await tx.select().from(gameSeed).where(eq(gameSeed.id, row.seedId));
    if (!seed) throw new Error('round without its seed');
    const next = step(row, seed);
    if (!next) return { updated: row, netPosition: undefined };
    const now = new Date();
    const extra = next.extraStake ?? 0n;
    if (extra > 0n) {
      // A further stake of the same round (a double, a split, insurance): debited before anything is stored.
      if (session.mode === 'REAL') {
        if (next.betNumber === undefined) throw new Error('a further stake without its bet number');
        await createSeamlessWallet(tx).debit({
          providerId: STUDIO_PROVIDER_ID,
          playerId: realPlayerId(row),
          transactionId: furtherBetTransactionId(row.id, next.betNumber),
          roundId: row.id,
          gameId: row.gameId,
          gameKind: getTitle(row.gameId)?.kind,
          // A further stake of a round under way: its cycle began at the deal.
          gameCycleHeld: true,
          currency: row.currency,
          amount: extra,
        });
      } else {
        const [free] = await tx
          .select({ balance: gameSession.freeBalance })
          .from(gameSession)
          .where(eq(gameSession.tokenHash, session.tokenHash))
          .for('update');
        if (!free || free.balance < extra) throw new AppError('INSUFFICIENT_FUNDS', 'Not enough virtual balance for this stake');
      }
    }
    const [updated] = await tx
      .update(gameRound)
      .set({ outcome: next.outcome, win: next.win, stake: row.stake + extra, ...(next.ended ? { status: 'SETTLED', settledAt: now } : {}) })
      .where(eq(gameRound.id, row.id))
      .returning();
    if (!updated) throw new Error('round vanished');
    if (next.ended) {
      if (session.mode === 'REAL') {
        await createSeamlessWallet(tx).credit({
          providerId: STUDIO_PROVIDER_ID,
          playerId: realPlayerId(row),
          transactionId: winTransactionId(row.id),
          roundId: row.id,
          gameId: row.gameId,
          gameKind: getTitle(row.gameId)?.kind,
          currency: row.currency,
          amount: next.win,
        });
      }
    }
    const paid = next.ended ? next.win : 0n;
    const netPosition = await moveSessionPosition(
      tx,
      session,
      paid - extra,
      session.mode === 'FREE' ? sql`${gameSession.freeBalance} + ${paid - extra}` : undefined,
    );
    return { updated, netPosition };
  });
  return {
    round: round.updated,
    serverSeedHash: await seedHashOf(db, round.updated.seedId),
    balance: await sessionBalance(db, session),
    netPosition: round.netPosition,
  };
}

export async function seedHashOf(db: Db, seedId: string): Promise<string> {
  const [row] = await db.select({ hash: gameSeed.serverSeedHash }).from(gameSeed).where(eq(gameSeed.id, seedId));
  if (!row) throw new Error('round without its seed');
  return row.hash;
}

export async function sessionBalance(db: Db, session: ActiveGameSession): Promise<bigint> {
  if (session.mode === 'FREE') {
    const [row] = await db.select({ freeBalance: gameSession.freeBalance }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash));
    return row?.freeBalance ?? 0n;
  }
  const balance = await getPlayerBalance(db, realPlayerId(session), session.currency);
  return balance.cash + balance.bonus;
}

/** Rounds played in several requests (mines, blackjack) keep `inPlay: true` in their outcome until they end. */
export const IN_PLAY = sql`coalesce(${gameRound.outcome}->>'inPlay', 'false') = 'true'`;
const NOT_IN_PLAY = sql`coalesce(${gameRound.outcome}->>'inPlay', 'false') <> 'true'`;

/**
 * 429 naming the rule when the owner's last round among `games` started less than `minMs` before
 * `now` (nothing to wait for when the rule sets no minimum); read under the owner's seed lock.
 */
async function refuseTooSoon(
  tx: Db,
  session: ActiveGameSession,
  now: Date,
  rule: { minMs: number; games: SQL; field: string; message(waitSeconds: string): string; error: string },
): Promise<void> {
  if (rule.minMs <= 0) return;
  const [last] = await tx
    .select({ createdAt: gameRound.createdAt })
    .from(gameRound)
    .where(and(ownedBy(gameRound, session.owner), rule.games))
    .orderBy(desc(gameRound.createdAt))
    .limit(1);
  if (!last) return;
  const wait = last.createdAt.getTime() + rule.minMs - now.getTime();
  if (wait > 0)
    throw new AppError('TOO_MANY_REQUESTS', rule.message((wait / 1000).toFixed(1)), [{ field: rule.field, error: rule.error }], {
      retryAfterSeconds: Math.ceil(wait / 1000),
    });
}

/** The jurisdiction's minimum time between slot spins (any slot of the owner's); 429 naming the rule when it is not over. */
export async function enforceSpinInterval(tx: Db, session: ActiveGameSession, now: Date): Promise<void> {
  const { jurisdiction, minSpinIntervalMs } = rulesFor(session.country);
  await refuseTooSoon(tx, session, now, {
    minMs: minSpinIntervalMs,
    games: inArray(gameRound.gameId, [...SLOT_GAME_IDS]),
    field: 'minSpinInterval',
    message: (wait) => `${jurisdiction} rules: at least ${minSpinIntervalMs / 1000} seconds between slot spins; please wait ${wait} s`,
    error: `The ${jurisdiction} minimum of ${minSpinIntervalMs / 1000} s between slot spins is not over yet`,
  });
}

/**
 * The jurisdiction's minimum game cycle of a casino game other than slots (GB: 5 s, RTS 14G): a
 * round of the session's game starts no sooner than that after the owner's previous round of the
 * same game started, whichever path or session started it; 429 naming the rule, with the seconds
 * left. Read under the owner's seed lock, which every round takes, so parallel starts cannot both
 * pass. A round played in several requests (blackjack, mines) is one cycle from its start.
 */
export async function enforceGameCycle(tx: Db, session: ActiveGameSession, now: Date): Promise<void> {
  const { jurisdiction, minGameCycleMs } = rulesFor(session.country);
  await refuseTooSoon(tx, session, now, {
    minMs: minGameCycleMs,
    games: eq(gameRound.gameId, session.gameId),
    field: 'minGameCycle',
    message: (wait) => `${jurisdiction} rules: a game takes at least ${minGameCycleMs / 1000} seconds; the next one may start in ${wait} s`,
    error: `The ${jurisdiction} minimum game cycle of ${minGameCycleMs / 1000} s is not over yet`,
  });
}

/**
 * One instant round (slot spin, roulette spin, plinko drop) in the session's mode; a retry with
 * the same clientRequestId answers the same round. A round that ends at once is one transaction:
 * the nonce, the outcome, the round row (SETTLED), the bet and the win; a crash before its commit
 * leaves nothing, and the retry draws the same nonce and so the same outcome. A round that stays in
 * play (mines, blackjack) commits its bet and stored outcome, and its later steps settle it.
 */
/** How a round may be played: `generalPathOnly` keeps it off the one statement (a test comparing the rows each path writes). */
export interface RoundPaths {
  generalPathOnly?: boolean;
}

export async function playInstantRound(db: Db, session: ActiveGameSession, play: InstantRound, paths: RoundPaths = {}): Promise<SpinResult> {
  const { stakeMinor, clientRequestId } = play;
  // A request its checks refuse may still be the retry of one that passed: the general path looks for that first.
  if (!paths.generalPathOnly && !play.staysInPlay && mayTakeOneStatement(session) && passes(play.check) && rngHealth.healthy) {
    const fast = await playInOneStatement(db, session, play);
    if (fast) return fast;
  }
  const isSlot = isSlotGame(session.gameId);
  const played = await openRound(
    db,
    session,
    play,
    async (tx): Promise<{ round: RoundRow; seed: SeedRow; balance?: bigint; nextNonce?: number; netPosition?: bigint }> => {
      if (session.mode === 'FREE') {
        await tx.select({ tokenHash: gameSession.tokenHash }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash)).for('update');
      }
      const seed: SeedRow = await lockActiveSeed(tx, session.owner);
      // Under the seed lock: a concurrent request with the same id has either committed or not started.
      const duplicate = await findRoundByRequest(tx, session.owner, clientRequestId);
      if (duplicate) {
        sameRequest(duplicate, session, stakeMinor);
        return { round: duplicate, seed };
      }
      play.check();
      if (play.staysInPlay) {
        // Under the seed lock every round of this owner takes: a round opened meanwhile has committed.
        const open = await openRoundOf(tx, session);
        if (open) throw roundInPlayError(open.id);
      }
      assertRngHealthy();
      const now = new Date();
      if (isSlot) {
        // Under the seed lock, which opening another slot session also takes: an ended session stakes nothing.
        if (rulesFor(session.country).oneSlotAtATime) await refuseIfSessionEnded(tx, session, now);
        await enforceSpinInterval(tx, session, now);
      } else {
        await enforceGameCycle(tx, session, now);
      }
      const nonce = await takeNonce(tx, seed);
      const { outcome, win, inPlay = false } = play.compute(seed, nonce);
      const stake = BigInt(stakeMinor);
      let balance: bigint | undefined;
      if (session.mode === 'FREE') {
        const [free] = await tx.select({ balance: gameSession.freeBalance }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash));
        if (!free || free.balance < stake) throw new AppError('INSUFFICIENT_FUNDS', 'Not enough virtual balance for this stake');
        balance = free.balance - stake + (inPlay ? 0n : win);
      }
      const [round] = await tx
        .insert(gameRound)
        .values({
          ...ownerColumns(session.owner),
          gameId: session.gameId,
          mode: session.mode,
          currency: session.currency,
          stake,
          win,
          status: inPlay ? 'OPEN' : 'SETTLED',
          seedId: seed.id,
          nonce,
          outcome,
          clientRequestId,
          createdAt: now,
          settledAt: inPlay ? null : now,
        })
        .returning();
      if (!round) throw new Error('round not opened');
      if (session.mode === 'REAL') {
        const wallet = createSeamlessWallet(tx);
        // Held to the game cycle just above, under the seed lock (`enforceGameCycle`).
        const game = {
          providerId: STUDIO_PROVIDER_ID,
          playerId: realPlayerId(session),
          roundId: round.id,
          gameId: session.gameId,
          gameKind: getTitle(session.gameId)?.kind,
          gameCycleHeld: true as const,
          currency: session.currency,
        };
        let after = await wallet.debit({ ...game, transactionId: betTransactionId(round.id), amount: stake });
        if (!inPlay) after = await wallet.credit({ ...game, transactionId: winTransactionId(round.id), amount: win });
        balance = after.cash + after.bonus;
      }
      // The stake counts now, a win once it is paid (a round in play: when it ends, in stepRound).
      const netPosition = await moveSessionPosition(tx, session, (inPlay ? 0n : win) - stake, session.mode === 'FREE' ? balance : undefined);
      return { round, seed, balance, nextNonce: nonce + 1, netPosition };
    },
  );
  const { round, seed } = played;
  // Committed: the next round of this player may take the one-statement path from this nonce.
  if (played.nextNonce !== undefined && session.mode === 'REAL') rememberSeed(realPlayerId(session), { ...seed, nextNonce: played.nextNonce });
  return {
    round,
    serverSeedHash: seed.id === round.seedId ? seed.serverSeedHash : await seedHashOf(db, round.seedId),
    balance: played.balance ?? (await sessionBalance(db, session)),
    ...(played.netPosition === undefined ? {} : { netPosition: played.netPosition }),
  };
}

/** The round's transaction; a second round in play that slipped past the check is refused by the database as the check would. */
async function openRound<T>(db: Db, session: ActiveGameSession, play: InstantRound, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await inTransaction(db, work);
  } catch (error) {
    if (!play.staysInPlay || !isInPlayConflict(error)) throw error;
    const open = await openRoundOf(db, session);
    throw roundInPlayError(open?.id ?? 'of this game');
  }
}

/** One paid slot round in the session's mode; a retry with the same clientRequestId answers the same round. */
export async function spinSlot(db: Db, session: ActiveGameSession, stakeMinor: number, clientRequestId: string, paths: RoundPaths = {}): Promise<SpinResult> {
  // The slot kind's own round (`kinds/slots`), from a stake in minor units.
  return playInstantRound(
    db,
    session,
    kindOf(slotTitleOf(session.gameId)).start.round(slotTitleOf(session.gameId), session, { stake: fromMinorUnits(BigInt(stakeMinor)), clientRequestId }),
    paths,
  );
}

/** The session's net position (wins − stakes of its rounds, minor units) and its age in whole seconds. */
export async function sessionPosition(db: Db, session: ActiveGameSession, now = new Date()): Promise<{ netPosition: bigint; elapsedSeconds: number }> {
  const [row] = await db.select({ netPosition: gameSession.netPosition }).from(gameSession).where(eq(gameSession.tokenHash, session.tokenHash));
  return { netPosition: row?.netPosition ?? 0n, elapsedSeconds: sessionElapsedSeconds(session, now) };
}

/**
 * Adds `delta` (a win paid minus stakes taken, minor units) to the session's running net position,
 * in the transaction that moves the money; free play also sets the virtual balance. Answers the
 * position after.
 */
export async function moveSessionPosition(tx: Db, session: ActiveGameSession, delta: bigint, freeBalance?: bigint | SQL): Promise<bigint> {
  const [row] = await tx
    .update(gameSession)
    .set({ netPosition: sql`${gameSession.netPosition} + ${delta}`, ...(freeBalance === undefined ? {} : { freeBalance }) })
    .where(eq(gameSession.tokenHash, session.tokenHash))
    .returning({ netPosition: gameSession.netPosition });
  if (!row) throw new Error('game session vanished');
  return row.netPosition;
}

/** The game session's age in whole seconds. */
export function sessionElapsedSeconds(session: ActiveGameSession, now = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - session.createdAt.getTime()) / 1000));
}

export interface RoundHistoryEntry {
  round: RoundRow;
  serverSeedHash: string;
  revealed: boolean;
}

export async function recentRounds(db: Db, owner: GameOwner, limit: number): Promise<RoundHistoryEntry[]> {
  const rows = await db
    .select({ round: gameRound, serverSeedHash: gameSeed.serverSeedHash, revealedAt: gameSeed.revealedAt })
    .from(gameRound)
    .innerJoin(gameSeed, eq(gameSeed.id, gameRound.seedId))
    .where(ownedBy(gameRound, owner))
    .orderBy(desc(gameRound.createdAt), desc(gameRound.nonce))
    .limit(limit);
  return rows.map((row) => ({ round: row.round, serverSeedHash: row.serverSeedHash, revealed: row.revealedAt !== null }));
}

export interface Verification {
  round: RoundRow;
  seed: SeedRow;
  recomputed: unknown;
  verified: boolean;
}

/** Recomputes a round from its revealed seed; 400 while the seed is still secret. */
export async function verifyRound(db: Db, owner: GameOwner, roundId: string): Promise<Verification> {
  const [row] = await db
    .select({ round: gameRound, seed: gameSeed })
    .from(gameRound)
    .innerJoin(gameSeed, eq(gameSeed.id, gameRound.seedId))
    .where(and(eq(gameRound.id, roundId), ownedBy(gameRound, owner)));
  if (!row) throw new AppError('NOT_FOUND', 'No round with this id');
  if (!row.seed.revealedAt) throw new AppError('SEED_NOT_REVEALED');
  const title = getTitle(row.round.gameId);
  if (!title) throw new AppError('NOT_FOUND', `No game ${row.round.gameId}`);
  const replayed = kindOf(title).replay(title, { stake: Number(row.round.stake), outcome: row.round.outcome }, row.seed, row.round.nonce);
  const plain: unknown = JSON.parse(JSON.stringify(replayed.outcome));
  const verified =
    hashServerSeed(row.seed.serverSeed) === row.seed.serverSeedHash && isDeepStrictEqual(plain, row.round.outcome) && BigInt(replayed.win) === row.round.win;
  return { round: row.round, seed: row.seed, recomputed: replayed.outcome, verified };
}
