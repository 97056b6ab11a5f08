import { LIMIT_REACHED_REASONS as limitReachedReasons } from '../../../contracts/back-office/flags';

/** A responsible-gaming limit that refused a player's bet or deposit. */
export interface LimitHit {
  playerId: string;
  /** The refusal's status: LOSS_LIMIT_REACHED, WAGER_LIMIT_REACHED, SESSION_LIMIT_REACHED, GAME_TIME_LIMIT_REACHED or HIGH_LIMIT (deposit). */
  reason: string;
  currency: string;
  at: Date;
}

type LimitHitListener = (hit: LimitHit) => void;
const listeners = new Set<LimitHitListener>();

/**
 * Tells `listener` of every limit refusal (the back office flags the player for a customer
 * interaction). The refusal is raised inside the movement's transaction, which then rolls back: a
 * listener must record what it keeps outside that transaction, after it. Answers the unsubscribe.
 */
export function onLimitReached(listener: LimitHitListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The list is the back office's contract: its flags queue names each of them.
export const LIMIT_REACHED_REASONS: ReadonlySet<string> = new Set(limitReachedReasons);

/** Called where a limit refuses; a failing listener never changes the refusal. */
export function noteLimitReached(hit: LimitHit): void {
  if (!LIMIT_REACHED_REASONS.has(hit.reason)) return;
  for (const listener of listeners) {
    try {
      listener(hit);
    } catch {
      // The refusal stands whatever a listener does.
    }
  }
}
