import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { referral, referralReward } from '../../db/schema';
import type { ServiceContext } from '../../service-context';
import { formatMinorMoney } from '../../../contracts/format';
import { findPlayer } from '../accounts';
import { sendPlayerMessage } from '../messages';
import { grantBonus, planById } from '../bonuses';
import { depositInstruments } from '../cashier';
import type { Inducements } from '../inducements';
import { lockRefusal } from '../limits';
import { inTransaction } from '../../db/transaction';
import { type MoneyPolicy, type PostedMovement } from '../wallet';

/**
 * When a referred friend qualifies — verified, and a first deposit of at least the configured
 * amount — the referrer receives the configured reward once, as a bonus on the configured plan
 * (its wagering rules, through the bonuses module). Qualification is looked at in two places, each
 * after writing its own fact and then locking the referral row, so that whichever comes second
 * sees the other's: the deposit credit (a money policy, in the credit's transaction) and a change
 * of the friend's kycStatus (in the writer's transaction when it has one). The reward row's primary
 * key is the referral: parallel deposits or a repeated verification reward it once.
 */

export interface ReferralSettings {
  /** Minor units of the plan's currency. */
  reward: bigint;
  minimumDeposit: bigint;
  bonusPlanId: number;
}

/** The configured amounts (REFERRAL_REWARD, REFERRAL_MIN_DEPOSIT: whole units; REFERRAL_BONUS_PLAN_ID). */
export function referralSettings(
  config: Pick<ServiceContext['config'], 'REFERRAL_REWARD' | 'REFERRAL_MIN_DEPOSIT' | 'REFERRAL_BONUS_PLAN_ID'>,
): ReferralSettings {
  return {
    reward: BigInt(config.REFERRAL_REWARD) * 100n,
    minimumDeposit: BigInt(config.REFERRAL_MIN_DEPOSIT) * 100n,
    bonusPlanId: config.REFERRAL_BONUS_PLAN_ID,
  };
}

/** An identity check passed: the documents or identification check (PASS), or the electronic check at sign-up (EXPERIAN_PASS). */
export const VERIFIED_KYC_STATUSES: readonly string[] = ['PASS', 'EXPERIAN_PASS'];

type ReferralRow = typeof referral.$inferSelect;

/** The reward currency: the plan's; without a plan, EUR. */
async function rewardPlan(tx: Db, settings: ReferralSettings) {
  const plan = await planById(tx, settings.bonusPlanId);
  return plan?.active ? plan : undefined;
}

/** Rewards the referrer when `row` (locked by the caller) has just qualified; never twice. */
async function qualifyIfDue(tx: Db, row: ReferralRow, settings: ReferralSettings, inducements: Pick<Inducements, 'closed'>): Promise<void> {
  if (row.qualifiedAt || row.selfReferral || row.firstDepositAmount === null) return;
  const plan = await rewardPlan(tx, settings);
  const currency = plan?.currency ?? 'EUR';
  if (row.firstDepositCurrency !== currency || row.firstDepositAmount < settings.minimumDeposit) return;
  const friend = await findPlayer(tx, row.referredId);
  if (!friend || !VERIFIED_KYC_STATUSES.includes(friend.kycStatus)) return;
  // A friend paying with an instrument the referrer has used is the referrer: nothing is earned.
  const referrerInstruments = await depositInstruments(tx, row.referrerId);
  const shared = [...(await depositInstruments(tx, row.referredId))].some((instrument) => referrerInstruments.has(instrument));
  if (shared) {
    await tx.update(referral).set({ selfReferral: 'PAYMENT_INSTRUMENT' }).where(eq(referral.referredId, row.referredId));
    return;
  }
  const now = new Date();
  const locked = plan ? await lockRefusal(tx, row.referrerId, now) : undefined;
  // A referrer whose jurisdiction closes refer a friend (IE by default, issue 29 item 7) is given nothing; the row says why.
  const closed = plan && !locked ? await inducements.closed(tx, row.referrerId, 'REFER_A_FRIEND') : false;
  const outcome = !plan ? 'NO_PLAN' : locked ? 'WITHHELD_LOCKED' : closed ? 'WITHHELD_INDUCEMENTS' : 'GRANTED';
  const [reward] = await tx
    .insert(referralReward)
    .values({ referredId: row.referredId, referrerId: row.referrerId, outcome, amount: settings.reward, currency })
    .onConflictDoNothing()
    .returning();
  if (!reward) return;
  await tx.update(referral).set({ qualifiedAt: now }).where(eq(referral.referredId, row.referredId));
  if (plan && outcome === 'GRANTED') {
    const bonus = await grantBonus(tx, row.referrerId, plan, settings.reward, now);
    await tx.update(referralReward).set({ playerBonusId: bonus.id }).where(eq(referralReward.referredId, row.referredId));
    // The referrer hears of it, in the same transaction as the reward: told once, exactly when it was granted.
    const referrer = await findPlayer(tx, row.referrerId);
    await sendPlayerMessage(tx, {
      playerId: row.referrerId,
      kind: 'BONUS_NOTICE',
      ...rewardMessage(referrer?.language === 'mk' ? 'mk' : 'en', settings.reward, currency),
    });
  }
}

/** The referrer's message when a friend has qualified, in their language. */
function rewardMessage(language: 'en' | 'mk', reward: bigint, currency: string): { subject: string; body: string } {
  const amount = formatMinorMoney(reward, currency, language);
  if (language === 'mk') {
    return {
      subject: 'Вашиот пријател се квалификуваше: доби бонус',
      body: `<p>Пријател кого го поканивте ја потврди сметката и ја направи првата уплата. Добивте бонус од ${amount}; условите за вложување се прикажани во Бонуси.</p>`,
    };
  }
  return {
    subject: 'Your friend qualified: you have a bonus',
    body: `<p>A friend you referred has verified their account and made their first deposit. You have received a bonus of ${amount}; its wagering is shown under Bonuses.</p>`,
  };
}

/**
 * The friend's first deposit (whatever its amount: only the first counts), recorded once in the
 * credit's transaction; the update locks the referral row, so a parallel first deposit waits and
 * then finds it recorded.
 */
export const referralDepositPolicy = (settings: ReferralSettings, inducements: Pick<Inducements, 'closed'>): MoneyPolicy => ({
  name: 'referral-first-deposit',
  kinds: ['deposit'],
  async after(tx: Db, movement: PostedMovement) {
    const [row] = await tx
      .update(referral)
      .set({
        firstDepositAmount: movement.amount,
        firstDepositCurrency: movement.currency,
        firstDepositPaymentId: movement.paymentId ?? null,
        firstDepositAt: new Date(),
      })
      .where(and(eq(referral.referredId, movement.playerId), isNull(referral.firstDepositAt)))
      .returning();
    if (row) await qualifyIfDue(tx, row, settings, inducements);
  },
});

/** A friend's kycStatus changed: with a verified status, a recorded first deposit may qualify now. */
export async function kycStatusChanged(
  db: Db,
  playerId: string,
  kycStatus: string,
  settings: ReferralSettings,
  inducements: Pick<Inducements, 'closed'>,
): Promise<void> {
  if (!VERIFIED_KYC_STATUSES.includes(kycStatus)) return;
  await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(referral).where(eq(referral.referredId, playerId)).for('update');
    if (row) await qualifyIfDue(tx, row, settings, inducements);
  });
}

/** Rewards granted to a referrer, for the tests and the README's figures. */
export function rewardsOf(db: Db, referrerId: string) {
  return db.select().from(referralReward).where(eq(referralReward.referrerId, referrerId));
}
