import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bonusPlan, playerBonus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Inducements } from '../inducements';
import { lockRefusal } from '../limits';
import { lifetimeTotals } from '../wallet';
import { firstDepositClaim, grantBonus, type BonusPlanRow } from './bonuses.service';
import { nameIn } from '../language/language';

/**
 * Deposit bonuses (DEP-15…24): which plans a deposit may take, a voucher's plan, and the match
 * granted when the deposit is credited. The cashier asks through the module's index only.
 */

export async function planById(db: Db, id: number): Promise<BonusPlanRow | undefined> {
  const [plan] = await db.select().from(bonusPlan).where(eq(bonusPlan.id, id));
  return plan;
}

/** Active plans a goodwill bonus (an amount of bonus money from staff) may be granted on: no-deposit and code plans. */
export function goodwillPlans(db: Db): Promise<BonusPlanRow[]> {
  return db
    .select()
    .from(bonusPlan)
    .where(and(eq(bonusPlan.active, true), inArray(bonusPlan.kind, ['NO_DEPOSIT', 'CODE'])))
    .orderBy(bonusPlan.name, bonusPlan.id);
}

export interface DepositChoice {
  playerId: string;
  currency: string;
  /** Minor units. */
  amount: bigint;
  paymentMethod: string;
}

/** Whether `plan` may be taken with this deposit. */
function fits(plan: BonusPlanRow, choice: DepositChoice & { hasDeposited: boolean }): boolean {
  return (
    plan.active &&
    plan.kind === 'DEPOSIT_MATCH' &&
    plan.currency === choice.currency &&
    choice.amount >= plan.minDeposit &&
    (plan.methods.length === 0 || plan.methods.includes(choice.paymentMethod)) &&
    !(plan.firstDepositOnly && choice.hasDeposited)
  );
}

/** The match a deposit of `amount` earns on `plan`: the percentage, at most the cap (minor units, rounded down). */
export const matchOf = (plan: BonusPlanRow, amount: bigint): bigint => {
  const match = (amount * BigInt(plan.percentage)) / 100n;
  return match < plan.cap ? match : plan.cap;
};

/** getDepositEligibleBonusPlans: the deposit-match plans this deposit may take; none while the player is locked. */
/** Whether the player has had money deposited in the currency before (the ledger's lifetime deposits). */
async function withHistory(db: Db, choice: DepositChoice) {
  const totals = await lifetimeTotals(db, choice.playerId, choice.currency);
  return { ...choice, hasDeposited: totals.deposits > 0n };
}

/** getDepositEligibleBonusPlans: the deposit-match plans without a code this deposit may take; none while the player is locked. */
export async function eligibleDepositPlans(db: Db, inducements: Pick<Inducements, 'closed' | 'refuseClosed'>, choice: DepositChoice): Promise<BonusPlanRow[]> {
  if (await lockRefusal(db, choice.playerId)) return [];
  // Deposit offers are bonus offers: none listed where the jurisdiction closes them (issue 29 item 7).
  if (await inducements.closed(db, choice.playerId, 'BONUS_OFFERS')) return [];
  const full = await withHistory(db, choice);
  const plans = await db
    .select()
    .from(bonusPlan)
    .where(and(eq(bonusPlan.kind, 'DEPOSIT_MATCH'), eq(bonusPlan.active, true), eq(bonusPlan.currency, choice.currency)))
    .orderBy(bonusPlan.id);
  return plans.filter((plan) => fits(plan, full) && plan.code === null);
}

/**
 * validateDepositBonusVoucher: the deposit-match plan a voucher code names, when this deposit may
 * take it; 403 INDUCEMENTS_NOT_AVAILABLE where the jurisdiction closes bonus offers (issue 29 item 7).
 */
export async function voucherPlan(
  db: Db,
  inducements: Pick<Inducements, 'closed' | 'refuseClosed'>,
  choice: DepositChoice,
  code: string,
): Promise<BonusPlanRow | undefined> {
  if (await lockRefusal(db, choice.playerId)) return undefined;
  await inducements.refuseClosed(db, choice.playerId, 'BONUS_OFFERS');
  const [plan] = await db.select().from(bonusPlan).where(eq(bonusPlan.code, code.trim().toUpperCase()));
  return plan && fits(plan, await withHistory(db, choice)) ? plan : undefined;
}

/**
 * A deposit asked with a bonus plan (DEP-23): refused unless the plan is eligible, else a PENDING
 * player bonus waits for the payment; `grantPendingDepositBonus` grants it when the deposit is
 * credited. A first-deposit plan's bonus claims the player's first deposit in the currency
 * (issue 26): parallel first deposits all read "no deposit yet", but only one of them inserts
 * the claim; the others are refused as ineligible and change nothing. A deposit that fails gives
 * the claim back (`cancelPendingDepositBonus`).
 */
async function reserveDepositBonus(tx: Db, choice: DepositChoice, paymentId: string, planId: number, byVoucher: boolean): Promise<BonusPlanRow> {
  const plan = await planById(tx, planId);
  // A plan with a code is taken only by its code.
  if (!plan || (plan.code !== null && !byVoucher) || !fits(plan, await withHistory(tx, choice)) || (await lockRefusal(tx, choice.playerId))) {
    throw new AppError('VALIDATION_ERROR', 'requestedBonusPlanId: This bonus is not available with this deposit', [
      { field: 'requestedBonusPlanId', error: 'This bonus is not available with this deposit' },
    ]);
  }
  const [pending] = await tx
    .insert(playerBonus)
    .values({
      playerId: choice.playerId,
      planId: plan.id,
      currency: choice.currency,
      status: 'PENDING',
      amount: matchOf(plan, choice.amount),
      wagerRequirement: 0n,
      paymentId,
      claim: plan.firstDepositOnly ? firstDepositClaim(choice.currency) : null,
    })
    .onConflictDoNothing({ target: [playerBonus.playerId, playerBonus.claim] })
    .returning({ id: playerBonus.id });
  if (!pending) {
    const field = byVoucher ? 'voucherCode' : 'requestedBonusPlanId';
    const error = 'This bonus is for a first deposit only, and another deposit has taken it';
    throw new AppError('VALIDATION_ERROR', `${field}: ${error}`, [{ field, error }]);
  }
  return plan;
}

/**
 * The cashier's hook (DEP-23), in the transaction that records the deposit: a chosen plan
 * (`requestedBonusPlanId`) or a voucher code becomes a PENDING bonus of the payment, or the
 * deposit is refused naming the field. Answers the plan's name, or null without a choice.
 */
export async function reserveDepositChoice(
  tx: Db,
  inducements: Pick<Inducements, 'closed' | 'refuseClosed'>,
  choice: DepositChoice,
  paymentId: string,
  wanted: { requestedBonusPlanId?: number | null; voucherCode?: string | null },
): Promise<string | null> {
  // A bonus asked for where bonus offers are closed refuses the deposit, which then records nothing (issue 29 item 7).
  if (wanted.voucherCode || wanted.requestedBonusPlanId) await inducements.refuseClosed(tx, choice.playerId, 'BONUS_OFFERS');
  if (wanted.voucherCode) {
    const plan = await voucherPlan(tx, inducements, choice, wanted.voucherCode);
    if (!plan)
      throw new AppError('VALIDATION_ERROR', 'voucherCode: Could not find a bonus for the code provided', [
        { field: 'voucherCode', error: 'Could not find a bonus for the code provided' },
      ]);
    return (await reserveDepositBonus(tx, choice, paymentId, plan.id, true)).name;
  }
  if (wanted.requestedBonusPlanId) return (await reserveDepositBonus(tx, choice, paymentId, wanted.requestedBonusPlanId, false)).name;
  return null;
}

/** Whether a PENDING bonus waits for the deposit of `paymentId`. */
export async function hasPendingDepositBonus(db: Db, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: playerBonus.id })
    .from(playerBonus)
    .where(and(eq(playerBonus.paymentId, paymentId), eq(playerBonus.status, 'PENDING')));
  return row !== undefined;
}

/**
 * The deposit of `paymentId` was credited: its PENDING bonus is granted (ACTIVE or QUEUED), with
 * the match of the credited amount. Runs in the credit's transaction (a money policy's `after`).
 * A player locked meanwhile gets no bonus: the pending row is forfeited.
 */
export async function grantPendingDepositBonus(tx: Db, inducements: Pick<Inducements, 'closed'>, paymentId: string, creditedAmount: bigint): Promise<void> {
  const [pending] = await tx
    .select({ bonus: playerBonus, plan: bonusPlan })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.paymentId, paymentId), eq(playerBonus.status, 'PENDING')))
    .for('update', { of: playerBonus });
  if (!pending) return;
  const now = new Date();
  // Locked meanwhile, or the jurisdiction closed bonus offers meanwhile (issue 29 item 7): no bonus.
  if ((await lockRefusal(tx, pending.bonus.playerId)) || (await inducements.closed(tx, pending.bonus.playerId, 'BONUS_OFFERS'))) {
    await tx.update(playerBonus).set({ status: 'FORFEITED', endedAt: now }).where(eq(playerBonus.id, pending.bonus.id));
    return;
  }
  await grantBonus(tx, pending.bonus.playerId, pending.plan, matchOf(pending.plan, creditedAmount), now, pending.bonus.id);
}

/**
 * The deposit of `paymentId` failed, was declined or cancelled: its PENDING bonus ends CANCELLED (no
 * money moved) and gives back its claim, so the player's next first deposit may take the plan.
 */
export async function cancelPendingDepositBonus(tx: Db, paymentId: string): Promise<void> {
  await tx
    .update(playerBonus)
    .set({ status: 'CANCELLED', endedAt: new Date(), claim: null })
    .where(and(eq(playerBonus.paymentId, paymentId), eq(playerBonus.status, 'PENDING')));
}

/** The plan taken with this deposit, waiting or granted (the cashier's deposit answer names it, DEP-28); null when none or it was cancelled. */
export async function pendingBonusPlanName(db: Db, paymentId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: bonusPlan.name, nameMk: bonusPlan.nameMk })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.paymentId, paymentId), sql`${playerBonus.status} NOT IN ('FORFEITED', 'CANCELLED')`));
  return row ? nameIn(row) : null;
}
