import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { bonusPlan, freeSpinPlan } from '../../db/schema';

/**
 * The demo bonus plans (issue 14; README "Demo bonuses"), with the ids the promotions content
 * names (acf.bonus_plan_id):
 * - 1001 "Welcome Bonus": a 100 % match of the first deposit of €10 or more, up to €100, 10×
 *   wagering within 30 days, at most €5 a stake while active — the offer the home page advertises;
 * - 1006 code WELCOME10: €10 with no deposit, 10× wagering within 7 days;
 * - 1007 code SPINS20: 20 free spins at €0.10 on Pharaoh’s Lantern (SR-1004) within 7 days, their
 *   winnings (at most €50) a bonus with 10× wagering within 7 days.
 * All three are casino bonuses (SR 5.1.1(3b): one product per incentive): slots, plinko and mines
 * count 100 % toward wagering, roulette and blackjack 10 %; bingo and live tables are paid from cash.
 */
export const DEMO_CONTRIBUTIONS: Record<string, number> = { slot: 100, plinko: 100, mines: 100, roulette: 10, blackjack: 10 };

export const DEMO_BONUS_PLANS: (typeof bonusPlan.$inferInsert)[] = [
  {
    id: 1001,
    kind: 'DEPOSIT_MATCH',
    name: 'Welcome Bonus: 100% up to €100',
    nameMk: 'Бонус за добредојде: 100% до 100 €',
    currency: 'EUR',
    percentage: 100,
    cap: 10_000n,
    minDeposit: 1_000n,
    methods: [],
    firstDepositOnly: true,
    code: null,
    wageringMultiplier: 10,
    contributions: DEMO_CONTRIBUTIONS,
    product: 'CASINO',
    maxStake: 500n,
    validityDays: 30,
    contentSlug: 'welcome-bonus',
  },
  {
    id: 1006,
    kind: 'NO_DEPOSIT',
    name: 'WELCOME10: €10 free',
    nameMk: 'WELCOME10: 10 € бесплатно',
    currency: 'EUR',
    percentage: 0,
    cap: 1_000n,
    minDeposit: 0n,
    methods: [],
    firstDepositOnly: false,
    code: 'WELCOME10',
    wageringMultiplier: 10,
    contributions: DEMO_CONTRIBUTIONS,
    product: 'CASINO',
    maxStake: 500n,
    validityDays: 7,
    contentSlug: null,
  },
  {
    id: 1007,
    kind: 'FREE_SPINS',
    name: 'SPINS20: 20 free spins',
    nameMk: 'SPINS20: 20 бесплатни вртења',
    currency: 'EUR',
    percentage: 0,
    // A free-spin plan's cap is the most its spins' winnings may credit.
    cap: 5_000n,
    minDeposit: 0n,
    methods: [],
    firstDepositOnly: false,
    code: 'SPINS20',
    wageringMultiplier: 10,
    contributions: DEMO_CONTRIBUTIONS,
    product: 'CASINO',
    maxStake: 500n,
    validityDays: 7,
    contentSlug: null,
  },
];

/** The spin rules of the demo free-spin plans (`free_spin_plan`). */
export const DEMO_FREE_SPIN_PLANS: (typeof freeSpinPlan.$inferInsert)[] = [{ planId: 1007, spins: 20, stake: 10n, gameIds: ['SR-1004'], validDays: 7 }];

/** Writes the demo plans (an empty database's first start; a plan already there is kept). */
export async function seedDemoBonusPlans(db: Db): Promise<void> {
  await db.insert(bonusPlan).values(DEMO_BONUS_PLANS).onConflictDoNothing();
  await db.insert(freeSpinPlan).values(DEMO_FREE_SPIN_PLANS).onConflictDoNothing();
  // The demo ids are written by hand (the promotions content names them); plans created later are
  // numbered from 10 000 on, so they never run into one.
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('bonus_plan', 'id'), greatest((SELECT max(id) FROM bonus_plan), 9999))`);
}
