import { marketingProductsOfBonus, type MarketingChannel, type OfferedMarketingProduct } from '../../../contracts/platform/marketing/marketing-consents';
import type { Db } from '../../db/database';
import { marketingMail, type Mailer } from '../../mail';
import type { ServiceContext } from '../../service-context';
import { findPlayer, publicUrl } from '../accounts';
import { planById } from '../bonuses';
import { mayMarket } from '../consents';
import type { Inducements } from '../inducements';

/**
 * Marketing sends (UKGC SR 5.1.12; docs/compliance.md "Marketing consent"): every one asks
 * `mayMarket` for the player, the product it promotes and the channel it goes by at the moment it
 * is written to that channel's outbox — not when a campaign was planned — so a box unticked a
 * second earlier stops it. A refused send writes nothing and answers why. Service mail (receipts,
 * statements, security notices) is not marketing and does not come here.
 */

export interface MarketingContext {
  db: Db;
  mailer: Mailer;
  config: ServiceContext['config'];
}

export type MarketingOutcome =
  | { sent: true }
  | {
      sent: false;
      reason: 'NO_CONSENT' | 'NO_PLAYER' | 'INDUCEMENTS_CLOSED' | 'NO_PLAN';
      missing?: { product: OfferedMarketingProduct; channel: MarketingChannel }[];
    };

const PRODUCT_NAMES: Record<OfferedMarketingProduct, string> = { GAMING: 'casino', BINGO: 'bingo' };

/** The boxes of `products` × `channel` the player has not ticked (or cannot be marketed to now: a lock). */
async function missingBoxes(db: Db, playerId: string, products: readonly OfferedMarketingProduct[], channel: MarketingChannel) {
  const missing: { product: OfferedMarketingProduct; channel: MarketingChannel }[] = [];
  for (const product of products) if (!(await mayMarket(db, playerId, product, channel))) missing.push({ product, channel });
  return missing;
}

/**
 * A marketing e-mail about one or more products to one player, through the mail outbox, only when
 * the player accepts e-mail marketing of every product it promotes.
 */
export async function sendMarketingMail(
  context: MarketingContext,
  message: { playerId: string; products: readonly OfferedMarketingProduct[]; subject: string; paragraphs: string[]; action?: { label: string; href: string } },
): Promise<MarketingOutcome> {
  const player = await findPlayer(context.db, message.playerId);
  if (!player) return { sent: false, reason: 'NO_PLAYER' };
  const missing = await missingBoxes(context.db, message.playerId, message.products, 'EMAIL');
  if (message.products.length === 0 || missing.length > 0) return { sent: false, reason: 'NO_CONSENT', missing };
  const productName = message.products.map((product) => PRODUCT_NAMES[product]).join(' and ');
  await context.mailer.send(
    marketingMail({
      to: player.email,
      subject: message.subject,
      paragraphs: message.paragraphs,
      productName,
      preferencesUrl: `${publicUrl(context.config)}/account`,
      ...(message.action ? { action: message.action } : {}),
    }),
  );
  return { sent: true };
}

/**
 * A targeted bonus offer: an e-mail telling one player about a bonus plan. The plan's product
 * decides the box (casino and live → GAMING, bingo → BINGO, money free across products → both);
 * where the player's jurisdiction closes bonus offers (issue 29 item 7) it is not sent either.
 */
export async function sendBonusOffer(
  context: MarketingContext & { inducements: Pick<Inducements, 'closed'> },
  offer: { playerId: string; planId: number; subject: string; paragraphs: string[] },
): Promise<MarketingOutcome> {
  const plan = await planById(context.db, offer.planId);
  if (!plan) return { sent: false, reason: 'NO_PLAN' };
  if (await context.inducements.closed(context.db, offer.playerId, 'BONUS_OFFERS')) return { sent: false, reason: 'INDUCEMENTS_CLOSED' };
  return sendMarketingMail(context, {
    playerId: offer.playerId,
    products: marketingProductsOfBonus(plan.product as Parameters<typeof marketingProductsOfBonus>[0]),
    subject: offer.subject,
    paragraphs: offer.paragraphs,
    action: { label: 'See the offer', href: `${publicUrl(context.config)}/promotions` },
  });
}
