import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bonusPlan, freeSpinGrant, freeSpinPlan, freeSpinRound, playerBonus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { lockRefusal } from '../limits';
import { inTransaction } from '../../db/transaction';
import { lockPlayerAccounts, topUpBonusMoney } from '../wallet';
import { endBonus, grantBonus, wageringMultiplierFor, type BonusPlanRow, type OnceOnly, type PlayerBonusRow } from './bonuses.service';
import { nameIn } from '../language/language';

/**
 * Free-spin bonuses (issue 14; server/platform/bonuses/README.md "Free spins"). A FREE_SPINS plan names a
 * number of spins at a fixed stake on slot titles (`free_spin_plan`); a grant gives a player those
 * spins with a PENDING player bonus that their winnings feed. The game server plays each spin as a
 * real round that takes no stake from the player and hands its win here, in the round's
 * transaction: the first win grants the bonus (ACTIVE, money paid into BONUS, or QUEUED behind an
 * active one), later wins add to its amount and requirement (an ACTIVE bonus gets the money at
 * once, through the wallet's `topUpBonusMoney`). The requirement is win × the plan's multiplier (at
 * most 10× for GB players). The plan's cap bounds what all the spins of a grant may credit.
 *
 * Lock order, as on every bonus path: the player's wallet buckets, then the player bonus, then the
 * grant (and, in a round, the game server's seed lock before all of them).
 */

export type FreeSpinGrantRow = typeof freeSpinGrant.$inferSelect;
export type FreeSpinPlanRow = typeof freeSpinPlan.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Statuses of the grant's bonus under which its spins may still be played (an ended bonus's successor is made by the next win). */
const VOID_STATUSES = new Set(['CANCELLED', 'FORFEITED']);

const refusal = (field: string, error: string) => new AppError('VALIDATION_ERROR', error, [{ field, error }]);

/** A FREE_SPINS plan with its spin rules, or undefined. */
export async function freeSpinPlanById(db: Db, planId: number): Promise<{ plan: BonusPlanRow; spins: FreeSpinPlanRow } | undefined> {
  const [row] = await db
    .select({ plan: bonusPlan, spins: freeSpinPlan })
    .from(bonusPlan)
    .innerJoin(freeSpinPlan, eq(freeSpinPlan.planId, bonusPlan.id))
    .where(and(eq(bonusPlan.id, planId), eq(bonusPlan.kind, 'FREE_SPINS')));
  return row;
}

export interface FreeSpinsGrantRequest {
  playerId: string;
  /** A FREE_SPINS bonus plan (`bonus_plan.kind`), active, with its `free_spin_plan` row. */
  planId: number;
  /** How many spins; the plan's number when absent (a loyalty item names its own, noOfFreespin). */
  spins?: number;
  /**
   * The caller's reference, e.g. `loyalty:<order line>`: a second grant with the same player and
   * reference answers the first one and grants nothing (a retried checkout grants once).
   */
  reference?: string;
  /** Once-only spins (a redeemed code): the bonus carries the claim, and a player who holds it is refused. */
  once?: OnceOnly;
}

/**
 * grantFreeSpins(db, { playerId, planId, spins?, reference? }) → the grant and its PENDING bonus.
 *
 * Gives the player the plan's free spins (or `spins` of them) at the plan's fixed stake on the
 * plan's titles, valid for the plan's `valid_days` from now. No money moves until a spin wins. Runs
 * in the caller's transaction when `db` is one (a loyalty checkout spends its points and grants in
 * one commit). Refused with 400 VALIDATION_ERROR naming `planId` for a plan that is not an active
 * FREE_SPINS plan, and PLAYER_LOCKED while a time-out or self-exclusion runs.
 */
export async function grantFreeSpins(db: Db, request: FreeSpinsGrantRequest, now = new Date()): Promise<{ grant: FreeSpinGrantRow; bonus: PlayerBonusRow }> {
  return inTransaction(db, async (tx) => {
    const found = await freeSpinPlanById(tx, request.planId);
    if (!found || !found.plan.active) throw refusal('planId', 'No free-spin plan with this id');
    const spins = request.spins ?? found.spins.spins;
    if (!Number.isInteger(spins) || spins <= 0 || spins > 10_000) throw refusal('spins', 'The number of free spins must be a whole number from 1 to 10000');
    const locked = await lockRefusal(tx, request.playerId);
    if (locked) throw new AppError('PLAYER_LOCKED', 'No bonus can be taken while your account is closed to play.', [{ field: 'bonus', error: locked.message }]);
    // One grant per player and reference, also when two requests with it arrive together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`free-spins:${request.playerId}`}))`);
    // A once-only grant is decided by its claim below: a second one is refused, not answered.
    if (request.reference !== undefined && !request.once) {
      const [existing] = await tx
        .select({ grant: freeSpinGrant, bonus: playerBonus })
        .from(freeSpinGrant)
        .innerJoin(playerBonus, eq(playerBonus.id, freeSpinGrant.bonusId))
        .where(and(eq(freeSpinGrant.playerId, request.playerId), eq(freeSpinGrant.reference, request.reference)));
      if (existing) return existing;
    }
    const expiresAt = new Date(now.getTime() + found.spins.validDays * DAY_MS);
    const [bonus] = await tx
      .insert(playerBonus)
      .values({
        playerId: request.playerId,
        planId: found.plan.id,
        currency: found.plan.currency,
        status: 'PENDING',
        amount: 0n,
        wagerRequirement: 0n,
        grantedAt: now,
        expiresAt,
        claim: request.once?.claim ?? null,
      })
      .onConflictDoNothing({ target: [playerBonus.playerId, playerBonus.claim] })
      .returning();
    if (!bonus && request.once) throw request.once.refusal();
    if (!bonus) throw new Error('player_bonus insert returned no row');
    const [grant] = await tx
      .insert(freeSpinGrant)
      .values({
        playerId: request.playerId,
        planId: found.plan.id,
        bonusId: bonus.id,
        currency: found.plan.currency,
        gameIds: found.spins.gameIds,
        stake: found.spins.stake,
        spinsTotal: spins,
        spinsLeft: spins,
        reference: request.reference ?? null,
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!grant) throw new Error('free_spin_grant insert returned no row');
    return { grant, bonus };
  });
}

export interface FreeSpinOffer {
  grant: FreeSpinGrantRow;
  planName: string;
}

/**
 * The player's playable spins in the currency (on `gameId` when given), oldest first: spins left,
 * not expired, their bonus not cancelled or forfeited. Spins past their expiry are settled first.
 */
export async function freeSpinOffers(db: Db, playerId: string, currency: string, gameId?: string, now = new Date()): Promise<FreeSpinOffer[]> {
  await expireFreeSpins(db, now, playerId);
  const rows = await db
    .select({ grant: freeSpinGrant, name: bonusPlan.name, nameMk: bonusPlan.nameMk, bonusStatus: playerBonus.status })
    .from(freeSpinGrant)
    .innerJoin(bonusPlan, eq(bonusPlan.id, freeSpinGrant.planId))
    .innerJoin(playerBonus, eq(playerBonus.id, freeSpinGrant.bonusId))
    .where(
      and(
        eq(freeSpinGrant.playerId, playerId),
        eq(freeSpinGrant.currency, currency),
        sql`${freeSpinGrant.spinsLeft} > 0`,
        sql`${freeSpinGrant.expiresAt} > ${now}`,
      ),
    )
    .orderBy(asc(freeSpinGrant.id));
  return rows
    .filter((row) => !VOID_STATUSES.has(row.bonusStatus) && (gameId === undefined || row.grant.gameIds.includes(gameId)))
    .map((row) => ({ grant: row.grant, planName: nameIn(row) }));
}

/**
 * Spins that expired unplayed end their bonus when it never received a win (PENDING → EXPIRED; no
 * money moved). A bonus the spins already fed keeps its own validity. The bonuses' expiry timer
 * runs this for every player; a read of a player's offers for theirs.
 */
export async function expireFreeSpins(db: Db, now = new Date(), playerId?: string): Promise<number> {
  const due = await db
    .select({ bonusId: freeSpinGrant.bonusId })
    .from(freeSpinGrant)
    .innerJoin(playerBonus, eq(playerBonus.id, freeSpinGrant.bonusId))
    .where(and(eq(playerBonus.status, 'PENDING'), lt(freeSpinGrant.expiresAt, now), playerId === undefined ? undefined : eq(freeSpinGrant.playerId, playerId)))
    .limit(500);
  let expired = 0;
  for (const { bonusId } of due) {
    const done = await inTransaction(db, async (tx) => {
      const [bonus] = await tx.select().from(playerBonus).where(eq(playerBonus.id, bonusId)).for('update');
      if (!bonus || bonus.status !== 'PENDING') return false;
      await endBonus(tx, bonus, 'EXPIRED', now);
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** A spin taken from a grant: what the round plays at and the spin's number (1 for the first). */
export interface TakenFreeSpin {
  grantId: bigint;
  playerId: string;
  currency: string;
  planId: number;
  /** Minor units. */
  stake: bigint;
  spinNumber: number;
  spinsLeft: number;
}

/**
 * Takes one spin of the player's grant for a round of `gameId`, in the round's transaction: the
 * grant's row lock and a conditional count-down, so parallel rounds never spend more spins than
 * the grant holds. Another player's grant (or none) is 404 naming `grantId`; spins of another game
 * or currency, expired, used up or forfeited are 400 naming `grantId`; a locked player PLAYER_LOCKED.
 */
export async function takeFreeSpin(
  tx: Db,
  request: { playerId: string; currency: string; gameId: string; grantId: bigint },
  now = new Date(),
): Promise<TakenFreeSpin> {
  const notFound = new AppError('NOT_FOUND', 'No free spins with this id', [{ field: 'grantId', error: 'No free spins with this id' }]);
  const [seen] = await tx
    .select()
    .from(freeSpinGrant)
    .where(and(eq(freeSpinGrant.id, request.grantId), eq(freeSpinGrant.playerId, request.playerId)));
  if (!seen) throw notFound;
  const locked = await lockRefusal(tx, request.playerId);
  if (locked) throw new AppError('PLAYER_LOCKED', locked.message);
  await lockPlayerAccounts(tx, seen.playerId, seen.currency);
  const [bonus] = await tx.select().from(playerBonus).where(eq(playerBonus.id, seen.bonusId)).for('update');
  const [grant] = await tx.select().from(freeSpinGrant).where(eq(freeSpinGrant.id, seen.id)).for('update');
  if (!grant || !bonus) throw notFound;
  if (grant.currency !== request.currency || !grant.gameIds.includes(request.gameId)) throw refusal('grantId', 'These free spins are not for this game');
  if (VOID_STATUSES.has(bonus.status)) throw refusal('grantId', `These free spins ended with their bonus (${bonus.status.toLowerCase()})`);
  if (grant.expiresAt <= now) throw refusal('grantId', 'These free spins have expired');
  const [after] = await tx
    .update(freeSpinGrant)
    .set({ spinsLeft: sql`${freeSpinGrant.spinsLeft} - 1` })
    .where(and(eq(freeSpinGrant.id, grant.id), sql`${freeSpinGrant.spinsLeft} > 0`))
    .returning();
  if (!after) throw refusal('grantId', 'No free spins left');
  return {
    grantId: after.id,
    playerId: after.playerId,
    currency: after.currency,
    planId: after.planId,
    stake: after.stake,
    spinNumber: after.spinsTotal - after.spinsLeft,
    spinsLeft: after.spinsLeft,
  };
}

/**
 * The win of a spin taken by `takeFreeSpin`, in the same transaction: records the spin beside its
 * round and credits the win (at most what the plan's cap still allows) as bonus money with its
 * wagering requirement. When the grant's last spin won nothing at all, its PENDING bonus ends
 * (RELEASED of nothing: there is nothing to wager). Answers what was credited and the bonus.
 */
export async function creditFreeSpinWin(
  tx: Db,
  spin: TakenFreeSpin,
  roundId: string,
  win: bigint,
  now = new Date(),
): Promise<{ credited: bigint; bonusId: bigint }> {
  const found = await freeSpinPlanById(tx, spin.planId);
  const [grant] = await tx.select().from(freeSpinGrant).where(eq(freeSpinGrant.id, spin.grantId));
  const [bonus] = grant ? await tx.select().from(playerBonus).where(eq(playerBonus.id, grant.bonusId)).for('update') : [];
  if (!found || !grant || !bonus) throw new Error('free spin without its grant, plan or bonus');
  const room = found.plan.cap - grant.won;
  const credited = win < room ? win : room > 0n ? room : 0n;
  await tx.insert(freeSpinRound).values({ roundId, grantId: grant.id, spinNumber: spin.spinNumber, win, credited, createdAt: now });
  let bonusId = bonus.id;
  if (credited > 0n) {
    const requirement = credited * BigInt(await wageringMultiplierFor(tx, spin.playerId, found.plan));
    if (bonus.status === 'PENDING') {
      // The first win: the bonus is granted (ACTIVE with its money, or QUEUED behind an active one).
      await grantBonus(tx, spin.playerId, found.plan, credited, now, bonus.id);
    } else if (bonus.status === 'ACTIVE' || bonus.status === 'QUEUED') {
      await tx
        .update(playerBonus)
        .set({ amount: sql`${playerBonus.amount} + ${credited}`, wagerRequirement: sql`${playerBonus.wagerRequirement} + ${requirement}` })
        .where(eq(playerBonus.id, bonus.id));
      // A queued bonus receives its whole amount when it becomes active.
      if (bonus.status === 'ACTIVE')
        await topUpBonusMoney(tx, { bonusId: String(bonus.id), playerId: spin.playerId, currency: spin.currency }, credited, roundId);
    } else {
      // The bonus the spins fed has ended (wagered and released, or expired): the win starts a new one.
      const next = await grantBonus(tx, spin.playerId, found.plan, credited, now);
      bonusId = next.id;
    }
    await tx
      .update(freeSpinGrant)
      .set({ won: sql`${freeSpinGrant.won} + ${credited}`, bonusId })
      .where(eq(freeSpinGrant.id, grant.id));
  } else if (spin.spinsLeft === 0 && bonus.status === 'PENDING') {
    await endBonus(tx, bonus, 'RELEASED', now);
  }
  return { credited, bonusId };
}

/** The free spin played in round `roundId`, if it was one. */
export async function freeSpinOfRound(
  db: Db,
  roundId: string,
): Promise<(typeof freeSpinRound.$inferSelect & { spinsLeft: number; bonusId: bigint }) | undefined> {
  const [row] = await db
    .select({ spin: freeSpinRound, spinsLeft: freeSpinGrant.spinsLeft, bonusId: freeSpinGrant.bonusId })
    .from(freeSpinRound)
    .innerJoin(freeSpinGrant, eq(freeSpinGrant.id, freeSpinRound.grantId))
    .where(eq(freeSpinRound.roundId, roundId));
  return row && { ...row.spin, spinsLeft: row.spinsLeft, bonusId: row.bonusId };
}
