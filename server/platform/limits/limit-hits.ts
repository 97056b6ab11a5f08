import { LIMIT_REACHED_REASONS as limitReachedReasons } from '../../../contracts/back-office/flags';
import type { RealityCheckPattern } from './reality-check-patterns';

/** A responsible-gaming limit that refused a player's bet or deposit. */
export interface LimitHit {
  playerId: string;
  /** The refusal's status: LOSS_LIMIT_REACHED, WAGER_LIMIT_REACHED, SESSION_LIMIT_REACHED, GAME_TIME_LIMIT_REACHED or HIGH_LIMIT (deposit). */
  reason: string;
  currency: string;
  at: Date;
}

/**
 * Where the module tells what the back office flags a player for (a customer interaction): limit
 * refusals and reality-check patterns. Handed in by the composition root (server/modules.ts) when it
 * builds the module, so no list of listeners lives in module state.
 */
export interface LimitNotices {
  /**
   * A limit refused a bet or a deposit. The refusal is raised inside the movement's transaction,
   * which then rolls back: what is kept must be written outside that transaction, after it.
   */
  limitReached(hit: LimitHit): void;
  /** A Continue answer showed the pattern; told after the answer is stored, outside any transaction. */
  realityCheckPattern(pattern: RealityCheckPattern): void;
}

/** Nobody told (a module built without the back office, as a bench or a unit test builds it). */
export const NO_LIMIT_NOTICES: LimitNotices = { limitReached: () => undefined, realityCheckPattern: () => undefined };

// The list is the back office's contract: its flags queue names each of them.
export const LIMIT_REACHED_REASONS: ReadonlySet<string> = new Set(limitReachedReasons);

/** Called where a limit refuses; a failing notice never changes the refusal. */
export function noteLimitReached(notices: Pick<LimitNotices, 'limitReached'>, hit: LimitHit): void {
  if (!LIMIT_REACHED_REASONS.has(hit.reason)) return;
  try {
    notices.limitReached(hit);
  } catch {
    // The refusal stands whatever the notice does.
  }
}
