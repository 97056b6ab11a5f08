import { createHash } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { loyaltyAccount, loyaltyItem, loyaltyOrder, loyaltyOrderLine, loyaltyPointsEntry } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { findPlayer, updatePlayer } from '../accounts';
import { grantBonus, grantFreeSpins, planById } from '../bonuses';
import { inducementRefusal, type Inducements } from '../inducements';
import { inTransaction } from '../../db/transaction';
import { lockPlayerAccounts } from '../wallet';
import { levelOf, type LevelStanding, type LoyaltySettings } from './settings';

/**
 * The loyalty programme as services (LOY-*, spec 001 §2 "Loyalty shop", §3, §7; NS-04, NS-05),
 * callable without HTTP: the points balance and level, the shop's items and the checkout that pays
 * a cart with points.
 */

export type LoyaltyItemRow = typeof loyaltyItem.$inferSelect;
export type LoyaltyOrderRow = typeof loyaltyOrder.$inferSelect;
export type LoyaltyOrderLineRow = typeof loyaltyOrderLine.$inferSelect;

/** The player's spendable points (0 before the first earn). */
export async function loyaltyPointsOf(db: Db, playerId: string): Promise<bigint> {
  const [row] = await db.select({ points: loyaltyAccount.points }).from(loyaltyAccount).where(eq(loyaltyAccount.playerId, playerId));
  return row?.points ?? 0n;
}

export interface PointsStatus extends LevelStanding {
  points: bigint;
  earned: bigint;
}

/**
 * Points, level and next level (LOY-08, NS-04). The level is the player's vipStatus: when the
 * points earned reach a higher level than the one stored, the stored vipStatus is raised to it (a
 * bet's one statement cannot write the player's row, so the level is brought up to date when it is
 * read). A VIP tier given by hand (LORD) is never changed.
 */
export async function loyaltyPointsStatus(
  db: Db,
  { inducements, settings }: { inducements: Pick<Inducements, 'of'>; settings: Pick<LoyaltySettings, 'levels'> },
  playerId: string,
): Promise<PointsStatus> {
  // The balance is the shop's too: refused only when neither points nor the shop are open (issue 29 item 7).
  const { jurisdiction, off } = await inducements.of(db, playerId);
  if (off.includes('LOYALTY_POINTS') && off.includes('LOYALTY_SHOP')) throw inducementRefusal('LOYALTY_POINTS', jurisdiction);
  const [row] = await db.select().from(loyaltyAccount).where(eq(loyaltyAccount.playerId, playerId));
  const player = await findPlayer(db, playerId);
  if (!player) throw new AppError('INVALID_SESSIONKEY');
  const earned = row?.earned ?? 0n;
  const standing = levelOf(settings, earned, player.vipStatus);
  if (standing.level !== player.vipStatus) await updatePlayer(db, playerId, { vipStatus: standing.level });
  return { ...standing, points: row?.points ?? 0n, earned };
}

/** Whether the player can buy `item`: ACTIVE; bonus money and free spins (bonuses in a currency) only in the player's currency. */
const onOffer = (item: LoyaltyItemRow, currency: string) =>
  item.status === 'ACTIVE' && (item.type === 'MERCHANDISE' || (item.bonusPlanId !== null && item.currency === currency));

/**
 * The points balance the wallet's getBalance shows: none where the jurisdiction closes both points
 * and the shop (issue 29 item 7), so nothing there promises points.
 */
export async function loyaltyPointsShown(db: Db, inducements: Pick<Inducements, 'of'>, playerId: string): Promise<bigint> {
  const { off } = await inducements.of(db, playerId);
  if (off.includes('LOYALTY_POINTS') && off.includes('LOYALTY_SHOP')) return 0n;
  return loyaltyPointsOf(db, playerId);
}

/** The shop's items on offer to the player; none listed where the jurisdiction closes the shop (403). */
export async function shopItems(db: Db, inducements: Pick<Inducements, 'refuseClosed'>, playerId: string, currency: string): Promise<LoyaltyItemRow[]> {
  await inducements.refuseClosed(db, playerId, 'LOYALTY_SHOP');
  const rows = await db.select().from(loyaltyItem).where(eq(loyaltyItem.status, 'ACTIVE')).orderBy(asc(loyaltyItem.sortOrder), asc(loyaltyItem.id));
  return rows.filter((row) => onOffer(row, currency));
}

export interface CartLine {
  itemCode: string;
  quantity: number;
}

export interface CheckoutResult {
  order: LoyaltyOrderRow;
  lines: (LoyaltyOrderLineRow & { item: LoyaltyItemRow })[];
  points: bigint;
  replayed: boolean;
}

const hashOf = (lines: readonly CartLine[]) =>
  createHash('sha256')
    .update(JSON.stringify([...lines].sort((a, b) => a.itemCode.localeCompare(b.itemCode)).map((line) => [line.itemCode, line.quantity])))
    .digest('hex');

async function orderLines(db: Db, orderId: bigint) {
  const rows = await db
    .select({ line: loyaltyOrderLine, item: loyaltyItem })
    .from(loyaltyOrderLine)
    .innerJoin(loyaltyItem, eq(loyaltyItem.id, loyaltyOrderLine.itemId))
    .where(eq(loyaltyOrderLine.orderId, orderId))
    .orderBy(asc(loyaltyOrderLine.id));
  return rows.map((row) => ({ ...row.line, item: row.item }));
}

async function existingOrder(db: Db, playerId: string, requestId: string, hash: string): Promise<CheckoutResult | undefined> {
  const [order] = await db
    .select()
    .from(loyaltyOrder)
    .where(and(eq(loyaltyOrder.playerId, playerId), eq(loyaltyOrder.requestId, requestId)));
  if (!order) return undefined;
  if (order.requestHash !== hash)
    throw new AppError('IDEMPOTENCY_CONFLICT', undefined, [{ field: 'requestId', error: 'This request id was already used for another cart' }]);
  return { order, lines: await orderLines(db, order.id), points: await loyaltyPointsOf(db, playerId), replayed: true };
}

/**
 * Pays a cart with points at once (NS-05): every item is delivered and the points are spent in one
 * transaction, or nothing happens. The player's points row is locked (`FOR UPDATE`) before the
 * balance is compared with the total, so parallel checkouts queue and cannot overspend; the
 * account's CHECK is the database's own guard. A request id already used answers its order
 * (a retry), or IDEMPOTENCY_CONFLICT for another cart. Lock order as a bet's: the player's wallet
 * accounts (when bonus money is bought), then the points row, then the bonus rows. Refused
 * (INDUCEMENTS_NOT_AVAILABLE, nothing spent) where the player's jurisdiction closes the shop.
 */
export async function checkout(
  db: Db,
  inducements: Pick<Inducements, 'refuseClosed'>,
  playerId: string,
  currency: string,
  requestId: string,
  cart: readonly CartLine[],
  now = new Date(),
): Promise<CheckoutResult> {
  const hash = hashOf(cart);
  await inducements.refuseClosed(db, playerId, 'LOYALTY_SHOP');
  const replay = await existingOrder(db, playerId, requestId, hash);
  if (replay) return replay;
  return inTransaction(db, async (tx) => {
    // Again in the transaction that spends: a jurisdiction is only ever made stricter, so what this
    // read allows holds until the commit (issue 29 item 7).
    await inducements.refuseClosed(tx, playerId, 'LOYALTY_SHOP');
    const codes = cart.map((line) => line.itemCode);
    const items = await tx.select().from(loyaltyItem).where(inArray(loyaltyItem.itemCode, codes));
    const offered = new Map(items.filter((item) => onOffer(item, currency)).map((item) => [item.itemCode, item]));
    const lines = cart.map((line, index) => {
      const item = offered.get(line.itemCode);
      if (!item) throw new AppError('NOT_FOUND', 'This item is not in the shop', [{ field: `items.${index}.itemCode`, error: 'This item is not in the shop' }]);
      return { ...line, item };
    });
    const total = lines.reduce((sum, line) => sum + line.item.price * BigInt(line.quantity), 0n);
    const bonusCurrencies = [
      ...new Set(lines.filter((line) => line.item.type !== 'MERCHANDISE' && line.item.currency).map((line) => line.item.currency as string)),
    ].sort();
    for (const bonusCurrency of bonusCurrencies) await lockPlayerAccounts(tx, playerId, bonusCurrency);
    const [account] = await tx.select().from(loyaltyAccount).where(eq(loyaltyAccount.playerId, playerId)).for('update');
    // Under the lock: a parallel retry of this request id has committed its order by now.
    const raced = await existingOrder(tx, playerId, requestId, hash);
    if (raced) return raced;
    const points = account?.points ?? 0n;
    if (points < total) {
      throw new AppError('INSUFFICIENT_POINTS', `This cart costs ${total} points; you have ${points}.`, [
        { field: 'items', error: `This cart costs ${total} points; you have ${points}` },
      ]);
    }
    const [order] = await tx.insert(loyaltyOrder).values({ playerId, requestId, requestHash: hash, total, status: 'COMPLETED', createdAt: now }).returning();
    if (!order) throw new Error('loyalty_order insert returned no row');
    await tx.insert(loyaltyPointsEntry).values({ playerId, kind: 'SPEND', points: -total, orderId: order.id });
    for (const line of lines) {
      const bonusIds: string[] = [];
      if (line.item.type === 'BONUS_MONEY') {
        const plan = line.item.bonusPlanId !== null ? await planById(tx, line.item.bonusPlanId) : undefined;
        if (!plan || !line.item.bonusAmount) throw new Error(`loyalty item ${line.item.itemCode} names no bonus plan`);
        for (let count = 0; count < line.quantity; count += 1) bonusIds.push(String((await grantBonus(tx, playerId, plan, line.item.bonusAmount, now)).id));
      }
      if (line.item.type === 'FREE_SPINS') {
        if (line.item.bonusPlanId === null || !line.item.freeSpins) throw new Error(`loyalty item ${line.item.itemCode} names no free-spin plan`);
        // A free-spin bonus on the item's title (its plan's), granted in this transaction; the reference makes it once per order line.
        for (let count = 0; count < line.quantity; count += 1) {
          const granted = await grantFreeSpins(
            tx,
            { playerId, planId: line.item.bonusPlanId, spins: line.item.freeSpins, reference: `loyalty:${order.id}:${line.item.itemCode}:${count}` },
            now,
          );
          bonusIds.push(String(granted.bonus.id));
        }
      }
      await tx
        .insert(loyaltyOrderLine)
        .values({ orderId: order.id, itemId: line.item.id, quantity: line.quantity, price: line.item.price, playerBonusIds: bonusIds });
    }
    return { order, lines: await orderLines(tx, order.id), points: points - total, replayed: false };
  });
}

/** One of the player's orders; another player's order is not found (404). */
export async function findOrder(db: Db, playerId: string, orderId: bigint): Promise<Omit<CheckoutResult, 'points' | 'replayed'>> {
  const [order] = await db
    .select()
    .from(loyaltyOrder)
    .where(and(eq(loyaltyOrder.id, orderId), eq(loyaltyOrder.playerId, playerId)));
  if (!order) throw new AppError('NOT_FOUND', 'No order with this id', [{ field: 'orderId', error: 'No order with this id' }]);
  return { order, lines: await orderLines(db, order.id) };
}
