import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bonusPlan, playerBonus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { playerRulesCountry } from '../accounts';
import type { Inducements } from '../inducements';
import { lockRefusal } from '../limits';
import { inTransaction } from '../../db/transaction';
import { forfeitBonusMoney, grantBonusMoney, lockPlayerAccounts, releaseBonusMoney } from '../wallet';
import { grantFreeSpins } from './free-spins.service';

/**
 * The bonus engine as services (BON-*, spec 001 §3 "bonus plan" and "player bonus", §7
 * "Bonuses"; server/platform/bonuses/README.md), callable without HTTP. One bonus per player and currency
 * is ACTIVE: its money is in the player's BONUS bucket; others wait QUEUED and receive their money
 * when they become active. Every money step goes through the wallet's bonus movements.
 */

export type BonusPlanRow = typeof bonusPlan.$inferSelect;
export type PlayerBonusRow = typeof playerBonus.$inferSelect;
export type EndStatus = 'RELEASED' | 'CANCELLED' | 'EXPIRED' | 'FORFEITED';

/**
 * What makes a bonus once-only, kept on its row (`player_bonus.claim`, unique per player; issue 26):
 * the database decides which of two racing requests takes it — the other's insert finds the claim
 * taken and is refused — where a read of earlier grants followed by an insert let both through.
 */
export const codeClaim = (planId: number) => `plan:${planId}`;
export const firstDepositClaim = (currency: string) => `first-deposit:${currency}`;

/** A once-only bonus: its claim, and the refusal when the player has it already. */
export interface OnceOnly {
  claim: string;
  refusal: () => AppError;
}

/** The refusal of a code the player has used. */
export const codeAlreadyUsed = () =>
  new AppError('VALIDATION_ERROR', 'This code has already been used', [{ field: 'code', error: 'This code has already been used' }]);

/** UKGC (from 19 January 2026): a bonus's wagering may be at most 10× the bonus for a GB player. */
export const GB_MAX_WAGERING_MULTIPLIER = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The wagering multiplier that applies to the player: the plan's, at most 10 for GB players. */
export async function wageringMultiplierFor(tx: Db, playerId: string, plan: BonusPlanRow): Promise<number> {
  const country = await playerRulesCountry(tx, playerId);
  return country === 'GB' ? Math.min(plan.wageringMultiplier, GB_MAX_WAGERING_MULTIPLIER) : plan.wageringMultiplier;
}

/** No bonus while a time-out or self-exclusion runs (or an ended exclusion awaits the player's return). */
async function refuseIfLocked(tx: Db, playerId: string): Promise<void> {
  const refusal = await lockRefusal(tx, playerId);
  if (refusal) throw new AppError('PLAYER_LOCKED', 'No bonus can be taken while your account is closed to play.', [{ field: 'bonus', error: refusal.message }]);
}

async function activeBonus(tx: Db, playerId: string, currency: string): Promise<PlayerBonusRow | undefined> {
  const [row] = await tx
    .select()
    .from(playerBonus)
    .where(and(eq(playerBonus.playerId, playerId), eq(playerBonus.currency, currency), eq(playerBonus.status, 'ACTIVE')))
    .for('update');
  return row;
}

/** Makes `bonus` ACTIVE now: its money into the player's BONUS bucket, its validity from now. */
async function activate(tx: Db, bonus: PlayerBonusRow, plan: BonusPlanRow, now: Date): Promise<PlayerBonusRow> {
  const [row] = await tx
    .update(playerBonus)
    .set({ status: 'ACTIVE', activatedAt: now, grantedAt: bonus.grantedAt ?? now, expiresAt: new Date(now.getTime() + plan.validityDays * DAY_MS) })
    .where(eq(playerBonus.id, bonus.id))
    .returning();
  await grantBonusMoney(tx, { bonusId: String(bonus.id), playerId: bonus.playerId, currency: bonus.currency }, bonus.amount);
  return row ?? bonus;
}

/** The oldest QUEUED bonus of the player in the currency becomes ACTIVE, when none is. */
async function activateNext(tx: Db, playerId: string, currency: string, now: Date): Promise<void> {
  if (await activeBonus(tx, playerId, currency)) return;
  const [next] = await tx
    .select({ bonus: playerBonus, plan: bonusPlan })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.playerId, playerId), eq(playerBonus.currency, currency), eq(playerBonus.status, 'QUEUED')))
    .orderBy(asc(playerBonus.id))
    .limit(1)
    .for('update', { of: playerBonus });
  if (next) await activate(tx, next.bonus, next.plan, now);
}

/**
 * Grants a bonus of `amount` on `plan`: ACTIVE (money paid into BONUS) when the player has no
 * active bonus in the currency, else QUEUED. The wagering requirement is fixed now. A once-only
 * bonus (`once`) is inserted with its claim, or refused when the player holds it already.
 */
export async function grantBonus(
  tx: Db,
  playerId: string,
  plan: BonusPlanRow,
  amount: bigint,
  now = new Date(),
  pendingId?: bigint,
  once?: OnceOnly,
): Promise<PlayerBonusRow> {
  await refuseIfLocked(tx, playerId);
  // Lock order on every path: the player's buckets, then their bonus rows (a bet's policy runs so).
  await lockPlayerAccounts(tx, playerId, plan.currency);
  const multiplier = await wageringMultiplierFor(tx, playerId, plan);
  const active = await activeBonus(tx, playerId, plan.currency);
  const granted = { status: 'QUEUED', amount, wagerRequirement: amount * BigInt(multiplier), grantedAt: now };
  // A PENDING deposit bonus keeps its row (and id) when its deposit is credited.
  const [row] = pendingId
    ? await tx
        .update(playerBonus)
        .set(granted)
        .where(and(eq(playerBonus.id, pendingId), eq(playerBonus.status, 'PENDING')))
        .returning()
    : await tx
        .insert(playerBonus)
        .values({ playerId, planId: plan.id, currency: plan.currency, ...granted, claim: once?.claim ?? null })
        .onConflictDoNothing({ target: [playerBonus.playerId, playerBonus.claim] })
        .returning();
  if (!row && once) throw once.refusal();
  if (!row) throw new Error('player_bonus insert returned no row');
  return active ? row : activate(tx, row, plan, now);
}

/**
 * Ends a bonus: RELEASED turns what remains in BONUS into cash; the other endings return it to the
 * house. Cash is never touched. The next queued bonus becomes active.
 */
export async function endBonus(tx: Db, bonus: PlayerBonusRow, status: EndStatus, now = new Date()): Promise<PlayerBonusRow> {
  const wasActive = bonus.status === 'ACTIVE';
  const movement = { bonusId: String(bonus.id), playerId: bonus.playerId, currency: bonus.currency };
  // Only an active bonus has money in the bucket; a queued or pending one ends without moving any.
  const moved = wasActive ? await (status === 'RELEASED' ? releaseBonusMoney(tx, movement) : forfeitBonusMoney(tx, movement)) : 0n;
  const [row] = await tx
    .update(playerBonus)
    .set({ status, endedAt: now, ...(status === 'RELEASED' ? { released: moved } : { forfeited: moved }) })
    .where(eq(playerBonus.id, bonus.id))
    .returning();
  if (wasActive) await activateNext(tx, bonus.playerId, bonus.currency, now);
  return row ?? bonus;
}

/** cancelBonus: the player's own QUEUED or ACTIVE bonus only; another player's id is not found (404). */
export async function cancelBonus(db: Db, playerId: string, bonusId: bigint, now = new Date()): Promise<PlayerBonusRow> {
  return inTransaction(db, async (tx) => {
    const [seen] = await tx
      .select({ currency: playerBonus.currency })
      .from(playerBonus)
      .where(and(eq(playerBonus.id, bonusId), eq(playerBonus.playerId, playerId)));
    if (seen) await lockPlayerAccounts(tx, playerId, seen.currency);
    const [bonus] = seen
      ? await tx
          .select()
          .from(playerBonus)
          .where(and(eq(playerBonus.id, bonusId), eq(playerBonus.playerId, playerId)))
          .for('update')
      : [];
    if (!bonus) throw new AppError('NOT_FOUND', 'No bonus with this id', [{ field: 'bonusId', error: 'No bonus with this id' }]);
    if (bonus.status !== 'ACTIVE' && bonus.status !== 'QUEUED') {
      throw new AppError('VALIDATION_ERROR', 'Only an active or queued bonus can be cancelled', [
        { field: 'bonusId', error: `This bonus is ${bonus.status.toLowerCase()}` },
      ]);
    }
    return endBonus(tx, bonus, 'CANCELLED', now);
  });
}

/**
 * redeemBonus: a code plan (CODE, NO_DEPOSIT or FREE_SPINS with a code) in the player's currency,
 * once per player and code: the bonus row carries the code's claim, so parallel redemptions insert
 * one bonus and the others are refused. A bonus code is a bonus offer: refused, in the claim's own
 * transaction, where the player's jurisdiction closes them (IE by default, issue 29 item 7).
 */
export async function redeemBonus(
  db: Db,
  inducements: Pick<Inducements, 'refuseClosed'>,
  playerId: string,
  currency: string,
  code: string,
  now = new Date(),
): Promise<PlayerBonusRow> {
  const wanted = code.trim().toUpperCase();
  return inTransaction(db, async (tx) => {
    await inducements.refuseClosed(tx, playerId, 'BONUS_OFFERS');
    const [plan] = await tx
      .select()
      .from(bonusPlan)
      .where(
        and(
          eq(bonusPlan.code, wanted),
          eq(bonusPlan.active, true),
          eq(bonusPlan.currency, currency),
          sql`${bonusPlan.kind} IN ('CODE', 'NO_DEPOSIT', 'FREE_SPINS')`,
        ),
      );
    if (!plan)
      throw new AppError('VALIDATION_ERROR', 'Could not find a bonus for the code provided', [
        { field: 'code', error: 'Could not find a bonus for the code provided' },
      ]);
    const once: OnceOnly = { claim: codeClaim(plan.id), refusal: codeAlreadyUsed };
    // A free-spin code grants the spins; their winnings become the bonus (free-spins.service.ts).
    if (plan.kind === 'FREE_SPINS') return (await grantFreeSpins(tx, { playerId, planId: plan.id, reference: `code:${plan.code ?? wanted}`, once }, now)).bonus;
    return grantBonus(tx, playerId, plan, plan.cap, now, undefined, once);
  });
}

/** The player's bonuses created in [from, to) with their plans, newest first. */
export function listPlayerBonuses(db: Db, playerId: string, from: Date, to: Date) {
  return db
    .select({ bonus: playerBonus, plan: bonusPlan })
    .from(playerBonus)
    .innerJoin(bonusPlan, eq(bonusPlan.id, playerBonus.planId))
    .where(and(eq(playerBonus.playerId, playerId), gte(playerBonus.createdAt, from), lt(playerBonus.createdAt, to)))
    .orderBy(desc(playerBonus.createdAt), desc(playerBonus.id));
}

/** Every ACTIVE bonus past its expiry forfeits what remains (the timer's job; also checked before bets). */
export async function expireBonuses(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: playerBonus.id, playerId: playerBonus.playerId, currency: playerBonus.currency })
    .from(playerBonus)
    .where(and(eq(playerBonus.status, 'ACTIVE'), lt(playerBonus.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id, playerId, currency } of due) {
    const done = await inTransaction(db, async (tx) => {
      await lockPlayerAccounts(tx, playerId, currency);
      const [bonus] = await tx.select().from(playerBonus).where(eq(playerBonus.id, id)).for('update');
      if (!bonus || bonus.status !== 'ACTIVE' || !bonus.expiresAt || bonus.expiresAt >= now) return false;
      await endBonus(tx, bonus, 'EXPIRED', now);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** A lock (time-out or self-exclusion) forfeits the player's active and queued bonuses. */
export async function forfeitBonusesOnLock(db: Db, playerId: string, now = new Date()): Promise<number> {
  return inTransaction(db, async (tx) => {
    const currencies = await tx
      .selectDistinct({ currency: playerBonus.currency })
      .from(playerBonus)
      .where(and(eq(playerBonus.playerId, playerId), sql`${playerBonus.status} IN ('ACTIVE', 'QUEUED', 'PENDING')`))
      .orderBy(asc(playerBonus.currency));
    for (const { currency } of currencies) await lockPlayerAccounts(tx, playerId, currency);
    const open = await tx
      .select()
      .from(playerBonus)
      .where(and(eq(playerBonus.playerId, playerId), sql`${playerBonus.status} IN ('ACTIVE', 'QUEUED', 'PENDING')`))
      .orderBy(asc(playerBonus.id))
      .for('update');
    // Queued first, so that forfeiting the active one does not activate a queued one.
    for (const bonus of open.filter((b) => b.status !== 'ACTIVE')) await endBonus(tx, bonus, 'FORFEITED', now);
    for (const bonus of open.filter((b) => b.status === 'ACTIVE')) await endBonus(tx, bonus, 'FORFEITED', now);
    return open.length;
  });
}
