// The responsible-gaming module's public face (RG-*; server/platform/limits/README.md): limits, time
// limits, the reality check and locks. Its money rules run as policies at the wallet's policy point
// (responsibleGamingPolicies, which the composition root puts into the wallet); the cashier asks it at every deposit; the
// game server and the accounts module ask it whether a player is locked.
// First, and from a file that imports nothing of ours: the game server reads playerLockedSql when
// its modules load, and it is reached from here again (accounts → games) whichever export loads first.
export { playerLockedSql, signInRefusedSql, timeOutEndSql } from './play-rules-sql';
export { responsibleGamingPolicies } from './play-policy';
export { DEFAULT_LIMIT_SETTINGS, limitSettings, type LimitSettings } from './settings';
export { depositHeadroom, type DepositHeadroom } from './deposit-limits';
// Deposit limits the operator sets (a financial vulnerability check's CONCERN, issue 29 item 3): the player cannot raise them.
export { operatorDepositLimits, setOperatorDepositLimit } from './deposit-limits';
// The words of a lock a player reads, in their language (issue 27).
export { lockedText, restrictedText, returnReceivedText } from './lock-texts';
export { lockRefusal, refuseIfLocked, requestExclusionReturn, locksInForce } from './locks.service';
// The one door to a player session asks these (session-store.ts openSession; issue 26 defects 3 and 4).
export { serializeWithSessions, signInRefusal } from './locks.service';
// A lock staff take for a player (the back office), in the caller's transaction.
export { lockPlayer, type EndSessions } from './locks.service';
export { changeLimit, listLimits, type DepositUsageSource, type UsageSources } from './limits.service';

import type { PlayStatus } from '../../../contracts/platform/limits/limits';
import type { Db } from '../../db/database';
import type { DepositUsageSource } from './limits.service';
import type { EndSessions } from './locks.service';
import { answerRealityCheck as answer, getPlayStatus as status } from './play-status';
import { notePlayWithoutStake as notePlay } from './play-policy';
import { checkDepositLimits as checkDeposit } from './deposit-limits';
import { NO_LIMIT_NOTICES, type LimitNotices } from './limit-hits';
import type { LimitSettings } from './settings';

/**
 * What of responsible gaming needs the cashier's deposits, which deposit limits are measured on, or
 * the module's settings (RG_* in the configuration): built by the composition root
 * (server/modules.ts) with both handed in, never imported or kept in module state, and reached
 * through the service context (`context.limits`).
 */
export interface Limits {
  /** The settings the module was built with: cooling-off, session break, the limits' maxima, the reality-check pattern's thresholds. */
  readonly settings: LimitSettings;
  /** Where limit refusals and reality-check patterns are told (the back office's flags). */
  readonly notices: LimitNotices;
  /** The player's play status: the reality check, time played, net position, every limit with its usage, and why play is refused if it is. */
  getPlayStatus(db: Db, playerId: string, now?: Date, currency?: string): Promise<PlayStatus>;
  /** The player's answer to a due reality check: CONTINUE restarts the interval; LOGOUT ends every session of the player (by `endSessions`). */
  answerRealityCheck(db: Db, playerId: string, action: 'CONTINUE' | 'LOGOUT', endSessions: EndSessions, now?: Date): Promise<{ nextDueAt: Date | null }>;
  /** Time played in a round that stakes nothing (a free spin), in the round's transaction: it moves the play clock as a bet does. */
  notePlayWithoutStake(tx: Db, playerId: string, currency: string, net: bigint): Promise<void>;
  /**
   * Refuses a deposit a lock forbids (PLAYER_LOCKED), in a currency without deposit limits while the
   * player keeps them in another (LIMIT_CURRENCY_NOT_SET), or that would pass a limit (HIGH_LIMIT);
   * in the deposit's transaction.
   */
  checkDepositLimits(tx: Db, deposit: { playerId: string; currency: string; amount: bigint }, now?: Date): Promise<void>;
}

export function createLimits({
  deposits,
  settings,
  notices = NO_LIMIT_NOTICES,
}: {
  deposits: DepositUsageSource;
  settings: LimitSettings;
  notices?: LimitNotices;
}): Limits {
  return {
    settings,
    notices,
    getPlayStatus: (db, playerId, now = new Date(), currency = 'EUR') => status(db, playerId, currency, { deposits, settings }, now),
    answerRealityCheck: (db, playerId, action, endSessions, now = new Date()) => answer(db, playerId, action, endSessions, settings, notices, now),
    notePlayWithoutStake: (tx, playerId, currency, net) => notePlay(tx, playerId, currency, net, settings),
    checkDepositLimits: (tx, deposit, now = new Date()) => checkDeposit(tx, deposit, deposits, notices, now),
  };
}

// What the back office's evidence pack reads: limits and locks of a time window (server/back-office/README.md).
export { limitEvidence, type LimitEvidence, type LockEvidence } from './evidence';
// Limit refusals as they happen, for the back office's flagged-players queue (server/back-office/README.md).
export { NO_LIMIT_NOTICES, type LimitHit, type LimitNotices } from './limit-hits';
// Reality checks answered with Continue again and again, or in a long session, for the same queue.
export type { RealityCheckPattern } from './reality-check-patterns';
