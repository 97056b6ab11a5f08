import { and, eq, inArray } from 'drizzle-orm';
import type { SettledAtLock } from '../../../contracts/games/play';
import type { Db } from '../../db/database';
import { gameRound, gameSeed } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { createSeamlessWallet } from '../../platform/wallet';
import type { AnyGameKind, SettledAtLockEntry } from '../kinds/game-kind';
import { TITLES } from '../titles/registry';
import { realPlayerId } from './game-owner';
import { betTransactionId, furtherBetTransactionId, IN_PLAY, STUDIO_PROVIDER_ID, winTransactionId } from './rounds';

/**
 * Rounds in play (mines, blackjack) closed when a lock starts (issue 26, item 7; server/games/README.md
 * "Rounds in play at a lock"). The kind decides how its round closes (`GameKind.atLock`: cash
 * out or stand when that is the player's best outcome taking no new risk, else void); this file
 * stores it and moves the money, once per round:
 *
 * - under the round's row lock, and by a conditional update (`status = 'OPEN'` and still in play):
 *   a second settlement, run again or in parallel on another node, or a player's move that got the
 *   row first, finds the round closed and does nothing;
 * - a cash-out or stand is credited as the round's win (`round:<id>:win`, the id its own last move
 *   would have used, so the round can never be paid twice) and the round is SETTLED;
 * - a void rolls back every stake of the round (`round:<id>:bet` and each `round:<id>:bet:<n>`),
 *   each to the bucket it came from, undoing what it counted for limits, wagering and loyalty; the
 *   round is ROLLED_BACK with win 0;
 * - the outcome keeps `settledAtLock` (reason, time, resolution, what came back), which the history,
 *   the public view and verification show (`keepLockMark`).
 *
 * The wallet's responsible-gaming policy refuses a locked player's bets only: a win or a rollback of
 * an existing round passes, so these settle a player who is already locked (new stakes stay refused).
 * The game session's net position is not moved: the lock has ended the player's game sessions.
 */

/** Settles every round of `kind` the player has in play (real and free play), each once; answers those closed now. */
export async function settleKindRoundsAtLock(db: Db, kind: AnyGameKind, playerId: string, reason: string, now: Date): Promise<SettledAtLockEntry[]> {
  if (!kind.atLock) return [];
  const gameIds = TITLES.filter((title) => title.kind === kind.kind).map((title) => title.gameId);
  if (gameIds.length === 0) return [];
  const open = await db
    .select({ id: gameRound.id })
    .from(gameRound)
    .where(and(eq(gameRound.playerId, playerId), inArray(gameRound.gameId, gameIds), eq(gameRound.status, 'OPEN'), IN_PLAY));
  const settled: SettledAtLockEntry[] = [];
  for (const { id } of open) {
    const entry = await settleRoundAtLock(db, kind, id, reason, now);
    if (entry) settled.push(entry);
  }
  return settled;
}

async function settleRoundAtLock(db: Db, kind: AnyGameKind, roundId: string, reason: string, now: Date): Promise<SettledAtLockEntry | undefined> {
  return inTransaction(db, async (tx) => {
    const stillInPlay = and(eq(gameRound.id, roundId), eq(gameRound.status, 'OPEN'), IN_PLAY);
    const [round] = await tx.select().from(gameRound).where(stillInPlay).for('update');
    if (!round) return undefined;
    const title = TITLES.find((candidate) => candidate.gameId === round.gameId);
    const [seed] = await tx.select().from(gameSeed).where(eq(gameSeed.id, round.seedId));
    if (!title || !seed || !kind.atLock) throw new Error(`round ${round.id} cannot be settled at the lock`);
    const decided = kind.atLock(title, { stake: Number(round.stake), outcome: round.outcome, nonce: round.nonce }, seed);
    const voided = decided.resolution === 'VOIDED';
    const returned = voided ? round.stake : decided.win;
    const mark: SettledAtLock = { reason, at: now.toISOString(), resolution: decided.resolution, returned: Number(returned) };
    const outcome = { ...(decided.outcome as object), inPlay: false, ...(voided ? { win: 0 } : {}), settledAtLock: mark };
    // The decision: only a round still open and in play is closed, by this transaction alone.
    const [closed] = await tx
      .update(gameRound)
      .set({ outcome, status: voided ? 'ROLLED_BACK' : 'SETTLED', win: voided ? 0n : decided.win, settledAt: now })
      .where(stillInPlay)
      .returning({ id: gameRound.id });
    if (!closed) return undefined;
    if (round.mode === 'REAL') {
      const wallet = createSeamlessWallet(tx);
      const game = { providerId: STUDIO_PROVIDER_ID, playerId: realPlayerId(round), roundId: round.id, gameId: round.gameId, gameKind: title.kind };
      if (voided) {
        for (const original of [betTransactionId(round.id), ...decided.furtherBets.map((n) => furtherBetTransactionId(round.id, n))]) {
          await wallet.rollback({ ...game, transactionId: `${original}:void-at-lock`, originalTransactionId: original });
        }
      } else {
        await wallet.credit({ ...game, transactionId: winTransactionId(round.id), currency: round.currency, amount: decided.win });
      }
    }
    return { ...mark, kind: kind.kind, gameId: round.gameId, id: round.id, currency: round.currency, staked: Number(round.stake) };
  });
}
