import { and, asc, desc, eq, inArray, isNull, lte, or, lt, sql } from 'drizzle-orm';
import type { FinancialCheck } from '../../../contracts/back-office/financial-checks';
import type { Db } from '../../db/database';
import { financialCheck } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { findPlayer, playerRulesCountry } from '../accounts';
import { inducementJurisdictionOf } from '../inducements';
import { operatorDepositLimits, setOperatorDepositLimit } from '../limits';
import { inTransaction } from '../../db/transaction';
import { periodTotals, playersWithCashActivity, type MoneyPolicy, type PostedMovement } from '../wallet';
import type { FinancialCheckAnswer, FinancialCheckProvider } from '../../providers/financial-check-provider';
import { financialCheckSettings, VULNERABILITY_WINDOW_DAYS, type FinancialCheckSettings } from './settings';

/**
 * Financial vulnerability checks and financial risk assessments of GB players (issue 29 item 3;
 * docs/compliance.md "Financial vulnerability checks").
 *
 * - The check's trigger is a money policy on deposits: in the deposit's own transaction, once the
 *   money is posted, net deposits (deposits less withdrawals, from the ledger) over the rolling 30
 *   days in the deposit's currency are measured; above the threshold a PENDING row is written, once
 *   per player and 30-day window. Nothing is asked of the provider there: a slow provider must never
 *   hold the wallet's locks.
 * - The job (or a test) asks the provider for PENDING rows after the deposit committed; UNAVAILABLE
 *   keeps the row PENDING and asks again later; CLEAR and CONCERN end it. A CONCERN sets an operator
 *   deposit limit (limits module) in the transaction that stores the answer; the back office flags
 *   the player for staff.
 * - Risk assessments (behind FINANCIAL_RISK_ASSESSMENT_ENABLED): the job measures net loss over 24
 *   hours and 90 days and opens a row for staff, once per window.
 */

export const VULNERABILITY_CHECK = 'VULNERABILITY_CHECK';
export const RISK_ASSESSMENT_24H = 'RISK_ASSESSMENT_24H';
export const RISK_ASSESSMENT_90D = 'RISK_ASSESSMENT_90D';
export type FinancialCheckRule = typeof VULNERABILITY_CHECK | typeof RISK_ASSESSMENT_24H | typeof RISK_ASSESSMENT_90D;

/** The rule sets whose players are checked: the UKGC's rule, GB only. */
export const FINANCIAL_CHECK_JURISDICTIONS = ['GB'] as const;

const DAY_MS = 86_400_000;
/** How long a node holds a claimed row while it asks the provider; past it another node may ask. */
const CLAIM_MS = 120_000;
/** When an UNAVAILABLE answer is asked again. */
export const RETRY_AFTER_MS = 15 * 60_000;
/** Rows claimed per pass, and risk candidates read per batch. */
const BATCH_SIZE = 50;
const RISK_BATCH_SIZE = 200;

async function inScope(db: Db, playerId: string): Promise<boolean> {
  const jurisdiction = inducementJurisdictionOf(await playerRulesCountry(db, playerId));
  return (FINANCIAL_CHECK_JURISDICTIONS as readonly string[]).includes(jurisdiction);
}

/**
 * Writes a row of `rule` for the player unless one's window is still open, in the caller's
 * transaction. A per-player advisory lock serialises the writers (parallel deposits, the job on
 * several nodes), so the NOT EXISTS of the one insert statement sees a row another committed; the
 * unique index on (player, rule, window start) stands behind it. Answers the new row's id, or
 * undefined when the window already had one.
 */
async function openOnce(
  tx: Db,
  row: {
    playerId: string;
    rule: FinancialCheckRule;
    currency: string;
    measured: bigint;
    threshold: bigint;
    windowDays: number;
    status: 'PENDING' | 'OPEN';
    now: Date;
  },
): Promise<string | undefined> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`financial-check:${row.playerId}`}))`);
  const windowEnd = new Date(row.now.getTime() + row.windowDays * DAY_MS);
  const result = (await tx.execute(sql`
    insert into financial_check (player_id, rule, currency, measured, threshold, window_start, window_end, status, next_attempt_at)
    select ${row.playerId}::uuid, ${row.rule}, ${row.currency}, ${row.measured.toString()}::bigint, ${row.threshold.toString()}::bigint,
      ${row.now.toISOString()}::timestamptz, ${windowEnd.toISOString()}::timestamptz, ${row.status},
      ${row.status === 'PENDING' ? row.now.toISOString() : null}::timestamptz
    where not exists (
      select 1 from financial_check f
      where f.player_id = ${row.playerId}::uuid and f.rule = ${row.rule} and f.window_end > ${row.now.toISOString()}::timestamptz)
    on conflict do nothing
    returning id::text as id`)) as unknown as { rows: { id: string }[] };
  return result.rows[0]?.id;
}

/**
 * The trigger, in a deposit's transaction once it is posted: net deposits in the deposit's currency
 * over the rolling 30 days (the deposit included) above the threshold open a check, once per window.
 * Currencies are measured apart and never converted: a GB player's EUR deposits are held to 150.00
 * EUR, a little less than £150, so the rule errs toward checking.
 */
export async function triggerVulnerabilityCheck(
  tx: Db,
  movement: Pick<PostedMovement, 'playerId' | 'currency'>,
  { netDepositThreshold: threshold }: Pick<FinancialCheckSettings, 'netDepositThreshold'>,
  now = new Date(),
): Promise<string | undefined> {
  if (!(await inScope(tx, movement.playerId))) return undefined;
  // The deposit's own ledger row carries the transaction's start time, which may be a moment after `now` on another clock.
  const totals = await periodTotals(tx, movement.playerId, new Date(now.getTime() - VULNERABILITY_WINDOW_DAYS * DAY_MS), new Date(now.getTime() + DAY_MS));
  const measured = totals.find((entry) => entry.currency === movement.currency);
  if (!measured) return undefined;
  const net = measured.deposits - measured.withdrawals;
  if (net <= threshold) return undefined;
  return openOnce(tx, {
    playerId: movement.playerId,
    rule: VULNERABILITY_CHECK,
    currency: movement.currency,
    measured: net,
    threshold,
    windowDays: VULNERABILITY_WINDOW_DAYS,
    status: 'PENDING',
    now,
  });
}

/** The trigger at the wallet's policy point, with the configured threshold (the composition root puts it into the wallet, server/modules.ts). */
export const financialCheckPolicy = (settings: Pick<FinancialCheckSettings, 'netDepositThreshold'>): MoneyPolicy => ({
  name: 'financial-vulnerability-check',
  kinds: ['deposit'],
  after: async (tx, movement) => {
    await triggerVulnerabilityCheck(tx, movement, settings);
  },
});

export interface CheckRunSummary {
  asked: number;
  clear: number;
  concern: number;
  unavailable: number;
}

/**
 * Asks the provider for every PENDING check that is due, outside any transaction: a row is claimed
 * first (a conditional update, so of two nodes one asks), the provider is asked, and the answer is
 * stored with a conditional update on the row still PENDING. Safe to run on several nodes at once.
 */
export async function runFinancialChecks(
  context: Pick<ServiceContext, 'database' | 'financialChecks' | 'logger' | 'config'>,
  now = new Date(),
): Promise<CheckRunSummary> {
  const { depositCap } = financialCheckSettings(context.config);
  const { db } = context.database;
  const summary: CheckRunSummary = { asked: 0, clear: 0, concern: 0, unavailable: 0 };
  const due = db
    .select({ id: financialCheck.id })
    .from(financialCheck)
    .where(
      and(
        eq(financialCheck.status, 'PENDING'),
        lte(financialCheck.nextAttemptAt, now),
        or(isNull(financialCheck.claimedUntil), lt(financialCheck.claimedUntil, now)),
      ),
    )
    .orderBy(asc(financialCheck.nextAttemptAt))
    .limit(BATCH_SIZE);
  const claimed = await db
    .update(financialCheck)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(
      and(inArray(financialCheck.id, due), eq(financialCheck.status, 'PENDING'), or(isNull(financialCheck.claimedUntil), lt(financialCheck.claimedUntil, now))),
    )
    .returning();
  for (const row of claimed) {
    const answer = await ask(context.financialChecks, db, row.playerId, context.logger);
    summary.asked += 1;
    await storeAnswer(db, row, answer, context.financialChecks.id, depositCap, now);
    if (answer === 'CLEAR') summary.clear += 1;
    else if (answer === 'CONCERN') summary.concern += 1;
    else summary.unavailable += 1;
  }
  return summary;
}

async function ask(provider: FinancialCheckProvider, db: Db, playerId: string, logger: ServiceContext['logger']): Promise<FinancialCheckAnswer> {
  const player = await findPlayer(db, playerId);
  if (!player) return 'UNAVAILABLE';
  try {
    return await provider.check({
      firstName: player.firstName ?? '',
      lastName: player.lastName ?? '',
      birthDate: player.birthDate,
      email: player.email,
      postcode: player.postalCode,
      country: player.jurisdiction ?? player.country ?? '',
    });
  } catch (error: unknown) {
    // A provider that throws is an outage: the check is asked again, never dropped. No personal data in the line.
    logger.error({ module: 'financial-checks', err: error, provider: provider.id }, 'financial check: the provider failed');
    return 'UNAVAILABLE';
  }
}

async function storeAnswer(
  db: Db,
  row: typeof financialCheck.$inferSelect,
  answer: FinancialCheckAnswer,
  provider: string,
  depositCap: bigint,
  now: Date,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const stillPending = and(eq(financialCheck.id, row.id), eq(financialCheck.status, 'PENDING'));
    if (answer === 'UNAVAILABLE') {
      await tx
        .update(financialCheck)
        .set({
          outcome: answer,
          provider,
          attempts: sql`${financialCheck.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + RETRY_AFTER_MS),
          claimedUntil: null,
        })
        .where(stillPending);
      return;
    }
    const cap = answer === 'CONCERN' && depositCap > 0n ? depositCap : null;
    const [stored] = await tx
      .update(financialCheck)
      .set({
        status: 'DONE',
        outcome: answer,
        provider,
        attempts: sql`${financialCheck.attempts} + 1`,
        depositCap: cap,
        completedAt: now,
        claimedUntil: null,
        nextAttemptAt: null,
      })
      .where(stillPending)
      .returning({ id: financialCheck.id });
    // Only the update that ended the check sets the cap, in its transaction: a replay sets nothing.
    if (stored && cap !== null) {
      await setOperatorDepositLimit(tx, {
        playerId: row.playerId,
        currency: row.currency,
        periodDays: VULNERABILITY_WINDOW_DAYS,
        amount: cap,
        reason: 'FINANCIAL_CONCERN',
        sourceKey: row.id,
      });
    }
  });
}

export interface RiskRunSummary {
  candidates: number;
  opened: number;
}

/** Whether a player born on `birthDate` (YYYY-MM-DD) is under 25 at `now`; unknown counts as 25 or over. */
export function under25(birthDate: string | null, now: Date): boolean {
  const match = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!match) return false;
  const turns25 = Date.UTC(Number(match[1]) + 25, Number(match[2]) - 1, Number(match[3]));
  return now.getTime() < turns25;
}

/**
 * Financial risk assessments (behind FINANCIAL_RISK_ASSESSMENT_ENABLED): every GB player with a
 * cash movement in the last 24 hours (a loss that crosses either threshold is a movement) is
 * measured: net loss (stakes less wins, real money, per currency) over 24 hours and over 90 days
 * against the thresholds, the lower ones under 25. Each crossing opens one task for staff per
 * window of the rule's length.
 */
export async function runRiskAssessments(context: Pick<ServiceContext, 'database' | 'config' | 'logger'>, now = new Date()): Promise<RiskRunSummary> {
  const summary: RiskRunSummary = { candidates: 0, opened: 0 };
  const { config } = context;
  if (!config.FINANCIAL_RISK_ASSESSMENT_ENABLED) return summary;
  const { db } = context.database;
  const until = new Date(now.getTime() + 60_000);
  let after: string | null = null;
  for (;;) {
    const batch = await playersWithCashActivity(db, new Date(now.getTime() - DAY_MS), until, after, RISK_BATCH_SIZE);
    if (batch.length === 0) break;
    summary.candidates += batch.length;
    for (const playerId of batch) {
      try {
        summary.opened += await assessPlayer(db, config, playerId, now, until);
      } catch (error: unknown) {
        // One player's failure does not stop the pass; the next pass measures them again.
        context.logger.error({ module: 'financial-checks', err: error }, 'financial risk assessment failed for a player');
      }
    }
    after = batch[batch.length - 1] ?? null;
    if (batch.length < RISK_BATCH_SIZE) break;
  }
  return summary;
}

async function assessPlayer(db: Db, config: ServiceContext['config'], playerId: string, now: Date, until: Date): Promise<number> {
  const player = await findPlayer(db, playerId);
  if (!player || !(await inScope(db, playerId))) return 0;
  const young = under25(player.birthDate, now);
  const rules = [
    { rule: RISK_ASSESSMENT_24H, days: 1, threshold: BigInt(young ? config.FINANCIAL_RISK_NET_LOSS_24H_UNDER_25 : config.FINANCIAL_RISK_NET_LOSS_24H) },
    { rule: RISK_ASSESSMENT_90D, days: 90, threshold: BigInt(young ? config.FINANCIAL_RISK_NET_LOSS_90D_UNDER_25 : config.FINANCIAL_RISK_NET_LOSS_90D) },
  ] as const;
  let opened = 0;
  for (const { rule, days, threshold } of rules) {
    const totals = await periodTotals(db, playerId, new Date(now.getTime() - days * DAY_MS), until);
    const worst = totals
      .map((entry) => ({ currency: entry.currency, loss: entry.stakes - entry.wins }))
      .sort((a, b) => (a.loss > b.loss ? -1 : a.loss < b.loss ? 1 : 0))[0];
    if (!worst || worst.loss <= threshold) continue;
    const id = await inTransaction(db, (tx) =>
      openOnce(tx, { playerId, rule, currency: worst.currency, measured: worst.loss, threshold, windowDays: days, status: 'OPEN', now }),
    );
    if (id) opened += 1;
  }
  return opened;
}

/** A check or assessment as staff see it (contracts/back-office/financial-checks.ts). */
const toStaffView = (row: typeof financialCheck.$inferSelect): FinancialCheck => ({
  id: row.id,
  rule: row.rule as FinancialCheck['rule'],
  currency: row.currency,
  measured: row.measured.toString(),
  threshold: row.threshold.toString(),
  windowStart: row.windowStart.toISOString(),
  windowEnd: row.windowEnd.toISOString(),
  status: row.status as FinancialCheck['status'],
  outcome: (row.outcome as FinancialCheck['outcome']) ?? null,
  provider: row.provider,
  attempts: row.attempts,
  nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  depositCap: row.depositCap?.toString() ?? null,
  completedAt: row.completedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** The player's checks and assessments, newest first, and the operator deposit limits in force; undefined for an unknown player. */
export async function playerFinancialChecks(db: Db, playerId: string) {
  if (!(await findPlayer(db, playerId))) return undefined;
  const rows = await db.select().from(financialCheck).where(eq(financialCheck.playerId, playerId)).orderBy(desc(financialCheck.createdAt)).limit(200);
  const limits = await operatorDepositLimits(db, playerId);
  return {
    checks: rows.map(toStaffView),
    operatorDepositLimits: limits.map((limit) => ({
      currency: limit.currency,
      periodDays: limit.periodDays,
      amount: limit.amount.toString(),
      reason: limit.reason,
      setAt: limit.updatedAt.toISOString(),
    })),
  };
}

export interface FinancialCheckFlag {
  checkId: string;
  playerId: string;
  reason: 'FINANCIAL_CONCERN' | 'RISK_ASSESSMENT_DUE';
  detail: Record<string, unknown>;
}

/** Checks the back office has not flagged yet: every CONCERN and every risk assessment. */
export async function financialChecksToFlag(db: Db, limit = 500): Promise<FinancialCheckFlag[]> {
  const rows = await db
    .select()
    .from(financialCheck)
    .where(
      and(
        isNull(financialCheck.flaggedAt),
        or(
          and(eq(financialCheck.rule, VULNERABILITY_CHECK), eq(financialCheck.outcome, 'CONCERN'), eq(financialCheck.status, 'DONE')),
          inArray(financialCheck.rule, [RISK_ASSESSMENT_24H, RISK_ASSESSMENT_90D]),
        ),
      ),
    )
    .orderBy(asc(financialCheck.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    checkId: row.id,
    playerId: row.playerId,
    reason: row.rule === VULNERABILITY_CHECK ? 'FINANCIAL_CONCERN' : 'RISK_ASSESSMENT_DUE',
    detail: {
      checkId: row.id,
      rule: row.rule,
      currency: row.currency,
      measured: row.measured.toString(),
      threshold: row.threshold.toString(),
      depositCap: row.depositCap?.toString() ?? null,
    },
  }));
}

/** Records that the back office raised the flags of these checks. */
export async function markFinancialChecksFlagged(db: Db, checkIds: string[]): Promise<void> {
  if (checkIds.length === 0) return;
  await db
    .update(financialCheck)
    .set({ flaggedAt: new Date() })
    .where(and(inArray(financialCheck.id, checkIds), isNull(financialCheck.flaggedAt)));
}
