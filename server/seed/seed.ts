import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { formatTranslationLines } from '../../contracts/content/translations';
import { CONFIGURATION_TYPE, TRANSLATIONS_TYPE, upsertPost } from '../content';
import type { Db } from '../db/database';
import { consentVersion, contentPost, player, playerConsent, playerCurrencyAccount, systemMeta } from '../db/schema';
import { hashPassword } from '../platform/accounts';
import { seedDemoCashier } from './demo/cashier';
import { seedDemoBonusPlans } from './demo/bonuses';
import { seedDemoStaff } from './demo/back-office';
import { seedDemoReferrals } from './demo/referrals';
import { seedDemoLoyalty } from './demo/loyalty';
import { demoConfiguration, demoConfigurationMk } from './demo/configuration';
import { demoGamePosts } from './demo/games';
import { demoPagePosts } from './demo/pages';
import { demoConsents, demoPlayers } from './demo/players';
import { demoTranslations } from './demo/translations';

export const DEMO_SEED_KEY = 'demo_content_seeded_at';

/** Each area adds its demo content here; every step writes by natural key, so a re-run is harmless. */
const demoSteps: { name: string; run: (db: Db) => Promise<void> }[] = [
  {
    name: 'configuration',
    run: async (db) => {
      await upsertPost(db, { type: CONFIGURATION_TYPE, slug: CONFIGURATION_TYPE, title: 'Configuration', acf: demoConfiguration });
      await upsertPost(db, { type: CONFIGURATION_TYPE, slug: CONFIGURATION_TYPE, lang: 'mk', title: 'Конфигурација', acf: demoConfigurationMk });
    },
  },
  {
    name: 'translations',
    run: async (db) => {
      for (const [language, strings] of Object.entries(demoTranslations)) {
        await upsertPost(db, {
          type: TRANSLATIONS_TYPE,
          slug: language,
          title: language === 'mk' ? 'Македонски' : 'English',
          acf: { strings: formatTranslationLines(strings) },
        });
      }
    },
  },
  {
    name: 'games catalogue',
    run: async (db) => {
      for (const post of demoGamePosts()) await upsertPost(db, post);
    },
  },
  {
    name: 'content pages',
    run: async (db) => {
      for (const post of demoPagePosts()) await upsertPost(db, post);
    },
  },
  {
    name: 'consents',
    run: async (db) => {
      await db.insert(consentVersion).values([...demoConsents]);
    },
  },
  {
    name: 'players',
    run: async (db) => {
      const consents = await db.select({ id: consentVersion.id, isMandatory: consentVersion.isMandatory }).from(consentVersion);
      for (const demo of demoPlayers) {
        const [row] = await db
          .insert(player)
          .values({ ...demo.player, passwordHash: await hashPassword(demo.password) })
          .returning({ id: player.id });
        if (!row) continue;
        await db.insert(playerCurrencyAccount).values(demo.currencies.map((currency, index) => ({ playerId: row.id, currency, isPrimary: index === 0 })));
        const given = consents.filter((consent) => consent.isMandatory).map((consent) => ({ playerId: row.id, consentVersionId: consent.id }));
        if (given.length > 0) await db.insert(playerConsent).values(given);
      }
    },
  },
  { name: 'cashier', run: seedDemoCashier },
  { name: 'bonus plans', run: seedDemoBonusPlans },
  { name: 'back-office staff', run: seedDemoStaff },
  // After the bonus plans and players: the refer-a-friend reward plan and the players' referral codes.
  { name: 'refer a friend', run: seedDemoReferrals },
  // After the bonus plans: the shop's bonus-money items are granted on plans of their own.
  { name: 'loyalty shop', run: (db) => seedDemoLoyalty(db) },
];

/**
 * Loads demo content on the first start of an empty database, once: a database that has been
 * seeded before (and perhaps edited since) is left alone.
 */
export async function seedDemoContentOnce(db: Db, logger: Logger): Promise<boolean> {
  const [seeded] = await db.select().from(systemMeta).where(eq(systemMeta.key, DEMO_SEED_KEY));
  if (seeded) return false;
  const [existingContent] = await db.select({ id: contentPost.id }).from(contentPost).limit(1);
  if (existingContent) {
    logger.info('the database already holds content; demo content is not loaded');
    return false;
  }
  await db.transaction(async (tx) => {
    for (const step of demoSteps) {
      await step.run(tx as unknown as Db);
      logger.debug({ step: step.name }, 'demo content loaded');
    }
    await tx.insert(systemMeta).values({ key: DEMO_SEED_KEY, value: new Date().toISOString() }).onConflictDoNothing();
  });
  logger.info({ steps: demoSteps.map((step) => step.name) }, 'demo content loaded into the empty database');
  return true;
}
