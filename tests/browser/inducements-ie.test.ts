import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { openWallet, passDepositLimits, widths } from './wallet-helpers';

/**
 * Inducements closed for IE players (issue 29 item 7; Gambling Regulation Act 2024, s. 157) against
 * the real server with its legal default: an IE player's portal promises no loyalty shop, points,
 * refer a friend or bonus offer — no such account tab (nor by its address), no Promotions link or
 * page, no card promoting one on the home page, no bonus code in the wallet — in English and
 * Macedonian at 1280 and 390 px. A GB player still sees them.
 */

const closedText = {
  en: 'Bonus offers, loyalty rewards and refer-a-friend rewards are not available to players in your jurisdiction.',
  mk: 'Бонус понудите, наградите за лојалност и наградите за препорака на пријател не се достапни за играчите во вашата јурисдикција.',
} as const;

async function playerPortal(suite: PortalSuite, country: 'IE' | 'GB', viewport: { width: number; height: number }, language: 'en' | 'mk'): Promise<Portal> {
  const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
  await suite.server.db.update(player).set({ country, language }).where(eq(player.id, partyId));
  const portal = await suite.open({ viewport, sessionCookie: cookie, language });
  return portal;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('document.fonts.ready');
  await screenshot(page, `inducements-ie-${name}`);
}

describe('an IE player sees no inducement (issue 29 item 7)', () => {
  // The legal default: IE closes every inducement.
  const suite = usePortalSuite({ INDUCEMENTS_OFF: 'IE' });

  for (const language of ['en', 'mk'] as const) {
    for (const [size, viewport] of [
      ['1280', widths.desktop],
      ['390', widths.mobile],
    ] as const) {
      it(`${language} at ${size} px: account tabs, promotions, home cards, header and wallet`, async () => {
        const portal = await playerPortal(suite, 'IE', viewport, language);
        const { page } = portal;

        // The account page: no Refer a Friend or Loyalty Shop tab, and their addresses open Account Information.
        await portal.visit('/account');
        await page.getByTestId('account-tabs-tab-account-information').waitFor();
        expect(await page.getByTestId('account-tabs-tab-refer-a-friend').count()).toBe(0);
        expect(await page.getByTestId('account-tabs-tab-loyalty-shop').count()).toBe(0);
        await shoot(page, `${size}-${language}-account`);
        for (const tab of ['loyalty-shop', 'refer-a-friend']) {
          await portal.visit(`/account?tab=${tab}`);
          await expect.poll(() => page.getByTestId('account-tabs-tab-account-information').getAttribute('aria-selected')).toBe('true');
          expect(await page.getByTestId('loyalty-shop').count()).toBe(0);
          expect(await page.getByTestId('refer-a-friend').count()).toBe(0);
        }

        // Promotions: the page says why there are none, and lists none.
        await portal.visit('/promotions');
        expect(await page.getByTestId('promotions-closed').textContent()).toBe(closedText[language]);
        expect(await page.getByTestId('promotion').count()).toBe(0);
        await shoot(page, `${size}-${language}-promotions`);

        // Home: the signed-in cards, without the free-spins offer or Refer a Friend.
        await portal.visit('/');
        await page.getByTestId('action-cards').waitFor();
        expect(await page.getByTestId('action-card').count()).toBeGreaterThan(0);
        expect(await page.locator('[data-testid="action-card"] a[href*="refer-a-friend"]').count()).toBe(0);
        expect(await page.locator('[data-testid="action-card"] [data-action="DEPOSIT"]').count()).toBe(0);
        // Nothing anywhere on the page links to promotions or the shop.
        expect(await page.locator('a[href="/promotions"], a[href*="tab=loyalty-shop"], a[href*="tab=refer-a-friend"]').count()).toBe(0);
        await shoot(page, `${size}-${language}-home`);

        if (viewport === widths.desktop) {
          await page.getByTestId('account-menu').click();
          const menu = page.getByRole('menu');
          await menu.waitFor();
          expect(await menu.locator('a[href="/promotions"], a[href*="refer-a-friend"]').count()).toBe(0);
          await page.keyboard.press('Escape');
        }

        // The wallet's Bonuses tab lists bonuses held but offers no code to redeem.
        await openWallet(page);
        await page.getByTestId('wallet-tab-bonuses').click();
        await page.getByTestId('bonuses').waitFor();
        expect(await page.getByTestId('bonus-redeem-code').count()).toBe(0);
        await shoot(page, `${size}-${language}-wallet-bonuses`);

        // The deposit wizard has no bonus step: the amount goes straight to the payment.
        await page.getByTestId('wallet-tab-deposit').click();
        await passDepositLimits(page);
        await page.getByTestId('deposit-methods').locator('[data-testid^="method-"]').first().click();
        await page.getByTestId('deposit-amount').fill('20');
        await page.getByTestId('deposit-amount-proceed').click();
        await expect.poll(() => page.getByTestId('deposit-wizard').getAttribute('data-step')).toBe('payment');
        expect(await page.getByTestId('deposit-step-bonus').count()).toBe(0);
        await shoot(page, `${size}-${language}-deposit-payment`);
      });
    }
  }

  it('a GB player still has them: the tabs, the Promotions link and page, the bonus code', async () => {
    const portal = await playerPortal(suite, 'GB', widths.desktop, 'en');
    const { page } = portal;
    await portal.visit('/account');
    await page.getByTestId('account-tabs-tab-refer-a-friend').waitFor();
    expect(await page.getByTestId('account-tabs-tab-loyalty-shop').count()).toBe(1);
    expect(await page.locator('.site-header__nav a[href="/promotions"]').count()).toBe(1);
    await portal.visit('/promotions');
    await page.getByTestId('promotion').first().waitFor();
    expect(await page.getByTestId('promotions-closed').count()).toBe(0);
    await openWallet(page);
    await page.getByTestId('wallet-tab-bonuses').click();
    await page.getByTestId('bonus-redeem-code').waitFor();
  });
});
