import { type MoneyMovement, type MoneyPolicy, type PostedMovement, type StatementContext } from '../wallet';
import type { Db } from '../../db/database';
import { and, eq } from 'drizzle-orm';
import { loyaltyAccount, loyaltyPointsEntry } from '../../db/schema';
import type { Inducements } from '../inducements';
import { pointsFor, pointsRate, type LoyaltySettings } from './settings';

/**
 * Loyalty points at the wallet's money-policy point (LOY-*, server/platform/loyalty/README.md): every
 * real-money bet earns points on the CASH part of its stake, at the rate of its currency and game
 * kind, inside the bet's own transaction, on every path:
 * - `after` (general path) inserts one EARN entry keyed on the bet's ledger transaction;
 * - `inStatement` is the same insert as a data-modifying CTE of the one-statement debit or round,
 *   so players keep the one-statement spin.
 * The entry's unique ledger transaction id makes a bet earn once: a replayed bet posts no new
 * movement (neither form runs), and nothing could insert a second row for it. A trigger adds the
 * entry to the player's points balance. Free play moves no money and so earns nothing.
 * A player whose jurisdiction closes loyalty points (IE by default, issue 29 item 7) earns none on
 * either path: the statement form's insert carries the same condition as `after`'s check.
 */

const stakeOf = (buckets: { CASH?: bigint }) => (buckets.CASH !== undefined && buckets.CASH < 0n ? -buckets.CASH : 0n);

/**
 * A bet its provider rolls back never happened, so what it earned is taken back (a REVERSE entry
 * keyed on the rollback's own ledger transaction, so a replayed rollback reverses once). Points
 * already spent in the shop stay spent: the reversal takes at most what is left, because a balance
 * never goes below zero and an order once paid is the player's.
 */
async function reverseEarnedPoints(tx: Db, movement: PostedMovement): Promise<void> {
  const reversed = movement.reversesLedgerTransactionId;
  if (reversed === undefined) return;
  const [earned] = await tx
    .select({
      points: loyaltyPointsEntry.points,
      currency: loyaltyPointsEntry.currency,
      gameKind: loyaltyPointsEntry.gameKind,
      stake: loyaltyPointsEntry.stake,
    })
    .from(loyaltyPointsEntry)
    .where(and(eq(loyaltyPointsEntry.ledgerTransactionId, reversed), eq(loyaltyPointsEntry.kind, 'EARN'), eq(loyaltyPointsEntry.playerId, movement.playerId)));
  if (!earned) return;
  // The account row locked first, as a checkout locks it, so the two never pass each other.
  const [account] = await tx.select({ points: loyaltyAccount.points }).from(loyaltyAccount).where(eq(loyaltyAccount.playerId, movement.playerId)).for('update');
  const taken = account ? (earned.points < account.points ? earned.points : account.points) : 0n;
  if (taken <= 0n) return;
  await tx.insert(loyaltyPointsEntry).values({
    playerId: movement.playerId,
    kind: 'REVERSE',
    points: -taken,
    ledgerTransactionId: movement.ledgerTransactionId,
    currency: earned.currency,
    gameKind: earned.gameKind,
    stake: earned.stake,
  });
}

/** The policy, with the programme's rates and the inducements closed per jurisdiction the composition root built (server/modules.ts). */
export const loyaltyPointsPolicy = ({
  inducements,
  settings,
}: {
  inducements: Pick<Inducements, 'closed' | 'closedSql'>;
  settings: Pick<LoyaltySettings, 'rates'>;
}): MoneyPolicy => ({
  name: 'loyalty-points',
  kinds: ['bet', 'rollback'],
  async after(tx: Db, movement: PostedMovement) {
    if (movement.kind === 'rollback') return reverseEarnedPoints(tx, movement);
    const stake = stakeOf(movement.buckets);
    const points = pointsFor(stake, pointsRate(settings, movement.currency, movement.game?.kind));
    if (points === 0n) return;
    if (await inducements.closed(tx, movement.playerId, 'LOYALTY_POINTS')) return;
    await tx.insert(loyaltyPointsEntry).values({
      playerId: movement.playerId,
      kind: 'EARN',
      points,
      ledgerTransactionId: movement.ledgerTransactionId,
      currency: movement.currency,
      gameKind: movement.game?.kind ?? null,
      stake,
    });
  },
  inStatement(movement: MoneyMovement, context: StatementContext) {
    // A rollback's reversal reads what the bet earned: the general path.
    if (movement.kind !== 'bet') return undefined;
    const rate = pointsRate(settings, movement.currency, movement.game?.kind);
    if (rate === 0) return {};
    const { params } = context;
    const stake = `GREATEST(-(${context.cash}), 0::bigint)`;
    const points = `(${stake} * ${params.add(rate, 'bigint')} / 100)`;
    return {
      write: `INSERT INTO loyalty_points_entry (player_id, kind, points, ledger_transaction_id, currency, game_kind, stake) SELECT ${context.player}, 'EARN', ${points}, ${context.transactionId}, ${context.currency}, ${params.add(movement.game?.kind ?? null, 'text')}, ${stake} FROM ${context.from} WHERE ${points} > 0 AND NOT ${inducements.closedSql('LOYALTY_POINTS', context.player)} RETURNING 1`,
    };
  },
});
