import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameRound, gameSeed } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { SettledAtLock } from '../../../contracts/games/play';
import { lockMarkOf } from '../kinds/lock-mark';
import { kindOf } from '../kinds/registry';
import { getTitle } from '../titles/registry';
import { verifyRound, type RoundRow } from './rounds';

/**
 * A player's rounds for the back office (issue 15, "rounds with recall"): a page of them, and one
 * recalled as recorded — the outcome as the player was shown it, the seed commitment, and the
 * verification once the seed is revealed. Read only: nothing here settles or changes a round.
 */

export interface PlayedRound {
  roundId: string;
  gameId: string;
  gameName: string;
  kind: string | null;
  mode: string;
  currency: string;
  stake: bigint;
  win: bigint;
  status: string;
  playedAt: Date;
  settledAt: Date | null;
  /** Set when the round was in play at a lock and closed then (status ROLLED_BACK: voided, its stakes returned). */
  settledAtLock: SettledAtLock | null;
}

function playedRound(round: RoundRow): PlayedRound {
  const title = getTitle(round.gameId);
  return {
    roundId: round.id,
    gameId: round.gameId,
    gameName: title?.name ?? round.gameId,
    kind: title?.kind ?? null,
    mode: round.mode,
    currency: round.currency,
    stake: round.stake,
    win: round.win,
    status: round.status,
    playedAt: round.createdAt,
    settledAt: round.settledAt,
    settledAtLock: lockMarkOf(round.outcome),
  };
}

/** The player's rounds, newest first, one page at a time, with the total. */
export async function playerRounds(db: Db, playerId: string, page: { offset: number; limit: number }): Promise<{ total: number; rounds: PlayedRound[] }> {
  const owned = eq(gameRound.playerId, playerId);
  const [rows, [counted]] = await Promise.all([
    db.select().from(gameRound).where(owned).orderBy(desc(gameRound.createdAt), desc(gameRound.nonce)).offset(page.offset).limit(page.limit),
    db.select({ total: count() }).from(gameRound).where(owned),
  ]);
  return { total: Number(counted?.total ?? 0), rounds: rows.map(playedRound) };
}

export interface RecalledRound extends PlayedRound {
  nonce: number;
  outcome: unknown;
  seed: { serverSeedHash: string; clientSeed: string; serverSeed: string | null; revealed: boolean };
  verification: { verified: boolean; recomputedOutcome: unknown } | null;
}

/**
 * One of the player's rounds as recorded; another player's round is NOT_FOUND. The server seed is
 * given only once revealed: while it is the player's active seed it decides their next rounds, and
 * nobody — staff included — may know it then.
 */
export async function recallPlayerRound(db: Db, playerId: string, roundId: string): Promise<RecalledRound> {
  const [row] = await db
    .select({ round: gameRound, seed: gameSeed })
    .from(gameRound)
    .innerJoin(gameSeed, eq(gameSeed.id, gameRound.seedId))
    .where(and(eq(gameRound.id, roundId), eq(gameRound.playerId, playerId)));
  if (!row) throw new AppError('NOT_FOUND', 'No round with this id');
  const { round, seed } = row;
  const title = getTitle(round.gameId);
  const revealed = seed.revealedAt !== null;
  const verification = revealed && title ? await verifyRound(db, { playerId }, round.id) : null;
  return {
    ...playedRound(round),
    nonce: round.nonce,
    outcome: title ? kindOf(title).publicView(title, round.outcome) : round.outcome,
    seed: { serverSeedHash: seed.serverSeedHash, clientSeed: seed.clientSeed, serverSeed: revealed ? seed.serverSeed : null, revealed },
    verification: verification ? { verified: verification.verified, recomputedOutcome: verification.recomputed } : null,
  };
}
