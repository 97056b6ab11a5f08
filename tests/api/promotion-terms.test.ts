import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bonusPlan } from '../../server/db/schema';
import { GB_MAX_WAGERING_MULTIPLIER } from '../../server/platform/bonuses';
import { startTestServer, type TestServer } from '../support/test-server';

/**
 * Issue 27 item 14: one truth about bonuses, in the terms and the product. The product keeps cash
 * withdrawable at any time with a bonus left as it is, and only cancelling (or expiry) forfeits bonus
 * money (tests/api/bonuses-cancel-preview.test.ts "cash is always withdrawable"); the wallet says the
 * same (`wallet.bonusTerms.cashFirst`). These are the published terms, in both languages, held to it:
 * no promotion may say a withdrawal forfeits the bonus, and a stated wagering requirement is the plan's.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface WpPost {
  slug: string;
  lang: string;
  acf: { bonus_plan_id?: number; terms_and_conditions?: string; description?: string };
}
const posts = async (type: string, lang: 'en' | 'mk'): Promise<WpPost[]> => {
  const response = await fetch(`${server.url}/cms/wp-json/wp/v2/${type}?lang=${lang}&per_page=100`);
  expect(response.status).toBe(200);
  return (await response.json()) as WpPost[];
};

const says = {
  en: { withdrawForfeits: /withdraw[^.;<]*forfeits/i, cashKept: /withdraw your cash[^.<]*at any time[^.<]*bonus stays/i, wagered: /wagered (\d+) times/ },
  mk: { withdrawForfeits: /повлечете[^.;<]*се губи/i, cashKept: /повлечете во секое време[^.<]*бонусот останува/i, wagered: /обложи (\d+) пати/ },
} as const;

describe('promotion terms say what the product does (issue 27 item 14; BON-07, BON-11)', () => {
  for (const lang of ['en', 'mk'] as const) {
    it(`${lang}: every promotion says cash stays withdrawable with the bonus kept, none that a withdrawal forfeits it`, async () => {
      const promotions = await posts('bonus', lang);
      expect(promotions.length).toBeGreaterThanOrEqual(5);
      for (const promotion of promotions) {
        const terms = promotion.acf.terms_and_conditions ?? '';
        expect(terms, promotion.slug).not.toMatch(says[lang].withdrawForfeits);
        expect(terms, promotion.slug).toMatch(says[lang].cashKept);
      }
    });

    it(`${lang}: a stated wagering requirement is the plan's, and the general bonus terms promise no more than the GB cap`, async () => {
      const promotions = await posts('bonus', lang);
      const planIds = promotions.map((promotion) => Number(promotion.acf.bonus_plan_id)).filter(Number.isInteger);
      const plans = new Map((await server.db.select().from(bonusPlan).where(inArray(bonusPlan.id, planIds))).map((plan) => [plan.id, plan]));
      let checked = 0;
      for (const promotion of promotions) {
        const stated = says[lang].wagered.exec(promotion.acf.terms_and_conditions ?? '');
        const plan = plans.get(Number(promotion.acf.bonus_plan_id));
        if (!stated || !plan) continue;
        expect(Number(stated[1]), promotion.slug).toBe(plan.wageringMultiplier);
        checked += 1;
      }
      // The welcome offer at least states its requirement and has its plan.
      expect(checked).toBeGreaterThanOrEqual(1);
      const general = (await posts('terms_and_conditions', lang)).find((post) => post.slug === 'bonus-terms');
      const text = general?.acf.description ?? '';
      const multiples = [...text.matchAll(/(\d+) (?:times|пати)/g)].map((match) => Number(match[1]));
      expect(multiples.length, text).toBeGreaterThan(0);
      for (const multiple of multiples) expect(multiple).toBeLessThanOrEqual(GB_MAX_WAGERING_MULTIPLIER);
    });
  }
});
