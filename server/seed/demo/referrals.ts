import type { Db } from '../../db/database';
import { bonusPlan, player } from '../../db/schema';
import { ensureReferralCode } from '../../platform/referrals';
import { DEMO_CONTRIBUTIONS } from './bonuses';

/**
 * Refer a friend's demo content (README "Refer a friend"): plan 1005, the reward the promotions
 * post "Refer a Friend" names (acf.bonus_plan_id) — €20 of bonus money per qualified friend, 10×
 * wagering within 30 days, at most €5 a stake while active (REFERRAL_BONUS_PLAN_ID; the amount
 * granted is REFERRAL_REWARD) — and the demo players' referral codes, so their links resolve.
 */
export const DEMO_REFERRAL_PLAN: typeof bonusPlan.$inferInsert = {
  id: 1005,
  kind: 'NO_DEPOSIT',
  name: 'Refer a Friend: €20 bonus',
  nameMk: 'Препорачај пријател: бонус од 20 €',
  currency: 'EUR',
  percentage: 0,
  cap: 2_000n,
  minDeposit: 0n,
  methods: [],
  firstDepositOnly: false,
  code: null,
  wageringMultiplier: 10,
  contributions: DEMO_CONTRIBUTIONS,
  maxStake: 500n,
  validityDays: 30,
  contentSlug: 'refer-a-friend',
};

export async function seedDemoReferrals(db: Db): Promise<void> {
  await db.insert(bonusPlan).values(DEMO_REFERRAL_PLAN).onConflictDoNothing();
  for (const { id } of await db.select({ id: player.id }).from(player)) await ensureReferralCode(db, id);
}
