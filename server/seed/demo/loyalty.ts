import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bonusPlan, freeSpinPlan, loyaltyItem, loyaltyPointsEntry, player } from '../../db/schema';
import { DEMO_CONTRIBUTIONS } from './bonuses';

/**
 * The demo loyalty shop (issue 14; README "Loyalty shop"):
 * - bonus money, granted as a bonus on plans 1101 (EUR) and 1102 (GBP): 1× wagering within 30
 *   days, so points bought with real play turn into cash after one more turn of play;
 * - 20 free spins at €0.10 on Pharaoh’s Lantern (SR-1004), granted as a free-spin bonus on plan
 *   1103 (winnings at most €50, 10× wagering, spins valid 7 days);
 * - merchandise (an Emerald mug and cap), recorded as an order for the operations team to post.
 * demo.player and demo.lord start with 1 500 points (a GRANT entry) so the shop can be tried at once.
 */
export const LOYALTY_BONUS_PLANS: (typeof bonusPlan.$inferInsert)[] = [
  {
    id: 1101,
    kind: 'NO_DEPOSIT',
    name: 'Loyalty shop bonus (EUR)',
    nameMk: 'Бонус од продавницата за лојалност (EUR)',
    currency: 'EUR',
    cap: 1_000n,
    wageringMultiplier: 1,
    contributions: DEMO_CONTRIBUTIONS,
    validityDays: 30,
  },
  {
    id: 1102,
    kind: 'NO_DEPOSIT',
    name: 'Loyalty shop bonus (GBP)',
    nameMk: 'Бонус од продавницата за лојалност (GBP)',
    currency: 'GBP',
    cap: 1_000n,
    wageringMultiplier: 1,
    contributions: DEMO_CONTRIBUTIONS,
    validityDays: 30,
  },
  // A free-spin plan's cap is the most its spins' winnings may credit.
  {
    id: 1103,
    kind: 'FREE_SPINS',
    name: 'Loyalty shop free spins',
    nameMk: 'Бесплатни вртења од продавницата за лојалност',
    currency: 'EUR',
    cap: 5_000n,
    wageringMultiplier: 10,
    contributions: DEMO_CONTRIBUTIONS,
    maxStake: 500n,
    validityDays: 7,
  },
];

export const LOYALTY_FREE_SPIN_PLANS: (typeof freeSpinPlan.$inferInsert)[] = [{ planId: 1103, spins: 20, stake: 10n, gameIds: ['SR-1004'], validDays: 7 }];

export const DEMO_LOYALTY_ITEMS: (typeof loyaltyItem.$inferInsert)[] = [
  {
    itemCode: 'BONUS-EUR-5',
    type: 'BONUS_MONEY',
    description: '€5 bonus money, 1× wagering within 30 days',
    descriptionMk: '€5 бонус пари, 1× обрт во рок од 30 дена',
    imageUrl: '/images/loyalty/bonus-5.svg',
    brand: 'Emerald',
    price: 500n,
    currency: 'EUR',
    bonusPlanId: 1101,
    bonusAmount: 500n,
    sortOrder: 1,
  },
  {
    itemCode: 'BONUS-EUR-10',
    type: 'BONUS_MONEY',
    description: '€10 bonus money, 1× wagering within 30 days',
    descriptionMk: '€10 бонус пари, 1× обрт во рок од 30 дена',
    imageUrl: '/images/loyalty/bonus-10.svg',
    brand: 'Emerald',
    price: 900n,
    currency: 'EUR',
    bonusPlanId: 1101,
    bonusAmount: 1_000n,
    sortOrder: 2,
  },
  {
    itemCode: 'BONUS-GBP-5',
    type: 'BONUS_MONEY',
    description: '£5 bonus money, 1× wagering within 30 days',
    descriptionMk: '£5 бонус пари, 1× обрт во рок од 30 дена',
    imageUrl: '/images/loyalty/bonus-gbp-5.svg',
    brand: 'Emerald',
    price: 500n,
    currency: 'GBP',
    bonusPlanId: 1102,
    bonusAmount: 500n,
    sortOrder: 3,
  },
  {
    itemCode: 'SPINS-20',
    type: 'FREE_SPINS',
    description: '20 free spins on Pharaoh’s Lantern',
    descriptionMk: '20 бесплатни вртења на Pharaoh’s Lantern',
    imageUrl: '/images/loyalty/free-spins.svg',
    brand: 'Emerald Studio',
    price: 400n,
    currency: 'EUR',
    bonusPlanId: 1103,
    freeSpins: 20,
    gameId: 'SR-1004',
    sortOrder: 4,
  },
  {
    itemCode: 'MUG',
    type: 'MERCHANDISE',
    description: 'Emerald mug, posted to your address',
    descriptionMk: 'Emerald шолја, испратена на вашата адреса',
    imageUrl: '/images/loyalty/mug.svg',
    brand: 'Emerald',
    price: 300n,
    sortOrder: 10,
  },
  {
    itemCode: 'CAP',
    type: 'MERCHANDISE',
    description: 'Emerald cap, posted to your address',
    descriptionMk: 'Emerald капа, испратена на вашата адреса',
    imageUrl: '/images/loyalty/cap.svg',
    brand: 'Emerald',
    price: 450n,
    sortOrder: 11,
  },
];

export const DEMO_STARTING_POINTS = 1_500n;

/** Writes the demo shop: its bonus plans, its items (by code; an item already there is kept) and the demo players' starting points. */
export async function seedDemoLoyalty(db: Db, options: { startingPoints?: boolean } = { startingPoints: true }): Promise<void> {
  await db.insert(bonusPlan).values(LOYALTY_BONUS_PLANS).onConflictDoNothing();
  await db.insert(freeSpinPlan).values(LOYALTY_FREE_SPIN_PLANS).onConflictDoNothing();
  await db.insert(loyaltyItem).values(DEMO_LOYALTY_ITEMS).onConflictDoNothing();
  if (!options.startingPoints) return;
  for (const username of ['demo.player', 'demo.lord']) {
    const [row] = await db.select({ id: player.id }).from(player).where(eq(player.username, username));
    if (row) await db.insert(loyaltyPointsEntry).values({ playerId: row.id, kind: 'GRANT', points: DEMO_STARTING_POINTS, note: 'demo starting points' });
  }
}
