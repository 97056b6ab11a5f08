import { and, eq } from 'drizzle-orm';
import { formatMinorUnits } from '../../../contracts/money-units';
import { CASINO_GAME_KINDS } from '../../../contracts/platform/bonuses/bonuses';
import type { Db } from '../../db/database';
import { bonusPlan, playerBonus } from '../../db/schema';
import { PolicyRefusal, registerMoneyPolicy, type MoneyMovement, type MoneyPolicy, type PendingMovement, type PostedMovement, type StatementContext } from '../wallet';
import { endBonus } from './bonuses.service';

/**
 * Bonus wagering at the wallet's money-policy point (BON-*, docs/architecture.md §7g). Every
 * real-money bet of a player with an ACTIVE bonus in the bet's currency:
 * - `before`: a stake of a declared game kind that is not a casino kind (bingo, a live table) may
 *   take cash only — a bonus never mixes products (issue 14 "Fair by rule", CASINO_GAME_KINDS) —
 *   so a stake the wallet would part-pay from BONUS is refused, whatever the bonus balance; a
 *   stake over the plan's maximum stake is refused (while the bonus has not expired);
 * - `after`: adds stake × the game kind's contribution (percent, from the plan) to amountWagered;
 *   at the requirement what remains in BONUS becomes CASH in the same transaction (released). A
 *   bonus found expired here is forfeited instead (the timer does the same for idle players).
 *
 * The one-statement round keeps its path for every player without bonus money and without an
 * active bonus: the statement form is a condition only (no such bonus), read from a top-level
 * locking CTE taken after the wallet's account lock and from the locked BONUS bucket itself (its
 * newest version), so a bonus activated while the statement waited is seen. When the condition
 * fails the statement writes nothing and the wallet takes the general path, where `before` and
 * `after` above do the work: one place computes the wagering.
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

const casinoKinds: readonly string[] = CASINO_GAME_KINDS;

/**
 * A stake of a product other than the casino (its kind declared and not a casino kind) is paid
 * from cash only: the wallet's split takes CASH first, so a split touching BONUS means cash is short.
 * A provider that does not say the kind keeps the ordinary split (there is nothing to tell it by).
 */
function refuseBonusOutsideCasino(movement: PendingMovement): void {
  const kind = movement.game?.kind;
  if (kind === undefined || casinoKinds.includes(kind) || movement.buckets.BONUS === 0n) return;
  const cash = movement.amount + movement.buckets.BONUS;
  const money = (minor: bigint) => `${formatMinorUnits(minor)} ${movement.currency}`;
  throw new PolicyRefusal('bonus-wagering', 'INSUFFICIENT_FUNDS', `Bonus money cannot be used for ${kind}: it is paid from cash only.`, [
    { field: 'amount', error: `This costs ${money(movement.amount)} and ${kind} is paid from cash only; your cash is ${money(cash)}` },
  ]);
}

const expired = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt <= now;

export const wageringPolicy: MoneyPolicy = {
  name: 'bonus-wagering',
  kinds: ['bet'],
  async before(tx: Db, movement: PendingMovement) {
    refuseBonusOutsideCasino(movement);
    const active = await activeWithPlan(tx, movement);
    if (!active || expired(active.bonus.expiresAt, new Date())) return;
    const max = active.plan.maxStake;
    if (max !== null && movement.amount > max) {
      throw new PolicyRefusal('bonus-wagering', 'VALIDATION_ERROR', 'This stake is over the maximum allowed while your bonus is active.', [
        { field: 'stake', error: `The maximum stake while your bonus is active is ${max} minor units` },
      ]);
    }
  },
  async after(tx: Db, movement: PostedMovement) {
    const active = await activeWithPlan(tx, movement);
    if (!active) return;
    const now = new Date();
    if (expired(active.bonus.expiresAt, now)) {
      await endBonus(tx, active.bonus, 'EXPIRED', now);
      return;
    }
    const added = wageringOf(movement.amount, contributionPercent(active.plan.contributions, movement.game?.kind));
    if (added === 0n) return;
    const wagered = active.bonus.amountWagered + added;
    const [updated] = await tx.update(playerBonus).set({ amountWagered: wagered }).where(eq(playerBonus.id, active.bonus.id)).returning();
    if (updated && wagered >= updated.wagerRequirement) await endBonus(tx, updated, 'RELEASED', now);
  },
  inStatement(movement: MoneyMovement, context: StatementContext) {
    if (movement.kind !== 'bet') return undefined;
    const lock = `bon_a AS (SELECT id FROM player_bonus WHERE player_id = ${context.player} AND currency = ${context.currency} AND status = 'ACTIVE' AND EXISTS (SELECT 1 FROM ${context.locked}) FOR UPDATE)`;
    return {
      locks: [lock],
      condition: `NOT EXISTS (SELECT 1 FROM bon_a) AND NOT EXISTS (SELECT 1 FROM ${context.locked} WHERE bucket = 'BONUS' AND balance > 0)`,
    };
  },
};

let registered = false;
/** Registers the wagering policy once per process. */
export function registerBonusPolicies(): void {
  if (registered) return;
  registered = true;
  registerMoneyPolicy(wageringPolicy);
}
