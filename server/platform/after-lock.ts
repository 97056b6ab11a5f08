import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job';
import type { LockCashPayback, LockType } from '../../contracts/platform/limits/limits';
import type { Db } from '../db/database';
import type { ServiceContext } from '../service-context';
import { settleRoundsInPlay } from '../games';
import { forfeitBonusesOnLock } from './bonuses';
import { cashPaybackAnswer, claimDuePaybacks, paybackFailed, paybackOutcome, recordPaybackDue, returnCashAfterExclusion } from './cashier';

/**
 * What a time-out or self-exclusion sets off once it holds (issue 26 items 4 and 9), one sequence
 * for the player's own lock (`/ps/lockPlayer`) and staff's (`lockPlayerByStaff`):
 *
 *   1. settle the rounds in play            (the games module; see AFTER_LOCK_STEPS below)
 *   2. forfeit the player's bonuses          (the bonus engine: no bonus while a lock runs)
 *   3. self-exclusion: pay the cash back     (the cashier: closed loop, or a staff task)
 *
 * Durable: `inLockTransaction` runs inside the lock's transaction and, for a self-exclusion,
 * writes the "payback due" record there, so a crash after the lock commits cannot lose the
 * payback. `afterLockCommitted` then runs the steps; a payback still DUE (a crash, a failure, a
 * step that failed before it) is taken again by `startAfterLockRetry`'s timer (every minute, and
 * soon after start), which runs the same steps again: each is idempotent (rounds settle once,
 * bonuses forfeit once, payback request ids are fixed per lock, currency and part).
 * The lock holds whatever happens here.
 */

/** Where the steps write what failed: a request's logger or the process's. */
export interface AfterLockLog {
  error(details: object, message: string): void;
}

export interface LockTakenSummary {
  id: string;
  lockType: LockType;
}

/** Runs in the lock's transaction: for a self-exclusion, the "payback due" record. */
export async function inLockTransaction(tx: Db, playerId: string, lock: LockTakenSummary): Promise<void> {
  if (lock.lockType === 'EXCLUSION') await recordPaybackDue(tx, playerId, lock.id);
}

interface StepInput {
  context: ServiceContext;
  playerId: string;
  lock: LockTakenSummary;
  log: AfterLockLog;
}

interface AfterLockStep {
  name: string;
  /** A step that must succeed before the next ones run (else they wait for the retry timer). */
  required: boolean;
  /** Only for these lock types (all when absent). */
  only?: LockType;
  run(input: StepInput): Promise<unknown>;
}

/**
 * The after-lock steps, in order. The games module's settlement goes in the first step: it must
 * run before any payback, so that the cash paid back includes what the rounds in play return.
 */
export const AFTER_LOCK_STEPS: readonly AfterLockStep[] = [
  {
    name: 'settle-rounds-in-play',
    required: true,
    // Rounds open at the lock settle at the player's best legal outcome without new risk (the
    // games module's rule, server/games/README.md), before any payback counts the cash.
    run: ({ context, playerId, lock }) => settleRoundsInPlay(context, playerId, lock.lockType).then(() => undefined),
  },
  {
    name: 'forfeit-bonuses',
    // Bonus money is not cash: a forfeit that fails is logged for staff and the payback still runs.
    required: false,
    run: ({ context, playerId }) => forfeitBonusesOnLock(context.database.db, playerId),
  },
  {
    name: 'pay-back-cash',
    required: true,
    only: 'EXCLUSION',
    run: ({ context, playerId, lock }) => returnCashAfterExclusion(context, playerId, lock.id),
  },
];

/** Runs the steps for a lock; false when a required step failed (what follows it waits for the retry). */
async function runSteps(input: StepInput): Promise<boolean> {
  for (const step of AFTER_LOCK_STEPS) {
    if (step.only && step.only !== input.lock.lockType) continue;
    try {
      await step.run(input);
    } catch (error) {
      input.log.error({ err: error, partyId: input.playerId, lockId: input.lock.id, step: step.name }, `after lock: ${step.name} failed`);
      if (step.required) {
        if (input.lock.lockType === 'EXCLUSION') await paybackFailed(input.context.database.db, input.lock.id, error).catch(() => undefined);
        return false;
      }
    }
  }
  return true;
}

/**
 * Runs the after-lock steps once the lock has committed; answers what happens to the player's cash
 * (null for a time-out: the cash stays in the account).
 */
export async function afterLockCommitted(
  context: ServiceContext,
  playerId: string,
  lock: LockTakenSummary,
  log: AfterLockLog,
): Promise<LockCashPayback | null> {
  await runSteps({ context, playerId, lock, log });
  if (lock.lockType !== 'EXCLUSION') return null;
  return cashPaybackAnswer(await paybackOutcome(context.database.db, lock.id).catch(() => undefined));
}

/** One pass of the retry: every payback still DUE whose lease ran out gets the after-lock steps again. */
export async function retryDueAfterLock(context: ServiceContext, log: AfterLockLog = context.logger): Promise<number> {
  let done = 0;
  for (const due of await claimDuePaybacks(context.database.db)) {
    if (await runSteps({ context, playerId: due.playerId, lock: { id: due.lockId, lockType: 'EXCLUSION' }, log })) done += 1;
  }
  return done;
}

/** How often a node looks for paybacks a crash or a failure left DUE. */
export const AFTER_LOCK_RETRY_INTERVAL_MS = 60_000;

/** The retry timer on this node: soon after start (what a crash left), then every interval. */
export function startAfterLockRetry(context: ServiceContext, intervalMs = AFTER_LOCK_RETRY_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob({
    logger: context.logger,
    module: 'platform',
    what: 'after lock: retry',
    intervalMs,
    firstAfterMs: 1_000,
    pass: async () => {
      const done = await retryDueAfterLock(context);
      if (done > 0) context.logger.info({ module: 'platform', done }, 'after lock: due paybacks processed');
    },
  });
}
