import { registerMoneyPolicy, type MoneyMovement, type MoneyPolicy, type PostedMovement, type StatementContext } from '../wallet';
import type { Db } from '../../db/database';
import { loyaltyPointsEntry } from '../../db/schema';
import { pointsFor, pointsRate } from './settings';

/**
 * Loyalty points at the wallet's money-policy point (LOY-*, docs/architecture.md §7h): every
 * real-money bet earns points on the CASH part of its stake, at the rate of its currency and game
 * kind, inside the bet's own transaction, on every path:
 * - `after` (general path) inserts one EARN entry keyed on the bet's ledger transaction;
 * - `inStatement` is the same insert as a data-modifying CTE of the one-statement debit or round,
 *   so players keep the one-statement spin.
 * The entry's unique ledger transaction id makes a bet earn once: a replayed bet posts no new
 * movement (neither form runs), and nothing could insert a second row for it. A trigger adds the
 * entry to the player's points balance. Free play moves no money and so earns nothing.
 */

const stakeOf = (buckets: { CASH?: bigint }) => (buckets.CASH !== undefined && buckets.CASH < 0n ? -buckets.CASH : 0n);

export const loyaltyPointsPolicy: MoneyPolicy = {
  name: 'loyalty-points',
  kinds: ['bet'],
  async after(tx: Db, movement: PostedMovement) {
    const stake = stakeOf(movement.buckets);
    const points = pointsFor(stake, pointsRate(movement.currency, movement.game?.kind));
    if (points === 0n) return;
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
    const rate = pointsRate(movement.currency, movement.game?.kind);
    if (rate === 0) return {};
    const { params } = context;
    const stake = `GREATEST(-(${context.cash}), 0::bigint)`;
    const points = `(${stake} * ${params.add(rate, 'bigint')} / 100)`;
    return {
      write: `INSERT INTO loyalty_points_entry (player_id, kind, points, ledger_transaction_id, currency, game_kind, stake) SELECT ${context.player}, 'EARN', ${points}, ${context.transactionId}, ${context.currency}, ${params.add(movement.game?.kind ?? null, 'text')}, ${stake} FROM ${context.from} WHERE ${points} > 0 RETURNING 1`,
    };
  },
};

let registered = false;
/** Registers the points policy once per process. */
export function registerLoyaltyPolicies(): void {
  if (registered) return;
  registered = true;
  registerMoneyPolicy(loyaltyPointsPolicy);
}
