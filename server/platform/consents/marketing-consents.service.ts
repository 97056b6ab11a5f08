import { and, eq, sql } from 'drizzle-orm';
import {
  MARKETING_CHANNELS,
  OFFERED_MARKETING_PRODUCTS,
  type MarketingChannel,
  type MarketingConsent,
  type MarketingProduct,
  type OfferedMarketingProduct,
} from '../../../contracts/platform/marketing/marketing-consents';
import type { Db } from '../../db/database';
import { marketingConsent } from '../../db/schema';
import { lockRefusal } from '../limits';

/**
 * Marketing consent per product and channel (UKGC SR 5.1.12; docs/compliance.md "Marketing
 * consent"), as services callable without HTTP. A box without a row is unticked, so a new player,
 * and any box nobody touched, is never marketed to.
 */

/** Who changes a box: the player themselves, a staff member (audited by the caller's staffAction), or the migration. */
export type ConsentChanger = { kind: 'PLAYER'; playerId: string } | { kind: 'STAFF'; staffId: string };

export interface MarketingBox {
  product: OfferedMarketingProduct;
  channel: MarketingChannel;
}

/** The player's whole matrix: every offered product × every channel, unticked where no row says otherwise. */
export async function marketingConsentsOf(db: Db, playerId: string): Promise<MarketingConsent[]> {
  const rows = await db.select().from(marketingConsent).where(eq(marketingConsent.playerId, playerId));
  const byBox = new Map(rows.map((row) => [`${row.product}:${row.channel}`, row]));
  return OFFERED_MARKETING_PRODUCTS.flatMap((product) =>
    MARKETING_CHANNELS.map((channel) => {
      const row = byBox.get(`${product}:${channel}`);
      return {
        product,
        channel,
        granted: row?.granted ?? false,
        changedAt: row?.changedAt.toISOString() ?? null,
        changedBy: row ? (row.changedByKind as MarketingConsent['changedBy']) : null,
      };
    }),
  );
}

/**
 * Sets the named boxes in one statement (an upsert per box, so parallel changes never read a
 * stale state and the last write of a box wins whole). Boxes not named keep their state. Run it
 * in the caller's transaction when the change must commit with something else (the new player's
 * row at sign-up, the staff audit row).
 */
export async function setMarketingConsents(
  db: Db,
  playerId: string,
  boxes: readonly (MarketingBox & { granted: boolean })[],
  by: ConsentChanger,
): Promise<void> {
  if (boxes.length === 0) return;
  const changedById = by.kind === 'PLAYER' ? by.playerId : by.staffId;
  await db
    .insert(marketingConsent)
    .values(boxes.map((box) => ({ playerId, product: box.product, channel: box.channel, granted: box.granted, changedByKind: by.kind, changedById })))
    .onConflictDoUpdate({
      target: [marketingConsent.playerId, marketingConsent.product, marketingConsent.channel],
      set: { granted: sql`excluded.granted`, changedAt: sql`now()`, changedByKind: sql`excluded.changed_by_kind`, changedById: sql`excluded.changed_by_id` },
    });
}

/**
 * The one gate every marketing send asks at send time (SR 5.1.12, with LCCP 3.5.3 and SR 5.1.11):
 * the player ticked this product's box for this channel — no other box stands in for it — and no
 * time-out or self-exclusion closes the account now. A lock stops marketing without touching the
 * player's choices, so it resumes only if they still want it when the lock is over. Pass the
 * caller's transaction as `db` when the send is part of one.
 */
export async function mayMarket(db: Db, playerId: string, product: MarketingProduct, channel: MarketingChannel): Promise<boolean> {
  const [box] = await db
    .select({ granted: marketingConsent.granted })
    .from(marketingConsent)
    .where(and(eq(marketingConsent.playerId, playerId), eq(marketingConsent.product, product), eq(marketingConsent.channel, channel)));
  if (!box?.granted) return false;
  return (await lockRefusal(db, playerId)) === undefined;
}
