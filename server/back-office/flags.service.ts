import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { PlayerFlag, RecordInteractionRequest } from '../../contracts/back-office/flags';
import { formatMinorUnits } from '../../contracts/money';
import type { Db } from '../db/database';
import { playerFlag, playerFlagInteraction } from '../db/schema';
import { AppError } from '../http/app-error';
import { findPlayer, listJurisdictionMismatches } from '../platform/accounts';
import { openPaybackTasks } from '../platform/cashier';
import { financialChecksToFlag, markFinancialChecksFlagged } from '../platform/financial-checks';
import type { LimitHit, LimitNotices, RealityCheckPattern } from '../platform/limits';
import type { Logger } from 'pino';
import { staffAction, type StaffActor } from './access';

export type FlagReason = PlayerFlag['reason'];

/**
 * Raises a flag on a player, once per reason and source: a second call with the same key changes
 * nothing. Called outside any movement's transaction (a limit refusal's rolls back).
 */
export async function raisePlayerFlag(
  db: Db,
  flag: { playerId: string; reason: FlagReason; sourceKey: string; detail: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(playerFlag)
    .values(flag)
    .onConflictDoNothing({ target: [playerFlag.playerId, playerFlag.reason, playerFlag.sourceKey] });
}

/**
 * The flags the limits module's notices raise (limit refusals, reality-check patterns) on `db`: the
 * composition root hands them to the module it builds (server/modules.ts).
 */
export function limitFlagNotices(db: Db, logger: Pick<Logger, 'error'>): LimitNotices {
  return {
    // The refusal's transaction is rolling back when the notice comes: the flag is written on the
    // next turn of the event loop, in a transaction of its own.
    limitReached: (hit) => {
      setImmediate(() => {
        flagLimitHit(db, hit).catch((error: unknown) => logger.error({ err: error, playerId: hit.playerId }, 'back office: a limit flag was not recorded'));
      });
    },
    // A reality check answered with Continue once too often (or deep into a long session): stored
    // already when the notice comes, so the flag is written straight away.
    realityCheckPattern: (pattern) => {
      flagRealityCheckPattern(db, pattern).catch((error: unknown) =>
        logger.error({ err: error, playerId: pattern.playerId }, 'back office: a reality-check flag was not recorded'),
      );
    },
  };
}

/** A limit refusal as a flag: one per player, limit and UTC day, however often it refuses. */
export function flagLimitHit(db: Db, hit: LimitHit): Promise<void> {
  const day = hit.at.toISOString().slice(0, 10);
  return raisePlayerFlag(db, {
    playerId: hit.playerId,
    reason: 'LIMIT_REACHED',
    sourceKey: `${hit.reason}:${hit.currency}:${day}`,
    detail: { limit: hit.reason, currency: hit.currency, day },
  });
}

/**
 * A reality-check pattern as a flag: one per player and UTC day, with what the first sign of the day
 * showed (later ones that day change nothing: the interaction covers the day).
 */
export function flagRealityCheckPattern(db: Db, pattern: RealityCheckPattern): Promise<void> {
  const day = pattern.at.toISOString().slice(0, 10);
  return raisePlayerFlag(db, {
    playerId: pattern.playerId,
    reason: 'REALITY_CHECK_PATTERN',
    sourceKey: day,
    detail: {
      day,
      trigger: pattern.trigger,
      continuesInARow: pattern.continuesInARow,
      sessionMinutes: pattern.sessionMinutes,
      intervalMinutes: pattern.intervalMinutes,
    },
  });
}

/**
 * Brings in the accounts module's unreviewed jurisdiction mismatches (through its public face) as
 * flags. Idempotent: each mismatch row is one flag, keyed by its id.
 */
async function flagJurisdictionMismatches(db: Db): Promise<void> {
  const mismatches = await listJurisdictionMismatches(db, { limit: 500 });
  for (const mismatch of mismatches) {
    await raisePlayerFlag(db, {
      playerId: mismatch.playerId,
      reason: 'JURISDICTION_MISMATCH',
      sourceKey: String(mismatch.id),
      detail: { seenAt: mismatch.seenAt, declaredCountry: mismatch.declaredCountry, addressCountry: mismatch.addressCountry, timesSeen: mismatch.timesSeen },
    });
  }
}

/**
 * The cashier's open self-exclusion payback tasks as flags (issue 26 item 9): a player whose cash
 * waits for staff is among the flagged players while the task is open. Each task is one flag, keyed
 * by its id; the flag of a task no longer open (done by staff or paid by a later payback) closes.
 */
async function flagOpenPaybacks(db: Db): Promise<void> {
  const tasks = await openPaybackTasks(db, 500);
  for (const task of tasks) {
    await raisePlayerFlag(db, {
      playerId: task.playerId,
      reason: 'CASH_PAYBACK_DUE',
      sourceKey: task.id,
      detail: { taskId: task.id, currency: task.currency, amount: formatMinorUnits(task.amount), why: task.reason },
    });
  }
  const open = new Set(tasks.map((task) => task.id));
  const flags = await db
    .select({ id: playerFlag.id, sourceKey: playerFlag.sourceKey })
    .from(playerFlag)
    .where(and(eq(playerFlag.reason, 'CASH_PAYBACK_DUE'), isNull(playerFlag.closedAt)));
  const stale = flags.filter((flag) => !open.has(flag.sourceKey)).map((flag) => flag.id);
  if (stale.length > 0)
    await db
      .update(playerFlag)
      .set({ closedAt: new Date() })
      .where(and(inArray(playerFlag.id, stale), isNull(playerFlag.closedAt)));
}

/**
 * Financial vulnerability checks answered CONCERN and financial risk assessments (issue 29 item 3)
 * as flags: each check is one flag, keyed by its id, raised once; staff record the interaction and
 * close it there. The check remembers that it was flagged, so each pass reads only new ones.
 */
export async function flagFinancialChecks(db: Db): Promise<void> {
  const checks = await financialChecksToFlag(db);
  for (const check of checks) await raisePlayerFlag(db, { playerId: check.playerId, reason: check.reason, sourceKey: check.checkId, detail: check.detail });
  await markFinancialChecksFlagged(
    db,
    checks.map((check) => check.checkId),
  );
}

/** Closes the CASH_PAYBACK_DUE flag of a payback task (staff marked it done), in the caller's transaction. */
export async function closePaybackFlag(tx: Db, playerId: string, taskId: string): Promise<void> {
  await tx
    .update(playerFlag)
    .set({ closedAt: new Date() })
    .where(and(eq(playerFlag.playerId, playerId), eq(playerFlag.reason, 'CASH_PAYBACK_DUE'), eq(playerFlag.sourceKey, taskId), isNull(playerFlag.closedAt)));
}

/** The queue: open flags (or all), the oldest first, with their interactions. */
export async function listFlags(db: Db, status: 'OPEN' | 'ALL'): Promise<PlayerFlag[]> {
  await flagJurisdictionMismatches(db);
  await flagOpenPaybacks(db);
  await flagFinancialChecks(db);
  const flags = await db
    .select()
    .from(playerFlag)
    .where(status === 'OPEN' ? isNull(playerFlag.closedAt) : undefined)
    .orderBy(status === 'OPEN' ? asc(playerFlag.raisedAt) : desc(playerFlag.raisedAt))
    .limit(200);
  // Usernames through the accounts module's face, once per player.
  const usernames = new Map<string, string>();
  for (const playerId of new Set(flags.map((flag) => flag.playerId))) usernames.set(playerId, (await findPlayer(db, playerId))?.username ?? '');
  const rows = flags.map((flag) => ({ flag, username: usernames.get(flag.playerId) ?? '' }));
  const interactions = rows.length
    ? await db
        .select()
        .from(playerFlagInteraction)
        .where(
          inArray(
            playerFlagInteraction.flagId,
            rows.map((row) => row.flag.id),
          ),
        )
        .orderBy(asc(playerFlagInteraction.createdAt))
    : [];
  return rows.map(({ flag, username }) => ({
    id: flag.id,
    playerId: flag.playerId,
    username,
    reason: flag.reason as FlagReason,
    detail: flag.detail,
    raisedAt: flag.raisedAt.toISOString(),
    closedAt: flag.closedAt ? flag.closedAt.toISOString() : null,
    interactions: interactions
      .filter((interaction) => interaction.flagId === flag.id)
      .map((interaction) => ({
        id: interaction.id,
        staffUsername: interaction.staffUsername,
        discussed: interaction.discussed,
        outcome: interaction.outcome as PlayerFlag['interactions'][number]['outcome'],
        at: interaction.createdAt.toISOString(),
      })),
  }));
}

/**
 * Records a customer interaction on a flag (who, when, what was discussed, the outcome), and closes
 * the flag when asked, in one audited transaction. A closed flag takes no more records.
 */
export async function recordInteraction(
  db: Db,
  actor: StaffActor,
  flagId: string,
  request: RecordInteractionRequest,
): Promise<{ interactionId: string; closed: boolean }> {
  return staffAction(db, actor, 'flag.interaction', async (tx) => {
    const [flag] = await tx.select().from(playerFlag).where(eq(playerFlag.id, flagId)).for('update');
    if (!flag) throw new AppError('NOT_FOUND', 'No such flag');
    if (flag.closedAt) throw new AppError('VALIDATION_ERROR', undefined, [{ field: 'flagId', error: 'This flag is closed already' }]);
    const [interaction] = await tx
      .insert(playerFlagInteraction)
      .values({ flagId, staffId: actor.staffId, staffUsername: actor.username, discussed: request.discussed, outcome: request.outcome })
      .returning({ id: playerFlagInteraction.id });
    if (request.close)
      await tx
        .update(playerFlag)
        .set({ closedAt: new Date() })
        .where(and(eq(playerFlag.id, flagId), isNull(playerFlag.closedAt)));
    return {
      result: { interactionId: interaction!.id, closed: request.close },
      detail: { playerId: flag.playerId, reason: flag.reason, outcome: request.outcome, discussed: request.discussed, closed: request.close },
    };
  });
}
