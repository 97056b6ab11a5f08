import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mayPlayForReal } from '../../contracts/platform/accounts/identity-gate';
import type { PlayerProfile, PlayerSummary, StaffNote } from '../../contracts/back-office/players';
import type { LockPeriodUnit, LockType } from '../../contracts/platform/limits/limits';
import { fromMinorUnits } from '../../contracts/money-units';
import type { Db } from '../db/database';
import { staffMember, staffNote } from '../db/schema';
import { AppError, fieldError } from '../http/app-error';
import type { Mailer } from '../mail';
import type { ServiceContext } from '../service-context';
import { findPlayer, findPlayerBySignInName } from '../platform/accounts';
import { afterLockCommitted, inLockTransaction } from '../platform/after-lock';
import { depositedSince } from '../platform/cashier';
import {
  documentStorage,
  hasDocumentsAwaitingReview,
  listUserDocuments,
  playersAwaitingReview,
  readUserDocumentFile,
  reviewPlayerDocuments,
} from '../platform/documents';
import { checksAwaitingReview, reviewReferredCheck } from '../platform/kyc';
import { listLimits, lockRefusal, locksInForce, lockPlayer } from '../platform/limits';
import { endAllSessions } from '../platform/session';
import { messageSubjectText, playerMessages, sendPlayerMessage, unreadMessageCount } from '../platform/messages';
import { getPlayerBalances } from '../platform/wallet';
import { staffAction, type StaffActor } from './access';
import { escapeHtml } from '../http/html';

type PlayerRow = NonNullable<Awaited<ReturnType<typeof findPlayer>>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function summary(row: PlayerRow): PlayerSummary {
  return {
    playerId: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName ?? null,
    lastName: row.lastName ?? null,
    registrationStatus: row.registrationStatus,
    kycStatus: row.kycStatus ?? null,
  };
}

/** A player by id, or 404. */
export async function playerOr404(db: Db, playerId: string): Promise<PlayerRow> {
  const row = await findPlayer(db, playerId);
  if (!row) throw new AppError('NOT_FOUND', 'No player with this id');
  return row;
}

/** Exact look-up by username, e-mail or player id (the accounts module's own finders). */
export async function searchPlayers(db: Db, query: string): Promise<PlayerSummary[]> {
  const found = UUID.test(query) ? await findPlayer(db, query) : await findPlayerBySignInName(db, query);
  return found ? [summary(found)] : [];
}

export async function notesOf(db: Db, playerId: string): Promise<StaffNote[]> {
  const rows = await db
    .select({ id: staffNote.id, body: staffNote.body, author: staffMember.username, createdAt: staffNote.createdAt })
    .from(staffNote)
    .innerJoin(staffMember, eq(staffMember.id, staffNote.staffId))
    .where(eq(staffNote.playerId, playerId))
    .orderBy(desc(staffNote.createdAt));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** What staff see of a player, each part read through its module's public face. */
export async function playerProfile(db: Db, modules: Pick<ServiceContext, 'limits' | 'inducements'>, playerId: string): Promise<PlayerProfile> {
  const row = await playerOr404(db, playerId);
  const [balances, limits, locks, documents, unreadMessages, messages, notes, inducements] = await Promise.all([
    getPlayerBalances(db, playerId),
    listLimits(db, playerId, { deposits: depositedSince, settings: modules.limits.settings }),
    locksInForce(db, playerId),
    listUserDocuments(db, playerId),
    unreadMessageCount(db, playerId),
    playerMessages(db, playerId),
    notesOf(db, playerId),
    modules.inducements.of(db, playerId),
  ]);
  const closedByLock = (await lockRefusal(db, playerId)) !== undefined;
  return {
    player: {
      ...summary(row),
      country: row.country ?? null,
      createdAt: row.createdAt?.toISOString() ?? null,
      // A lock in force (a time-out, a self-exclusion, or one that ended but still closes the account) refuses real play as much as the identity gate does.
      mayPlayForReal: mayPlayForReal({ registrationStatus: row.registrationStatus, kycStatus: row.kycStatus }) && !closedByLock,
      identityDocument:
        row.identityDocumentType && row.identityDocumentNumber
          ? {
              documentType: row.identityDocumentType,
              documentNumber: row.identityDocumentNumber,
              issuingCountry: row.identityDocumentCountry,
              expiryDate: row.identityDocumentExpiry,
            }
          : null,
      rulesJurisdiction: inducements.jurisdiction,
      inducementsOff: inducements.off,
      anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    },
    balances: balances.map((balance) => ({ currency: balance.currency, cash: fromMinorUnits(balance.cash), bonus: fromMinorUnits(balance.bonus) })),
    limits: limits.map((limit) => ({ limitType: limit.limitType, periodType: limit.periodType, currency: limit.currency, value: limit.limit })),
    locks: locks.map((lock) => ({ lockType: lock.lockType, startsAt: lock.startsAt.toISOString(), endsAt: lock.endsAt.toISOString() })),
    documents: documents.map((document) => ({
      id: document.id,
      documentType: document.documentType,
      status: document.status,
      uploadedAt: document.uploadDate,
      reason: document.reviewReason,
      files: document.userDocumentFiles.map((file) => ({ id: file.id, fileName: file.fileName, side: file.side })),
      declared: { documentNumber: document.documentNumber, issueDate: document.issueDate, expiryDate: document.expiryDate, details: document.details },
    })),
    unreadMessages,
    messages: messages.map(({ id, kind, subject, createdAt, read }) => ({ id, kind, subject, createdAt, read })),
    notes,
  };
}

export async function addStaffNote(db: Db, actor: StaffActor, playerId: string, body: string): Promise<StaffNote> {
  await playerOr404(db, playerId);
  return staffAction(db, actor, 'player.note', async (tx) => {
    const [row] = await tx.insert(staffNote).values({ playerId, staffId: actor.staffId, body }).returning();
    if (!row) throw new Error('staff note not stored');
    return { result: { id: row.id, body: row.body, author: actor.username, createdAt: row.createdAt.toISOString() }, detail: { noteId: row.id } };
  });
}

/** A message from staff, as plain text: paragraphs by blank lines, never markup the staff member typed. */
export async function sendStaffMessage(
  db: Db,
  actor: StaffActor,
  playerId: string,
  message: { subject: string; body: string },
): Promise<{ messageId: string }> {
  await playerOr404(db, playerId);
  // The subject is stored as plain text: one that is only markup (<b></b>, <script>…</script>) would
  // arrive empty, so it is the sender's input to correct, before anything is written.
  if (!messageSubjectText(message.subject)) throw fieldError('subject', 'Write a subject in words, not only markup');
  const html = message.body
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
  return staffAction(db, actor, 'player.message', async (tx) => {
    const sent = await sendPlayerMessage(tx, { playerId, kind: 'STAFF_MESSAGE', subject: message.subject, body: html });
    return { result: { messageId: sent.id }, detail: { messageId: sent.id, subject: message.subject } };
  });
}

/**
 * A time-out or self-exclusion taken by staff (for example on the player's call), through the
 * limits module's lockPlayer: locks are only ever added, so nothing here can shorten or lift one.
 * What a lock sets off — rounds in play settled, bonuses forfeited, a self-excluded player's cash
 * paid back — is the same after-lock sequence as the player's own lock (server/platform/after-lock.ts):
 * the "payback due" record commits with the lock and its audit row.
 */
export async function lockPlayerByStaff(
  context: ServiceContext,
  actor: StaffActor,
  playerId: string,
  request: { lockType: LockType; lockPeriodUnit: LockPeriodUnit; lockPeriod: number; reason: string },
  log: FastifyBaseLogger,
) {
  const { db } = context.database;
  await playerOr404(db, playerId);
  const taken = await staffAction(db, actor, 'player.lock', async (tx) => {
    const lock = await lockPlayer(tx, playerId, request, endAllSessions);
    await inLockTransaction(tx, playerId, lock);
    return {
      result: lock,
      detail: {
        lockType: lock.lockType,
        lockPeriodUnit: request.lockPeriodUnit,
        lockPeriod: request.lockPeriod,
        endsAt: lock.endsAt.toISOString(),
        reason: request.reason,
      },
    };
  });
  const cashPayback = await afterLockCommitted(context, playerId, taken, log);
  return { ...taken, cashPayback };
}

/** A mailer that keeps messages until the transaction they belong to has committed. */
function mailAfterCommit(mailer: Mailer): { mailer: Mailer; flush: () => Promise<void> } {
  const held: Parameters<Mailer['send']>[0][] = [];
  return {
    mailer: { send: async (message) => void held.push(message) },
    flush: async () => {
      for (const message of held.splice(0)) await mailer.send(message);
    },
  };
}

/**
 * Staff's decision on a player's documents: the documents review service (the one behind
 * `npm run kyc:review`) runs inside the audit record's transaction — the documents, the player's
 * kycStatus, their message and the audit row commit together; the e-mail is written after.
 */
export async function decideIdentity(context: ServiceContext, actor: StaffActor, playerId: string, decision: 'approve' | 'reject', reason: string) {
  const { db } = context.database;
  const found = await playerOr404(db, playerId);
  const mail = mailAfterCommit(context.mailer);
  const outcome = await staffAction(db, actor, decision === 'approve' ? 'identity.approve' : 'identity.reject', async (tx) => {
    // A check the identity provider referred to staff is decided with the documents, or alone when none wait.
    const referred = await reviewReferredCheck(tx, playerId, decision, actor.username);
    if (referred && !(await hasDocumentsAwaitingReview(tx, playerId))) {
      return {
        result: { documents: 0, kycStatus: referred.kycStatus as string },
        detail: { documents: 0, providerChecks: referred.checks, kycStatus: referred.kycStatus, reason },
      };
    }
    const reviewed = await reviewPlayerDocuments(
      { db: tx, mailer: mail.mailer, config: context.config, logger: context.logger },
      { player: found.username, decision, reason, reviewer: actor.username },
    );
    return { result: reviewed, detail: { documents: reviewed.documents, providerChecks: referred?.checks ?? 0, kycStatus: reviewed.kycStatus, reason } };
  });
  await mail.flush();
  const closedByLock = (await lockRefusal(db, playerId)) !== undefined;
  return {
    documents: outcome.documents,
    kycStatus: outcome.kycStatus ?? null,
    mayPlayForReal: mayPlayForReal({ registrationStatus: found.registrationStatus, kycStatus: outcome.kycStatus }) && !closedByLock,
  };
}

export async function reviewQueue(db: Db) {
  const waiting = new Map<string, { documents: number; since: Date; referredBy: string | null }>();
  for (const entry of await playersAwaitingReview(db))
    waiting.set(entry.playerId, { documents: entry.documents, since: entry.oldestUploadAt, referredBy: null });
  for (const check of await checksAwaitingReview(db)) {
    const kept = waiting.get(check.playerId);
    waiting.set(check.playerId, {
      documents: kept?.documents ?? 0,
      since: kept && kept.since < check.decidedAt ? kept.since : check.decidedAt,
      referredBy: check.provider,
    });
  }
  const ordered = [...waiting.entries()].sort(([, a], [, b]) => a.since.getTime() - b.since.getTime());
  const players = await Promise.all(ordered.map(async ([playerId, entry]) => ({ entry, row: await findPlayer(db, playerId) })));
  return players.flatMap(({ entry, row }) =>
    row ? [{ ...summary(row), documents: entry.documents, oldestUploadAt: entry.since.toISOString(), referredBy: entry.referredBy }] : [],
  );
}

/** A file of a player's document, for the reviewer's eyes; each viewing is an audited action. */
export async function viewDocumentFile(context: ServiceContext, actor: StaffActor, playerId: string, fileId: string) {
  const { db } = context.database;
  await playerOr404(db, playerId);
  const file = await readUserDocumentFile({ db, storage: documentStorage(context.config) }, playerId, fileId);
  await staffAction(db, actor, 'document.view', async () => ({ result: undefined, detail: { fileId } }));
  return file;
}
