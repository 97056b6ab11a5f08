import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loyaltyAccount, loyaltyPointsEntry, playerBonus } from '../../server/db/schema';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { seedDemoLoyalty } from '../../server/seed/demo/loyalty';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite, widerThanPage } from './portal';
import { widths } from './wallet-helpers';

/**
 * The Loyalty Shop tab against the real server (issue 14; LOY-01…10, NS-05, spec 001 §2): the
 * items with Item and Price, View Item, Add To Cart, View Cart with its total, and a checkout that
 * spends the points; desktop in English, the phone's loyalty-level card in Macedonian.
 */

const shopPath = '/account?tab=loyalty-shop';

async function shopper(
  suite: PortalSuite,
  viewport: { width: number; height: number },
  points: bigint,
  currency = 'EUR',
): Promise<Portal & { partyId: string }> {
  await seedDemoBonusPlans(suite.server.db);
  await seedDemoLoyalty(suite.server.db, { startingPoints: false });
  const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: [currency] });
  await suite.server.db.insert(loyaltyPointsEntry).values({ playerId: partyId, kind: 'GRANT', points, note: 'browser test' });
  const portal = await suite.open({ viewport, sessionCookie: cookie });
  // The cookie notice answered already, so it does not cover what the screenshots show.
  await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
  return { ...portal, partyId };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate('document.fonts.ready');
  await screenshot(page, `loyalty-${name}`);
}

const pointsOf = async (suite: PortalSuite, playerId: string) =>
  (await suite.server.db.select().from(loyaltyAccount).where(eq(loyaltyAccount.playerId, playerId)))[0]?.points;

describe('Loyalty Shop (issue 14)', () => {
  const suite = usePortalSuite();

  it('LOY-01…06, LOY-10 desktop, English: View Item, Add To Cart, View Cart with its total, checkout spends the points and grants the bonus', async () => {
    const portal = await shopper(suite, widths.desktop, 1_500n);
    const { page } = portal;
    await portal.visit(shopPath);
    const shop = page.getByTestId('loyalty-shop');
    const table = shop.getByTestId('loyalty-items');
    await table.waitFor();
    // LOY-10: the account page's Loyalty Shop tab; LOY-01: columns Item and Price.
    expect(await page.getByRole('tab', { name: 'Loyalty Shop' }).getAttribute('aria-selected')).toBe('true');
    expect((await table.locator('thead th').allTextContents()).slice(0, 2)).toEqual(['Item', 'Price']);
    expect(await shop.getByTestId('loyalty-balance').textContent()).toBe('1,500 points');
    // Points given count toward the level: 1 500 earned is Silver.
    expect(await shop.getByTestId('loyalty-level').textContent()).toBe('Silver');
    // The level is the vipStatus: the summary's VIP level follows once the status has raised it.
    await page
      .getByTestId('account-summary')
      .locator('dd')
      .filter({ hasText: /^Silver$/ })
      .waitFor();
    await shoot(page, 'desktop-en-items');

    // LOY-03: View Item shows image, description, price and brand.
    await shop.getByTestId('loyalty-item-BONUS-EUR-5').getByTestId('loyalty-view-item').click();
    const dialog = page.getByTestId('loyalty-item-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe('€5 bonus money, 1× wagering within 30 days');
    expect(await dialog.locator('img').getAttribute('src')).toBe('/images/loyalty/bonus-5.svg');
    const facts = await dialog.locator('dl').textContent();
    expect(facts).toContain('Price500 points');
    expect(facts).toContain('BrandEmerald');
    expect(facts).not.toContain('free spins');
    await shoot(page, 'desktop-en-view-item');
    // LOY-04 from the popup, and from the list (the mug twice).
    await dialog.getByTestId('loyalty-dialog-add').click();
    await dialog.waitFor({ state: 'detached' });
    // LOY-03: a free-spins item also shows its number of free spins.
    await shop.getByTestId('loyalty-item-SPINS-20').getByTestId('loyalty-view-item').click();
    await dialog.waitFor();
    expect(await dialog.locator('dl').textContent()).toContain('Number of free spins20');
    await shoot(page, 'desktop-en-view-free-spins');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const mug = shop.getByTestId('loyalty-item-MUG').getByTestId('loyalty-add-to-cart');
    await mug.click();
    await mug.click();
    expect(await shop.getByTestId('loyalty-view-cart').textContent()).toBe('View Cart3');

    // LOY-05, LOY-06: the lines and their total (500 + 2 × 300).
    await shop.getByTestId('loyalty-view-cart').click();
    const cart = page.getByTestId('loyalty-cart');
    await cart.waitFor();
    expect(await cart.getByTestId('loyalty-cart-line-BONUS-EUR-5').textContent()).toContain('500 points');
    expect(await cart.getByTestId('loyalty-cart-line-MUG').textContent()).toContain('600 points');
    expect(await cart.getByTestId('loyalty-cart-total').textContent()).toBe('1,100 points');
    await shoot(page, 'desktop-en-cart');

    // NS-05: the checkout spends the points at once and the bonus money is granted.
    await cart.getByTestId('loyalty-checkout').click();
    const done = cart.getByTestId('loyalty-checkout-done');
    await done.waitFor();
    expect(await done.textContent()).toMatch(
      /^Thank you! Order \d+ is complete\. You have 400 points left\.Bonus money appears under Bonuses in your wallet\.$/,
    );
    expect(await pointsOf(suite, portal.partyId)).toBe(400n);
    const bonuses = await suite.server.db.select().from(playerBonus).where(eq(playerBonus.playerId, portal.partyId));
    expect(bonuses.map((bonus) => [bonus.planId, bonus.status, bonus.amount])).toEqual([[1101, 'ACTIVE', 500n]]);
    await shoot(page, 'desktop-en-checkout-done');
    await page.keyboard.press('Escape');
    // Polled from the test, not by a string evaluated in the page: the portal's CSP forbids eval.
    await expect.poll(() => page.getByTestId('loyalty-balance').textContent()).toBe('400 points');
    expect(await shop.getByTestId('loyalty-view-cart').textContent()).toBe('View Cart0');
  });

  it('LOY-07 phone, Macedonian: the loyalty-level card; not enough points is refused and nothing is spent, then a smaller cart pays', async () => {
    const portal = await shopper(suite, widths.mobile, 700n);
    const { page } = portal;
    await portal.context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    await portal.visit(shopPath);
    const shop = page.getByTestId('loyalty-shop');
    await shop.getByTestId('loyalty-items').waitFor();
    expect(await shop.getByRole('heading', { level: 2 }).textContent()).toBe('Продавница за лојалност');
    // LOY-07: the card shows the level (the vipStatus) on a phone.
    const card = shop.getByTestId('loyalty-level-card');
    expect(await card.getByTestId('loyalty-level').textContent()).toBe('Бронза');
    expect(await card.getByTestId('loyalty-balance').textContent()).toBe('700 поени');
    expect(await card.textContent()).toContain('Уште 300 поени до Сребро');
    expect((await shop.getByTestId('loyalty-items').locator('thead th').allTextContents()).slice(0, 2)).toEqual(['Производ', 'Цена']);
    expect(await shop.getByTestId('loyalty-item-MUG').textContent()).toContain('Emerald шолја, испратена на вашата адреса');
    await shoot(page, 'phone-mk-items');
    expect(await widerThanPage(page)).toEqual([]);

    await shop.getByTestId('loyalty-item-CAP').getByTestId('loyalty-add-to-cart').click();
    await shop.getByTestId('loyalty-item-MUG').getByTestId('loyalty-add-to-cart').click();
    await shop.getByTestId('loyalty-view-cart').click();
    const cart = page.getByTestId('loyalty-cart');
    await cart.waitFor();
    expect(await cart.getByTestId('loyalty-cart-total').textContent()).toBe('750 поени');
    await cart.getByTestId('loyalty-checkout').click();
    const failed = cart.getByTestId('loyalty-checkout-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toBe('Немате доволно поени за лојалност за оваа кошничка.');
    expect(await pointsOf(suite, portal.partyId)).toBe(700n);
    await shoot(page, 'phone-mk-cart-refused');

    await cart.getByRole('button', { name: 'Отстрани Emerald капа, испратена на вашата адреса' }).click();
    expect(await cart.getByTestId('loyalty-cart-total').textContent()).toBe('300 поени');
    await cart.getByTestId('loyalty-checkout').click();
    await cart.getByTestId('loyalty-checkout-done').waitFor();
    expect(await cart.getByTestId('loyalty-checkout-done').textContent()).toMatch(/Нарачката \d+ е завршена\. Ви остануваат 400 поени\./);
    expect(await pointsOf(suite, portal.partyId)).toBe(400n);
    await shoot(page, 'phone-mk-checkout-done');
  });
});
