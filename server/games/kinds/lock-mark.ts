import type { SettledAtLock } from '../../../contracts/games/play';

/**
 * The mark a round in play closed at a lock keeps in its stored outcome (`settledAtLock`; written by
 * `play/rounds-at-lock.ts`): what the history, the public view and verification show of it.
 */

type Marked = { inPlay: boolean; win: number; settledAtLock?: SettledAtLock };

/** Verification: a round closed at a lock replays to its stored outcome with the lock's mark (a record of how it closed, not a draw). */
export function keepLockMark<O extends { inPlay: boolean; win: number }>(stored: unknown, replayed: O): O {
  const mark = (stored as Marked | null)?.settledAtLock;
  if (!mark) return replayed;
  return { ...replayed, inPlay: false, ...(mark.resolution === 'VOIDED' ? { win: 0 } : {}), settledAtLock: mark };
}

/** The lock's mark of a stored outcome, if the round was closed at a lock. */
export function lockMarkOf(outcome: unknown): SettledAtLock | null {
  return (outcome as Marked | null)?.settledAtLock ?? null;
}
