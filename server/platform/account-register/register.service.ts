import { and, count, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { REMOVAL_BLOCK_FIELDS, accountRemovalMessages } from '../../../contracts/platform/accounts/account-removal';
import { REGISTER_REMOVALS_PAGE_SIZE, type RegisterRemoval, type RegisterRemovalsQuery } from '../../../contracts/back-office/register-removals';
import { inactivityRemovalJurisdictions } from '../../config/account-register';
import type { Db } from '../../db/database';
import { accountRemoval } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { accountRemovalNoticeMail, forgetRecipient } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { forgetChatNickname } from '../../channels';
import { anonymisePlayer, findPlayer, playersSignedUpBefore, publicUrl } from '../accounts';
import { forgetStoredCards, hasOpenWithdrawal } from '../cashier';
import { documentStorage, forgetPlayerDocuments } from '../documents';
import { inducementJurisdictionOf } from '../inducements';
import { sendPlayerMessage } from '../messages';
import { forgetPasswordResets } from '../password-reset';
import { endAllSessions } from '../session';
import { forgetSocialAccounts } from '../social';
import { inTransaction } from '../../db/transaction';
import { getPlayerBalances, lastStakesOf, lockPlayerAccounts } from '../wallet';
import { noticeText } from './notice-text';

/**
 * The account-holder register (issue 29 item 9; docs/compliance.md "Account-holder register"): a
 * player is removed on request, or after months without play once told; removal anonymises the
 * player's personal data in every module that keeps some, in one transaction, and keeps the
 * ledger, payments, rounds and the audit log, which point at the player id.
 *
 * Exactly once: each removal is an `account_removal` row, at most one per player NOTICE, BLOCKED or
 * DONE (a partial unique index), taken with a row lock and a status check before anything is
 * changed, and the player row is anonymised by a write conditional on it not being so yet.
 */

type RemovalRow = typeof accountRemoval.$inferSelect;
type Context = Pick<ServiceContext, 'database' | 'mailer' | 'config' | 'logger'>;

/** Candidates read per batch: a run never holds more than this many players in memory. */
export const REGISTER_BATCH_SIZE = 200;

const OPEN: RemovalRow['status'][] = ['NOTICE', 'BLOCKED'];

/** `now` less whole calendar months (UTC); the 31st less a month lands on the last day of the shorter month. */
export function monthsBefore(now: Date, months: number): Date {
  const target = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

const DAY_MS = 86_400_000;

/**
 * What holds a removal back: money that is still the player's. The player's wallet accounts are
 * locked (every currency, in order) so a stake or a withdrawal cannot move money while the removal
 * decides; bonus money is not the player's to withdraw and does not hold it back.
 */
async function moneyHeld(tx: Db, playerId: string): Promise<RemovalRow['blockedReason']> {
  const currencies = (await getPlayerBalances(tx, playerId)).map((balance) => balance.currency).sort();
  let cash = 0n;
  for (const currency of currencies) cash += (await lockPlayerAccounts(tx, playerId, currency)).cash;
  if (cash !== 0n) return 'BALANCE';
  if (await hasOpenWithdrawal(tx, playerId)) return 'PENDING_WITHDRAWAL';
  return null;
}

/** Every module's personal data of the player, in the transaction; answers document files to delete after commit, or undefined if already anonymised. */
async function erase(tx: Db, playerId: string, now: Date): Promise<string[] | undefined> {
  const before = await findPlayer(tx, playerId);
  if (!before || !(await anonymisePlayer(tx, playerId, now))) return undefined;
  await endAllSessions(tx, playerId, now);
  await forgetPasswordResets(tx, playerId);
  await forgetSocialAccounts(tx, playerId);
  await forgetChatNickname(tx, playerId);
  await forgetStoredCards(tx, playerId);
  await forgetRecipient(tx, before.email, `removed-${playerId}@removed.invalid`);
  return forgetPlayerDocuments(tx, playerId);
}

export type RemovalOutcome =
  | { outcome: 'DONE'; removal: RemovalRow; files: string[] }
  | { outcome: 'BLOCKED' | 'CANCELLED' | 'GONE'; removal: RemovalRow | undefined };

/**
 * One removal, in the caller's transaction: the row locked and still open, else GONE (another run
 * took it). An inactivity removal is cancelled when the player has staked since the play it was
 * counted from; a removal is BLOCKED while the account holds money; otherwise the player is
 * anonymised and the row DONE.
 */
async function completeInTx(tx: Db, removalId: string, now: Date): Promise<RemovalOutcome> {
  const [row] = await tx
    .select()
    .from(accountRemoval)
    .where(and(eq(accountRemoval.id, removalId), inArray(accountRemoval.status, OPEN)))
    .for('update');
  if (!row) return { outcome: 'GONE', removal: undefined };
  if (row.reason === 'INACTIVITY') {
    const lastStake = (await lastStakesOf(tx, [row.playerId])).get(row.playerId);
    if (lastStake && (row.lastPlayAt === null || lastStake.getTime() > row.lastPlayAt.getTime())) {
      const [cancelled] = await tx
        .update(accountRemoval)
        .set({ status: 'CANCELLED', cancelledAt: now, updatedAt: now })
        .where(eq(accountRemoval.id, row.id))
        .returning();
      return { outcome: 'CANCELLED', removal: cancelled };
    }
  }
  const held = await moneyHeld(tx, row.playerId);
  if (held) {
    const [blocked] = await tx
      .update(accountRemoval)
      .set({ status: 'BLOCKED', blockedReason: held, updatedAt: now })
      .where(eq(accountRemoval.id, row.id))
      .returning();
    return { outcome: 'BLOCKED', removal: blocked };
  }
  const files = await erase(tx, row.playerId, now);
  const [done] = await tx
    .update(accountRemoval)
    .set({ status: 'DONE', blockedReason: null, doneAt: now, updatedAt: now })
    .where(eq(accountRemoval.id, row.id))
    .returning();
  return { outcome: 'DONE', removal: done!, files: files ?? [] };
}

/** Files are deleted after the commit: a file deleted by a transaction that rolled back could not be brought back. */
async function deleteFiles(context: Context, files: string[]): Promise<void> {
  if (files.length === 0) return;
  const storage = documentStorage(context.config);
  for (const key of files) {
    try {
      await storage.delete(key);
    } catch (error: unknown) {
      // The rows are gone, so no one reaches the file; the log names the key for an operator to delete it.
      context.logger.error({ module: 'account-register', err: error, storageKey: key }, 'account register: a document file was not deleted');
    }
  }
}

/**
 * A removal on request, by the player (`requestedBy` `player`) or by staff for them
 * (`staff:<username>`), done at once in the caller's transaction: an open inactivity notice becomes
 * this request. While the account holds money or a withdrawal is under way it is refused — 409
 * ACCOUNT_REMOVAL_BLOCKED naming `balance` or `withdrawal` — and nothing is kept (the caller's
 * transaction rolls back). A player already removed answers their DONE row again.
 */
export async function removeOnRequestInTx(tx: Db, playerId: string, requestedBy: string, now: Date): Promise<RemovalOutcome> {
  await tx
    .insert(accountRemoval)
    .values({ playerId, reason: 'REQUEST', status: 'NOTICE', requestedBy, dueAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  // The player's one open (or done) row: this request's, or a notice the job gave before.
  const [open] = await tx
    .select()
    .from(accountRemoval)
    .where(and(eq(accountRemoval.playerId, playerId), inArray(accountRemoval.status, [...OPEN, 'DONE'])))
    .for('update');
  if (!open) throw new Error('account removal row missing after insert');
  if (open.status === 'DONE') return { outcome: 'DONE', removal: open, files: [] };
  if (open.reason !== 'REQUEST') {
    await tx.update(accountRemoval).set({ reason: 'REQUEST', requestedBy, dueAt: now, updatedAt: now }).where(eq(accountRemoval.id, open.id));
  }
  const outcome = await completeInTx(tx, open.id, now);
  if (outcome.outcome === 'BLOCKED') {
    const reason = outcome.removal!.blockedReason!;
    const field = REMOVAL_BLOCK_FIELDS[reason];
    throw new AppError('ACCOUNT_REMOVAL_BLOCKED', undefined, [
      { field, error: reason === 'BALANCE' ? accountRemovalMessages.balance : accountRemovalMessages.withdrawal },
    ]);
  }
  if (outcome.outcome !== 'DONE') throw new Error(`account removal on request ended ${outcome.outcome}`);
  return outcome;
}

/** The player's own request (POST /ps/requestAccountRemoval): its own transaction, files deleted after. */
export async function removeOnRequest(context: Context, playerId: string, now = new Date()): Promise<RegisterRemoval> {
  const outcome = await inTransaction(context.database.db, (tx) => removeOnRequestInTx(tx, playerId, 'player', now));
  if (outcome.outcome === 'DONE') await deleteFiles(context, outcome.files);
  context.logger.info({ module: 'account-register', partyId: playerId, removalId: outcome.removal?.id }, 'account register: player removed on request');
  return removalOf(context.database.db, outcome.removal!.id);
}

/** One removal as staff see it. */
export async function removalOf(db: Db, removalId: string): Promise<RegisterRemoval> {
  const [row] = await db.select().from(accountRemoval).where(eq(accountRemoval.id, removalId));
  if (!row) throw new AppError('NOT_FOUND');
  const found = await findPlayer(db, row.playerId);
  return removalView(row, found?.username ?? null);
}

/** After staff's audited transaction committed: what only a commit may do. */
export async function afterStaffRemoval(context: Context, outcome: RemovalOutcome): Promise<void> {
  if (outcome.outcome === 'DONE') await deleteFiles(context, outcome.files);
}

export type NoticeOutcome = 'NOTICE_GIVEN' | 'ALREADY_OPEN';

/**
 * The notice before a removal for inactivity, once: the row is inserted with ON CONFLICT DO
 * NOTHING against the player's one open row, and the message goes in the same transaction only
 * from the insert that won. The e-mail follows the commit (the mailer writes its outbox outside any
 * transaction); it goes whatever the player's e-mail choice, as it is about the account itself.
 */
export async function giveInactivityNotice(
  context: Context,
  candidate: { id: string; language: string; email: string },
  lastPlayAt: Date | null,
  now: Date,
): Promise<NoticeOutcome> {
  const { db } = context.database;
  const dueAt = new Date(now.getTime() + context.config.ACCOUNT_REMOVAL_NOTICE_DAYS * DAY_MS);
  const text = noticeText({ language: candidate.language === 'mk' ? 'mk' : 'en', months: context.config.ACCOUNT_INACTIVITY_MONTHS, lastPlayAt, dueAt });
  const written = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(accountRemoval)
      .values({ playerId: candidate.id, reason: 'INACTIVITY', status: 'NOTICE', requestedBy: 'job', lastPlayAt, dueAt, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: accountRemoval.id });
    if (!row) return undefined;
    const message = await sendPlayerMessage(tx, { playerId: candidate.id, kind: 'ACCOUNT_REMOVAL', subject: text.subject, body: text.html });
    await tx
      .update(accountRemoval)
      .set({ messageId: BigInt(message.id) })
      .where(eq(accountRemoval.id, row.id));
    return row.id;
  });
  if (written === undefined) return 'ALREADY_OPEN';
  await context.mailer.send(
    accountRemovalNoticeMail({
      to: candidate.email,
      subject: text.subject,
      paragraphs: text.paragraphs,
      action: { label: text.actionLabel, href: `${publicUrl(context.config)}/` },
    }),
  );
  await db.update(accountRemoval).set({ emailedAt: new Date() }).where(eq(accountRemoval.id, written));
  return 'NOTICE_GIVEN';
}

export interface RegisterRunSummary {
  candidates: number;
  noticed: number;
  removed: number;
  blocked: number;
  cancelled: number;
  /** Players whose notice or removal failed (logged); the next pass tries them again. */
  failed: number;
}

/**
 * One pass of the register's job at `now` (a clock the tests inject): notices to players of the
 * configured jurisdictions who have not staked for ACCOUNT_INACTIVITY_MONTHS (never staked: since
 * sign-up), then every removal due — new ones and those blocked before, which are tried again each
 * pass until the money is paid out. Safe to run on several nodes at once and to run again.
 */
export async function runAccountRegister(context: Context, now = new Date(), batchSize = REGISTER_BATCH_SIZE): Promise<RegisterRunSummary> {
  const summary: RegisterRunSummary = { candidates: 0, noticed: 0, removed: 0, blocked: 0, cancelled: 0, failed: 0 };
  const { db } = context.database;
  const jurisdictions = inactivityRemovalJurisdictions(context.config.ACCOUNT_INACTIVITY_REMOVAL) as string[];
  if (jurisdictions.length > 0) {
    const cutoff = monthsBefore(now, context.config.ACCOUNT_INACTIVITY_MONTHS);
    let after: string | null = null;
    for (;;) {
      const batch = await playersSignedUpBefore(db, cutoff, after, batchSize);
      if (batch.length === 0) break;
      const inScope = batch.filter((candidate) => jurisdictions.includes(inducementJurisdictionOf(candidate.jurisdiction ?? candidate.country)));
      const lastStakes = await lastStakesOf(
        db,
        inScope.map((candidate) => candidate.id),
      );
      for (const candidate of inScope) {
        const lastPlayAt = lastStakes.get(candidate.id) ?? null;
        if ((lastPlayAt ?? candidate.createdAt).getTime() >= cutoff.getTime()) continue;
        summary.candidates += 1;
        try {
          if ((await giveInactivityNotice(context, candidate, lastPlayAt, now)) === 'NOTICE_GIVEN') summary.noticed += 1;
        } catch (error: unknown) {
          summary.failed += 1;
          context.logger.error({ module: 'account-register', err: error, partyId: candidate.id }, 'account register: notice failed for a player');
        }
      }
      after = batch[batch.length - 1]?.id ?? null;
      if (batch.length < batchSize) break;
    }
  }
  // Due removals, the longest untouched first, a bounded number a pass: a blocked one stays due and,
  // touched when it was blocked, goes behind the others, so many blocked removals never starve new ones.
  const due = await db
    .select({ id: accountRemoval.id })
    .from(accountRemoval)
    .where(and(inArray(accountRemoval.status, OPEN), lte(accountRemoval.dueAt, now)))
    .orderBy(accountRemoval.updatedAt, accountRemoval.id)
    .limit(batchSize * 5);
  for (const { id } of due) {
    try {
      const outcome = await inTransaction(db, (tx) => completeInTx(tx, id, now));
      if (outcome.outcome === 'DONE') {
        summary.removed += 1;
        await deleteFiles(context, outcome.files);
      } else if (outcome.outcome === 'BLOCKED') summary.blocked += 1;
      else if (outcome.outcome === 'CANCELLED') summary.cancelled += 1;
    } catch (error: unknown) {
      summary.failed += 1;
      context.logger.error({ module: 'account-register', err: error, removalId: id }, 'account register: removal failed');
    }
  }
  return summary;
}

const usernames = async (db: Db, playerIds: string[]): Promise<Map<string, string>> => {
  const names = new Map<string, string>();
  for (const id of new Set(playerIds)) {
    const found = await findPlayer(db, id);
    if (found) names.set(id, found.username);
  }
  return names;
};

export function removalView(row: RemovalRow, username: string | null): RegisterRemoval {
  return {
    id: row.id,
    playerId: row.playerId,
    username,
    reason: row.reason,
    status: row.status,
    requestedBy: row.requestedBy,
    lastPlayAt: row.lastPlayAt?.toISOString() ?? null,
    dueAt: row.dueAt.toISOString(),
    blockedReason: row.blockedReason ?? null,
    messageId: row.messageId?.toString() ?? null,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    doneAt: row.doneAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The register's removals, newest first, a page at a time: what staff see the job and requests did. */
export async function registerRemovals(db: Db, query: RegisterRemovalsQuery): Promise<{ removals: RegisterRemoval[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(accountRemoval.status, query.status));
  if (query.playerId) conditions.push(eq(accountRemoval.playerId, query.playerId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(accountRemoval)
    .where(where)
    .orderBy(desc(accountRemoval.createdAt), desc(accountRemoval.id))
    .limit(REGISTER_REMOVALS_PAGE_SIZE)
    .offset(query.page * REGISTER_REMOVALS_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(accountRemoval).where(where);
  const names = await usernames(
    db,
    rows.map((row) => row.playerId),
  );
  return { removals: rows.map((row) => removalView(row, names.get(row.playerId) ?? null)), total: Number(total?.n ?? 0) };
}
