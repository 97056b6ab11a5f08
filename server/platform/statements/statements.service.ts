import { and, desc, eq, sql } from 'drizzle-orm';
import type { ActivityStatement } from '../../../contracts/back-office/activity-statements';
import type { Db } from '../../db/database';
import { activityStatement } from '../../db/schema';
import { activityStatementMail } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { findPlayer } from '../accounts';
import { inducementJurisdictionOf } from '../inducements';
import { sendPlayerMessage } from '../messages';
import { periodTotals, playersWithCashActivity, playTimeMs } from '../wallet';
import { figuresOf, hasFigures, monthBounds, statementText, type StatementFigures, type StatementLanguage } from './statement-text';

/** The rule sets whose players get a monthly statement (issue 29 item 10): DEFAULT players get none. */
export const STATEMENT_JURISDICTIONS = ['GB', 'IE'] as const;

/** Candidates read per batch: a month's run never holds more than this many players in memory. */
export const STATEMENT_BATCH_SIZE = 200;

export type StatementOutcome = 'SENT' | 'ALREADY_SENT' | 'NOT_IN_SCOPE' | 'NO_ACTIVITY';

/**
 * Makes and sends one player's statement for a UTC month, once: the row is inserted with ON
 * CONFLICT DO NOTHING on (player, month), and the message goes in the same transaction, so of two
 * nodes making it at once exactly one writes and sends. The e-mail follows the commit (the mailer
 * writes its outbox outside any transaction), only where the player accepts e-mail.
 */
export async function makeStatement(
  context: Pick<ServiceContext, 'database' | 'mailer' | 'limits'>,
  playerId: string,
  month: string,
): Promise<StatementOutcome> {
  const { db } = context.database;
  const player = await findPlayer(db, playerId);
  if (!player) return 'NOT_IN_SCOPE';
  const jurisdiction = inducementJurisdictionOf(player.jurisdiction ?? player.country);
  if (!(STATEMENT_JURISDICTIONS as readonly string[]).includes(jurisdiction)) return 'NOT_IN_SCOPE';
  const [existing] = await db
    .select({ id: activityStatement.id })
    .from(activityStatement)
    .where(and(eq(activityStatement.playerId, playerId), eq(activityStatement.month, month)));
  if (existing) return 'ALREADY_SENT';

  const { from, to } = monthBounds(month);
  const figures = (await periodTotals(db, playerId, from, to)).filter(hasFigures).map(figuresOf);
  const playMs = await playTimeMs(db, playerId, from, to, context.limits.settings.breakMinutes);
  // A month with nothing moved, nothing held at its end and no play has nothing to state.
  if (figures.length === 0 && playMs === 0n) return 'NO_ACTIVITY';

  const language: StatementLanguage = player.language === 'mk' ? 'mk' : 'en';
  const text = statementText({ month, language, playMs, figures });
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(activityStatement)
      .values({ playerId, month, jurisdiction, language, figures: storedFigures(figures), playMs })
      .onConflictDoNothing({ target: [activityStatement.playerId, activityStatement.month] })
      .returning({ id: activityStatement.id });
    if (!row) return undefined;
    const message = await sendPlayerMessage(tx, { playerId, kind: 'ACTIVITY_STATEMENT', subject: text.subject, body: text.html });
    await tx
      .update(activityStatement)
      .set({ messageId: BigInt(message.id) })
      .where(eq(activityStatement.id, row.id));
    return row.id;
  });
  if (written === undefined) return 'ALREADY_SENT';
  // No consent to service mail of its own exists: the player's e-mail choice (receive_email) decides.
  if (player.receiveEmail) {
    await context.mailer.send(activityStatementMail({ to: player.email, subject: text.subject, paragraphs: text.paragraphs }));
    await db.update(activityStatement).set({ emailedAt: new Date() }).where(eq(activityStatement.id, written));
  }
  return 'SENT';
}

const storedFigures = (figures: StatementFigures[]): Record<string, Record<string, string>> =>
  Object.fromEntries(
    figures.map((f) => [
      f.currency,
      {
        deposits: f.deposits.toString(),
        withdrawals: f.withdrawals.toString(),
        netDeposits: f.netDeposits.toString(),
        stakes: f.stakes.toString(),
        wins: f.wins.toString(),
        netResult: f.netResult.toString(),
        closingBalance: f.closingBalance.toString(),
      },
    ]),
  );

export interface StatementRunSummary {
  month: string;
  candidates: number;
  sent: number;
  /** Players whose statement failed (logged); the next pass tries them again. */
  failed: number;
}

/**
 * A month's statements for every GB and IE player with a cash movement in the month or a cash
 * balance, a batch at a time; safe to run on several nodes at once and to run again.
 */
export async function runActivityStatements(
  context: Pick<ServiceContext, 'database' | 'mailer' | 'logger' | 'limits'>,
  month: string,
  batchSize = STATEMENT_BATCH_SIZE,
): Promise<StatementRunSummary> {
  const { from, to } = monthBounds(month);
  const summary: StatementRunSummary = { month, candidates: 0, sent: 0, failed: 0 };
  let after: string | null = null;
  for (;;) {
    const batch = await playersWithCashActivity(context.database.db, from, to, after, batchSize);
    if (batch.length === 0) break;
    summary.candidates += batch.length;
    for (const playerId of batch) {
      try {
        if ((await makeStatement(context, playerId, month)) === 'SENT') summary.sent += 1;
      } catch (error: unknown) {
        summary.failed += 1;
        // One player's failure does not stop the month; the next run tries them again.
        context.logger.error({ module: 'statements', err: error, month }, 'activity statement failed for a player');
      }
    }
    after = batch[batch.length - 1] ?? null;
    if (batch.length < batchSize) break;
  }
  return summary;
}

/** A statement as staff see it (contracts/back-office/activity-statements.ts). */
export type StoredStatement = ActivityStatement;

/** The player's statements, newest month first: what staff see. */
export async function playerStatements(db: Db, playerId: string): Promise<StoredStatement[]> {
  const rows = await db.select().from(activityStatement).where(eq(activityStatement.playerId, playerId)).orderBy(desc(activityStatement.month)).limit(120);
  return rows.map((row) => ({
    id: row.id.toString(),
    month: row.month,
    jurisdiction: row.jurisdiction,
    language: row.language,
    playMs: row.playMs.toString(),
    // Written by storedFigures only: every currency has exactly the contract's fields.
    figures: row.figures as ActivityStatement['figures'],
    messageId: row.messageId?.toString() ?? null,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** How many statements a month has: for the job's log and the tests. */
export async function statementsInMonth(db: Db, month: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(activityStatement)
    .where(eq(activityStatement.month, month));
  return Number(row?.n ?? 0);
}
