import { and, asc, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { KycStatus } from '../../../contracts/platform/accounts/identity-gate';
import type { Db } from '../../db/database';
import { kycCheck, kycEvent } from '../../db/schema';
import type { IdentityDecision, IdentityWebhookEvent, KycProvider, ProviderCheckOutcome } from '../../providers/kyc-provider';
import { findPlayer, updatePlayer } from '../accounts';

/**
 * Checks an outside identity provider decides later (issue 31; docs/onfido-adapter.md): the check
 * as created, the webhook inbox, and the one place a decision reaches the player's kycStatus.
 */

/** The player's kycStatus for a provider's decision; REFER also puts the check in the staff review queue. */
export const kycStatusOfDecision: Record<IdentityDecision, KycStatus> = {
  VERIFIED: 'EXPERIAN_PASS',
  REFER: 'ID_CHECK_LOCK',
  REJECTED: 'KYC_FAILED_LOCK',
};

export async function recordCheck(db: Db, check: { provider: string; checkId: string; applicantId: string; playerId: string }): Promise<void> {
  await db.insert(kycCheck).values(check).onConflictDoNothing();
}

/** Stores a verified event once under the provider's id for it; a duplicate of one already processed changes nothing. */
export async function storeKycEvent(db: Db, provider: string, event: IdentityWebhookEvent): Promise<{ duplicate: boolean; processed: boolean }> {
  const inserted = await db
    .insert(kycEvent)
    .values({ provider, eventId: event.eventId, checkId: event.checkId, action: event.action, payload: event.payload })
    .onConflictDoNothing()
    .returning({ eventId: kycEvent.eventId });
  if (inserted.length > 0) return { duplicate: false, processed: false };
  const [kept] = await db
    .select({ processedAt: kycEvent.processedAt })
    .from(kycEvent)
    .where(and(eq(kycEvent.provider, provider), eq(kycEvent.eventId, event.eventId)));
  return { duplicate: true, processed: kept?.processedAt !== null && kept?.processedAt !== undefined };
}

/**
 * Processes a stored event: the provider's API says how its check stands (events come late, twice
 * and in any order; the API is the truth), a decision is applied once, and the event is marked
 * processed. A failure leaves it unprocessed: the provider's next delivery of it, or the sweep,
 * takes it up again.
 */
export async function processKycEvent(deps: { db: Db; provider: KycProvider; logger: Logger }, eventId: string): Promise<void> {
  const { db, provider, logger } = deps;
  const [event] = await db
    .select()
    .from(kycEvent)
    .where(and(eq(kycEvent.provider, provider.id), eq(kycEvent.eventId, eventId), isNull(kycEvent.processedAt)));
  if (!event) return;
  // An event about a check this node never made (another account's webhook, a deleted player) is acknowledged and left alone.
  const ours = event.checkId
    ? (
        await db
          .select({ status: kycCheck.status })
          .from(kycCheck)
          .where(and(eq(kycCheck.provider, provider.id), eq(kycCheck.checkId, event.checkId)))
      )[0]
    : undefined;
  if (event.checkId && ours?.status === 'PENDING' && provider.webhooks) {
    const outcome = await provider.webhooks.checkOutcome(event.checkId);
    if (outcome.state === 'DECIDED') {
      const applied = await applyDecision(db, provider.id, event.checkId, outcome);
      logger.info({ provider: provider.id, checkId: event.checkId, decision: outcome.decision, applied }, 'kyc: provider decision');
    }
  }
  await db
    .update(kycEvent)
    .set({ processedAt: new Date() })
    .where(and(eq(kycEvent.provider, provider.id), eq(kycEvent.eventId, eventId)));
}

/** Events stored more than `olderThanMs` ago and still unprocessed (a crash between the answer and the processing). */
export async function unprocessedKycEvents(db: Db, provider: string, olderThanMs: number): Promise<string[]> {
  const rows = await db
    .select({ eventId: kycEvent.eventId })
    .from(kycEvent)
    .where(and(eq(kycEvent.provider, provider), isNull(kycEvent.processedAt), lt(kycEvent.receivedAt, new Date(Date.now() - olderThanMs))))
    .orderBy(asc(kycEvent.receivedAt))
    .limit(50);
  return rows.map((row) => row.eventId);
}

/** Checks still waiting for their decision `olderThanMs` after they were made, oldest first. */
export async function pendingChecks(db: Db, provider: string, olderThanMs: number): Promise<{ checkId: string }[]> {
  return db
    .select({ checkId: kycCheck.checkId })
    .from(kycCheck)
    .where(and(eq(kycCheck.provider, provider), eq(kycCheck.status, 'PENDING'), lt(kycCheck.createdAt, new Date(Date.now() - olderThanMs))))
    .orderBy(asc(kycCheck.createdAt))
    .limit(20);
}

/**
 * A decision is taken once: the check moves from PENDING in one conditional update, and only the
 * update that moved it writes the player. False when it was decided already (a duplicate, a late event).
 */
export async function applyDecision(db: Db, provider: string, checkId: string, outcome: Extract<ProviderCheckOutcome, { state: 'DECIDED' }>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(kycCheck)
      .set({ status: outcome.decision, result: outcome.result, subResult: outcome.subResult, decidedAt: new Date() })
      .where(and(eq(kycCheck.provider, provider), eq(kycCheck.checkId, checkId), eq(kycCheck.status, 'PENDING')))
      .returning({ playerId: kycCheck.playerId });
    if (!moved) return false;
    await applyToPlayer(tx, moved.playerId, outcome.decision);
    return true;
  });
}

/**
 * Writes the decision's kycStatus while the player is registered and still waits for the check
 * (NOT_CHECKED): a decision never overrides staff's or a document review's.
 */
async function applyToPlayer(tx: Db, playerId: string, decision: IdentityDecision): Promise<void> {
  const found = await findPlayer(tx, playerId);
  if (!found || found.registrationStatus !== 'PLAYER' || found.kycStatus !== 'NOT_CHECKED') return;
  await updatePlayer(tx, playerId, { kycStatus: kycStatusOfDecision[decision] });
}

/** The player's latest decided check, applied now that the sign-up has written the player. */
export async function applyDecidedCheck(db: Db, playerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ status: kycCheck.status })
      .from(kycCheck)
      .where(and(eq(kycCheck.playerId, playerId), isNotNull(kycCheck.decidedAt)))
      .orderBy(desc(kycCheck.decidedAt))
      .limit(1);
    if (latest && latest.status !== 'PENDING') await applyToPlayer(tx, playerId, latest.status as IdentityDecision);
  });
}

/** Players whose provider check was referred to staff and not yet reviewed, the longest waiting first. */
export async function checksAwaitingReview(db: Db, limit = 200): Promise<{ playerId: string; provider: string; checkId: string; decidedAt: Date }[]> {
  const rows = await db
    .select({ playerId: kycCheck.playerId, provider: kycCheck.provider, checkId: kycCheck.checkId, decidedAt: kycCheck.decidedAt })
    .from(kycCheck)
    .where(and(eq(kycCheck.status, 'REFER'), isNull(kycCheck.reviewedAt)))
    .orderBy(asc(kycCheck.decidedAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, decidedAt: row.decidedAt ?? new Date(0) }));
}

/**
 * Staff decide a referred check (in the caller's transaction, with its audit row): approval makes
 * the player PASS, rejection KYC_FAILED_LOCK. Null when the player has no referred check waiting.
 */
export async function reviewReferredCheck(
  tx: Db,
  playerId: string,
  decision: 'approve' | 'reject',
  reviewer: string,
): Promise<{ kycStatus: KycStatus; checks: number } | null> {
  const reviewed = await tx
    .update(kycCheck)
    .set({ reviewedBy: reviewer, reviewedAt: new Date() })
    .where(and(eq(kycCheck.playerId, playerId), eq(kycCheck.status, 'REFER'), isNull(kycCheck.reviewedAt)))
    .returning({ checkId: kycCheck.checkId });
  if (reviewed.length === 0) return null;
  const kycStatus: KycStatus = decision === 'approve' ? 'PASS' : 'KYC_FAILED_LOCK';
  await updatePlayer(tx, playerId, { kycStatus });
  return { kycStatus, checks: reviewed.length };
}
