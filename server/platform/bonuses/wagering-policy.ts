import { and, eq, sql } from 'drizzle-orm';
import { productOfKind, type BonusProduct } from '../../../contracts/platform/bonuses/bonuses';
import type { Db } from '../../db/database';
import { bonusFundedRound, bonusPlan, playerBonus } from '../../db/schema';
import {
  PolicyRefusal,
  settleBonusWinShare,
  type MoneyMovement,
  type MoneyPolicy,
  type PendingMovement,
  type PostedMovement,
  type StatementContext,
} from '../wallet';
import { endBonus } from './bonuses.service';
import { formatMinorMoney } from '../../../contracts/format';

/**
 * Bonus wagering at the wallet's money-policy point (BON-*, server/platform/bonuses/README.md). Every
 * real-money bet of a player with an ACTIVE bonus in the bet's currency:
 * - `before`: a stake of a game kind of another product than the active plan's (SR 5.1.1(3b): one
 *   product per incentive; casino, bingo, live — ANY money is spent freely) may take cash only, so
 *   a stake the wallet would part-pay from BONUS is refused, whatever the bonus balance; a stake on
 *   the plan's product over its maximum stake is refused (while the bonus has not expired);
 * - `after`: adds stake × the game kind's contribution (percent, from the plan) to amountWagered,
 *   for a stake on the plan's product only;
 *   at the requirement what remains in BONUS becomes CASH in the same transaction (released). A
 *   bonus found expired here is forfeited instead (the timer does the same for idle players). A
 *   stake that took BONUS money names the bonus as its round's (`bonus_funded_round`).
 *
 * And every win the wallet pays partly into BONUS (the money rules: the share bonus money staked,
 * issue 26): while the round's bonus is active the share stays there, bonus money to be wagered
 * like the stake that won it; when that bonus has ended meanwhile (this very round's stake may
 * have completed its wagering) the share follows it — cash if it was released, the house's if it
 * was cancelled, expired or forfeited — so it never lingers in BONUS as another bonus's money.
 *
 * The one-statement round keeps its path for every player without bonus money and without an
 * active bonus: the statement form is a condition only (no such bonus), read from a top-level
 * locking CTE taken after the wallet's account lock and from the locked BONUS bucket itself (its
 * newest version), so a bonus activated while the statement waited is seen. When the condition
 * fails the statement writes nothing and the wallet takes the general path, where `before` and
 * `after` above do the work: one place computes the wagering. A win's statement form is empty:
 * a win the wallet writes in one statement pays nothing into BONUS.
 */

/** Percent of a stake that counts for `kind`; a kind the plan does not name (or an unknown one) counts nothing. */
export function contributionPercent(contributions: Record<string, number>, kind: string | undefined): number {
  if (!kind) return 0;
  const value = contributions[kind];
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.min(100, Math.floor(value))) : 0;
}

/** What a stake adds to amountWagered, minor units (rounded down). */
export const wageringOf = (stake: bigint, percent: number): bigint => (stake * BigInt(percent)) / 100n;

async function activeWithPlan(tx: Db, movement: MoneyMovement) {
  const [row] = await tx
    .select({ bonus: playerBonus, plan: bonusPlan })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.playerId, movement.playerId), eq(playerBonus.currency, movement.currency), eq(playerBonus.status, 'ACTIVE')))
    .for('update', { of: playerBonus });
  return row;
}

/**
 * Whether a stake of game kind `kind` is a stake on `product`, the product bonus money belongs to
 * (SR 5.1.1(3b): one product per incentive). ANY money is spent freely. A stake whose provider does
 * not say the kind is a casino stake (third-party titles are casino games): a casino bonus's money
 * may pay it, as before products were named, and it counts nothing (no contribution names it); a
 * declared kind no product knows belongs to none.
 */
export function stakeOnProduct(product: BonusProduct, kind: string | undefined): boolean {
  if (product === 'ANY') return true;
  return (kind === undefined ? 'CASINO' : productOfKind(kind)) === product;
}

/**
 * A stake of another product than the bonus money's is paid from cash only: the wallet's split
 * takes CASH first, so a split touching BONUS means cash is short, and the stake is refused
 * whatever the bonus balance. Bonus money with no active bonus (none of this module's making) is
 * casino money, the rule before plans named their product.
 */
function refuseBonusOutsideProduct(movement: PendingMovement, product: BonusProduct): void {
  const kind = movement.game?.kind;
  if (movement.buckets.BONUS === 0n || stakeOnProduct(product, kind)) return;
  const cash = movement.amount + movement.buckets.BONUS;
  const money = (minor: bigint) => formatMinorMoney(minor, movement.currency, 'en');
  throw new PolicyRefusal('bonus-wagering', 'INSUFFICIENT_FUNDS', `Bonus money cannot be used for ${kind ?? 'this game'}: it is paid from cash only.`, [
    { field: 'amount', error: `This costs ${money(movement.amount)} and ${kind ?? 'this game'} is paid from cash only; your cash is ${money(cash)}` },
  ]);
}

const expired = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt <= now;

/** The round of a stake that took BONUS money is the active bonus's: its win's bonus share follows that bonus. */
async function noteFundedRound(tx: Db, movement: PostedMovement, bonusId: bigint): Promise<void> {
  if (movement.buckets.BONUS >= 0n || !movement.game) return;
  await tx
    .insert(bonusFundedRound)
    .values({ playerId: movement.playerId, providerId: movement.game.providerId, roundId: movement.game.roundId, bonusId })
    .onConflictDoNothing();
}

/**
 * A win that paid a share into BONUS: the share stays while the round's bonus is active, and
 * follows it once it has ended — cash if released, the house's otherwise. A round no bonus funded
 * (bonus money without a bonus: nothing in this module put it there) is left to the wallet's rule.
 */
async function settleWinShare(tx: Db, movement: PostedMovement): Promise<void> {
  const share = movement.buckets.BONUS;
  if (share <= 0n || !movement.game) return;
  const [funded] = await tx
    .select({ bonus: playerBonus })
    .from(bonusFundedRound)
    .innerJoin(playerBonus, eq(playerBonus.id, bonusFundedRound.bonusId))
    .where(
      and(
        eq(bonusFundedRound.playerId, movement.playerId),
        eq(bonusFundedRound.providerId, movement.game.providerId),
        eq(bonusFundedRound.roundId, movement.game.roundId),
      ),
    )
    .for('update', { of: playerBonus });
  if (!funded || funded.bonus.status === 'ACTIVE') return;
  const released = funded.bonus.status === 'RELEASED';
  await settleBonusWinShare(
    tx,
    { bonusId: String(funded.bonus.id), playerId: movement.playerId, currency: movement.currency },
    share,
    String(movement.ledgerTransactionId),
    released,
  );
  await tx
    .update(playerBonus)
    .set(released ? { released: sql`${playerBonus.released} + ${share}` } : { forfeited: sql`${playerBonus.forfeited} + ${share}` })
    .where(eq(playerBonus.id, funded.bonus.id));
}

export const wageringPolicy: MoneyPolicy = {
  name: 'bonus-wagering',
  kinds: ['bet', 'win'],
  async before(tx: Db, movement: PendingMovement) {
    if (movement.kind !== 'bet') return;
    const active = await activeWithPlan(tx, movement);
    refuseBonusOutsideProduct(movement, active?.plan.product ?? 'CASINO');
    if (!active || expired(active.bonus.expiresAt, new Date())) return;
    // The plan's maximum stake is a term of its product's stakes; a stake on another product is cash's own.
    if (!stakeOnProduct(active.plan.product, movement.game?.kind)) return;
    const max = active.plan.maxStake;
    if (max !== null && movement.amount > max) {
      throw new PolicyRefusal('bonus-wagering', 'VALIDATION_ERROR', 'This stake is over the maximum allowed while your bonus is active.', [
        { field: 'stake', error: `The maximum stake while your bonus is active is ${max} minor units` },
      ]);
    }
  },
  async after(tx: Db, movement: PostedMovement) {
    if (movement.kind === 'win') return settleWinShare(tx, movement);
    const active = await activeWithPlan(tx, movement);
    if (!active) return;
    await noteFundedRound(tx, movement, active.bonus.id);
    const now = new Date();
    if (expired(active.bonus.expiresAt, now)) {
      await endBonus(tx, active.bonus, 'EXPIRED', now);
      return;
    }
    // Only a stake on the plan's product counts (SR 5.1.1(3b)), whatever its contributions name.
    const onProduct = stakeOnProduct(active.plan.product, movement.game?.kind);
    const added = onProduct ? wageringOf(movement.amount, contributionPercent(active.plan.contributions, movement.game?.kind)) : 0n;
    // A bonus with nothing to wager (ANY money) is released by the first stake on its product, whatever it counted.
    if (added === 0n && (!onProduct || active.bonus.amountWagered < active.bonus.wagerRequirement)) return;
    const wagered = active.bonus.amountWagered + added;
    const [updated] = await tx.update(playerBonus).set({ amountWagered: wagered }).where(eq(playerBonus.id, active.bonus.id)).returning();
    if (updated && wagered >= updated.wagerRequirement) await endBonus(tx, updated, 'RELEASED', now);
  },
  inStatement(movement: MoneyMovement, context: StatementContext) {
    // A win pays into BONUS only when its round's stake took bonus money: a round's statement
    // never does (the bet's condition below), and the wallet writes a credit on its own in one
    // statement only when it pays all of it into cash. So a win in a statement has nothing to settle.
    if (movement.kind === 'win') return {};
    if (movement.kind !== 'bet') return undefined;
    const lock = `bon_a AS (SELECT id FROM player_bonus WHERE player_id = ${context.player} AND currency = ${context.currency} AND status = 'ACTIVE' AND EXISTS (SELECT 1 FROM ${context.locked}) FOR UPDATE)`;
    return {
      locks: [lock],
      condition: `NOT EXISTS (SELECT 1 FROM bon_a) AND NOT EXISTS (SELECT 1 FROM ${context.locked} WHERE bucket = 'BONUS' AND balance > 0)`,
    };
  },
};
