import { and, eq } from 'drizzle-orm';
import {
  BONUS_PRODUCTS,
  GAME_PRODUCTS,
  PRODUCT_GAME_KINDS,
  productOfKind,
  type BonusProgress,
  type GameProduct,
  type CancelPreview,
  type PlanTerms,
} from '../../../contracts/platform/bonuses/bonuses';
import { fromMinorUnits } from '../../../contracts/money';
import type { Db } from '../../db/database';
import { bonusPlan, playerBonus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { inducementRefusal, type Inducements } from '../inducements';
import { getPlayerBalance } from '../wallet';
import { GB_MAX_WAGERING_MULTIPLIER, wageringMultiplierFor, type BonusPlanRow } from './bonuses.service';
import { nameIn } from '../language/language';

/**
 * What players see of their bonuses beyond the list (issue 14 "beyond the anchors"): the cancel
 * preview, the active bonus's live wagering progress and a plan's full terms. Figures of money
 * come from the ledger (the wallet's balances), never from a copy kept here.
 */

const notFound = (field: string, what: string) => new AppError('NOT_FOUND', `No ${what} with this id`, [{ field, error: `No ${what} with this id` }]);

/**
 * What cancelling `bonusId` would do: the player's cash is kept whole; an ACTIVE bonus forfeits
 * what remains in BONUS (the ledger's balance now); a QUEUED one gives up its amount, never paid.
 * Only the player's own QUEUED or ACTIVE bonus can be previewed (another player's id is not found).
 */
export async function cancelPreview(db: Db, playerId: string, bonusId: bigint): Promise<CancelPreview> {
  const [row] = await db
    .select({ bonus: playerBonus, planName: bonusPlan.name, planNameMk: bonusPlan.nameMk })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.id, bonusId), eq(playerBonus.playerId, playerId)));
  if (!row) throw notFound('bonusId', 'bonus');
  const { bonus } = row;
  if (bonus.status !== 'ACTIVE' && bonus.status !== 'QUEUED') {
    throw new AppError('VALIDATION_ERROR', 'Only an active or queued bonus can be cancelled', [
      { field: 'bonusId', error: `This bonus is ${bonus.status.toLowerCase()}` },
    ]);
  }
  const balance = await getPlayerBalance(db, playerId, bonus.currency);
  return {
    status: 'SUCCESS',
    bonusId: Number(bonus.id),
    bonusPlanName: nameIn({ name: row.planName, nameMk: row.planNameMk }),
    bonusStatus: bonus.status,
    currency: bonus.currency,
    keepCash: fromMinorUnits(balance.cash),
    forfeitBonus: fromMinorUnits(bonus.status === 'ACTIVE' ? balance.bonus : bonus.amount),
  };
}

/** The player's ACTIVE bonus in `currency` with its wagering figures, or null when none is active. */
export async function activeBonusProgress(db: Db, playerId: string, currency: string): Promise<BonusProgress | null> {
  const [row] = await db
    .select({ bonus: playerBonus, plan: bonusPlan })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.playerId, playerId), eq(playerBonus.currency, currency), eq(playerBonus.status, 'ACTIVE')));
  if (!row) return null;
  const { bonus, plan } = row;
  const balance = await getPlayerBalance(db, playerId, currency);
  const remaining = bonus.wagerRequirement > bonus.amountWagered ? bonus.wagerRequirement - bonus.amountWagered : 0n;
  return {
    bonusId: Number(bonus.id),
    bonusPlanName: nameIn(plan),
    currency,
    amount: fromMinorUnits(bonus.amount),
    wagerRequirement: fromMinorUnits(bonus.wagerRequirement),
    amountWagered: fromMinorUnits(bonus.amountWagered),
    remaining: fromMinorUnits(remaining),
    releases: fromMinorUnits(balance.bonus),
    maxStake: plan.maxStake === null ? null : fromMinorUnits(plan.maxStake),
    expiryDate: bonus.expiresAt ? bonus.expiresAt.toISOString() : null,
  };
}

const PRODUCT_WORDS: Record<GameProduct, string> = { CASINO: 'casino', BINGO: 'bingo', LIVE: 'live' };

/**
 * A plan definition's refusal, or null when it may be defined (SR 5.1.1(3b): one product per
 * incentive): a product, CASINO (the default of plans written before products were named), BINGO,
 * LIVE, or ANY — money spent freely across products, only for a plan with nothing to wager
 * (multiplier 0); contributions that name game kinds of the plan's product only (ANY: any known
 * kind), with whole percents from 0 to 100. The back office's plan editor runs this before it
 * stores a plan.
 */
export function planDefinitionProblem(
  plan: Pick<BonusPlanRow, 'contributions'> & Partial<Pick<BonusPlanRow, 'product' | 'wageringMultiplier'>>,
): { field: string; error: string } | null {
  const product = plan.product ?? 'CASINO';
  if (!(BONUS_PRODUCTS as readonly string[]).includes(product)) return { field: 'product', error: 'Choose the product: CASINO, BINGO, LIVE or ANY' };
  if (product === 'ANY' && (plan.wageringMultiplier ?? 0) !== 0) {
    return { field: 'product', error: 'Only a bonus with nothing to wager (wagering multiplier 0) may be spent on any product; choose casino, bingo or live' };
  }
  for (const [kind, percent] of Object.entries(plan.contributions)) {
    const of = productOfKind(kind);
    if (product === 'ANY' ? of === undefined : of !== product) {
      const word = product === 'ANY' ? 'known' : PRODUCT_WORDS[product];
      return { field: 'contributions', error: `A bonus counts ${word} games only: ${kind} is not a ${word} game kind` };
    }
    if (!Number.isInteger(percent) || percent < 0 || percent > 100)
      return { field: 'contributions', error: `The contribution of ${kind} must be a whole percent from 0 to 100` };
  }
  return null;
}

/** Whether the player may read the plan's terms: a plan without a code, its code given, or a plan the player has a bonus on. */
async function mayRead(db: Db, playerId: string, plan: BonusPlanRow, code: string | undefined): Promise<boolean> {
  if (plan.code === null) return true;
  if (code !== undefined && code.trim().toUpperCase() === plan.code) return true;
  return holds(db, playerId, plan.id);
}

/** Whether the player has (or had) a bonus on the plan. */
async function holds(db: Db, playerId: string, planId: number): Promise<boolean> {
  const [held] = await db
    .select({ id: playerBonus.id })
    .from(playerBonus)
    .where(and(eq(playerBonus.playerId, playerId), eq(playerBonus.planId, planId)))
    .limit(1);
  return held !== undefined;
}

/**
 * A plan's full terms as they apply to the player (the GB cap on wagering included), for an active
 * plan in the player's currency. A plan taken by a code answers only with its code or to a player
 * who has it, else as not found: plan names often carry the code, and ids are easy to count through.
 */
export async function planTerms(
  db: Db,
  inducements: Pick<Inducements, 'of'>,
  playerId: string,
  currency: string,
  planId: number,
  code?: string,
): Promise<PlanTerms> {
  const [plan] = await db
    .select()
    .from(bonusPlan)
    .where(and(eq(bonusPlan.id, planId), eq(bonusPlan.active, true), eq(bonusPlan.currency, currency)));
  if (!plan || !(await mayRead(db, playerId, plan, code))) throw notFound('bonusPlanId', 'bonus plan');
  // Where bonus offers are closed (issue 29 item 7) a plan's terms are shown only for a bonus the player holds.
  const { jurisdiction, off } = await inducements.of(db, playerId);
  if (off.includes('BONUS_OFFERS') && !(await holds(db, playerId, plan.id))) throw inducementRefusal('BONUS_OFFERS', jurisdiction);
  const multiplier = await wageringMultiplierFor(db, playerId, plan);
  const kinds: readonly string[] = plan.product === 'ANY' ? GAME_PRODUCTS.flatMap((product) => PRODUCT_GAME_KINDS[product]) : PRODUCT_GAME_KINDS[plan.product];
  return {
    bonusPlanId: plan.id,
    bonusPlanName: nameIn(plan),
    kind: plan.kind as PlanTerms['kind'],
    currency: plan.currency,
    percentage: plan.percentage,
    cap: fromMinorUnits(plan.cap),
    minDeposit: fromMinorUnits(plan.minDeposit),
    firstDepositOnly: plan.firstDepositOnly,
    wageringMultiplier: multiplier,
    planWageringMultiplier: plan.wageringMultiplier,
    gbCapApplied: multiplier < plan.wageringMultiplier && multiplier === GB_MAX_WAGERING_MULTIPLIER,
    contributions: Object.entries(plan.contributions)
      .filter(([kind, percent]) => kinds.includes(kind) && percent > 0)
      .map(([kind, percent]) => ({ kind, percent }))
      .sort((a, b) => b.percent - a.percent || kinds.indexOf(a.kind) - kinds.indexOf(b.kind)),
    maxStake: plan.maxStake === null ? null : fromMinorUnits(plan.maxStake),
    validityDays: plan.validityDays,
    product: plan.product,
  };
}
