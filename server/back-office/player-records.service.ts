import type { HistoryPageQuery, PlayerPayment, PlayerRound, RequestDocumentUpload, RoundRecall } from '../../contracts/back-office/player-records';
import type { UpdateMarketingConsentsRequest } from '../../contracts/platform/marketing/marketing-consents';
import type { Db } from '../db/database';
import { playerRounds, recallPlayerRound, type PlayedRound } from '../games';
import { goodwillPlans } from '../platform/bonuses';
import { paymentHistory } from '../platform/cashier';
import { marketingConsentsOf, setMarketingConsents } from '../platform/consents';
import { requestDocumentUpload, uploadRequestHistory } from '../platform/documents';
import { staffAction, type StaffActor } from './access';
import { playerOr404 } from './players.service';

/**
 * A player's records on their back-office page (issue 15): the payments and rounds read through the
 * cashier's and the game server's public faces, a round recalled, and staff's request for a new
 * document upload through the documents module. Amounts leave as integer minor units.
 */

const pageOf = (query: HistoryPageQuery) => ({ offset: query.page * query.size, limit: query.size });

export async function playerPayments(db: Db, playerId: string, query: HistoryPageQuery) {
  await playerOr404(db, playerId);
  const { total, payments } = await paymentHistory(db, playerId, pageOf(query));
  return {
    page: query.page,
    size: query.size,
    total,
    payments: payments.map(
      (entry): PlayerPayment => ({
        paymentId: entry.paymentId,
        type: entry.type,
        method: entry.method,
        status: entry.status,
        currency: entry.currency,
        amountMinor: Number(entry.amount),
        failureReason: entry.failureReason,
        requestedAt: entry.requestedAt.toISOString(),
        completedAt: entry.completedAt?.toISOString() ?? null,
        ledgerTransactionId: entry.ledgerTransactionId?.toString() ?? null,
      }),
    ),
  };
}

const roundView = (round: PlayedRound): PlayerRound => ({
  roundId: round.roundId,
  gameId: round.gameId,
  gameName: round.gameName,
  kind: round.kind,
  // The game_round table's checks hold both to the contract's codes.
  mode: round.mode as PlayerRound['mode'],
  currency: round.currency,
  stakeMinor: Number(round.stake),
  winMinor: Number(round.win),
  status: round.status as PlayerRound['status'],
  playedAt: round.playedAt.toISOString(),
  settledAt: round.settledAt?.toISOString() ?? null,
});

export async function playerRoundPage(db: Db, playerId: string, query: HistoryPageQuery) {
  await playerOr404(db, playerId);
  const { total, rounds } = await playerRounds(db, playerId, pageOf(query));
  return { page: query.page, size: query.size, total, rounds: rounds.map(roundView) };
}

export async function recallRound(db: Db, playerId: string, roundId: string): Promise<RoundRecall> {
  await playerOr404(db, playerId);
  const recalled = await recallPlayerRound(db, playerId, roundId);
  return { ...roundView(recalled), nonce: recalled.nonce, outcome: recalled.outcome, seed: recalled.seed, verification: recalled.verification };
}

/** Asks the player to upload a document again; the request, their message and the audit row commit together. */
export async function askForNewUpload(db: Db, actor: StaffActor, playerId: string, request: RequestDocumentUpload) {
  await playerOr404(db, playerId);
  return staffAction(db, actor, 'document.request_upload', async (tx) => {
    const asked = await requestDocumentUpload(tx, { playerId, documentType: request.documentType, reason: request.reason, requestedBy: actor.username });
    return {
      result: asked,
      detail: { requestId: asked.requestId, documentType: request.documentType, reason: request.reason.trim(), messageId: asked.messageId },
    };
  });
}

export async function uploadRequestsOfPlayer(db: Db, playerId: string) {
  await playerOr404(db, playerId);
  return { uploadRequests: await uploadRequestHistory(db, playerId) };
}

export async function goodwillPlanList(db: Db) {
  const plans = await goodwillPlans(db);
  return { plans: plans.map((plan) => ({ planId: plan.id, name: plan.name, kind: plan.kind, currency: plan.currency, amountMinor: Number(plan.cap) })) };
}

/** A player's marketing matrix as staff see it (SR 5.1.12): each box, when and by whom it was last changed. */
export async function playerMarketingConsents(db: Db, playerId: string) {
  await playerOr404(db, playerId);
  return { status: 'SUCCESS' as const, consents: await marketingConsentsOf(db, playerId) };
}

/**
 * Changes a player's marketing boxes at their request (a call, a letter): the change and its audit
 * row (`player.marketing_consents`, the boxes as asked and as they were) commit together or not at all.
 */
export async function changePlayerMarketingConsents(db: Db, actor: StaffActor, playerId: string, request: UpdateMarketingConsentsRequest) {
  await playerOr404(db, playerId);
  await staffAction(db, actor, 'player.marketing_consents', async (tx) => {
    const before = await marketingConsentsOf(tx, playerId);
    await setMarketingConsents(tx, playerId, request.consents, { kind: 'STAFF', staffId: actor.staffId });
    const was = (box: { product: string; channel: string }) =>
      before.find((row) => row.product === box.product && row.channel === box.channel)?.granted ?? false;
    return {
      result: undefined,
      detail: { changes: request.consents.map((box) => ({ product: box.product, channel: box.channel, granted: box.granted, was: was(box) })) },
    };
  });
  return playerMarketingConsents(db, playerId);
}
