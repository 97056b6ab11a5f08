import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal } from './portal';
import { widths } from './wallet-helpers';

/**
 * The portal whole in Macedonian (I18N-03, issue 17): the main journeys walked with LANG=mk, with
 * the English words that used to stay behind checked gone. Screenshots at 1280 and 390 px, in
 * Macedonian and (for comparison) English, land in tests/.artifacts/screenshots/macedonian-*.png.
 */

/** Texts that were English in Macedonian before issue 17 (content, configuration, Intl in Chromium). */
const leftovers = [
  'JOIN NOW',
  'Welcome Offer',
  'Set Your Limits',
  'Bingo Hall',
  'We use cookies',
  'Emerald is operated for players',
  'Over 18s only',
  'Play responsibly',
  'Welcome Bonus',
  'Free Spins Friday',
  'terms and conditions',
  'General terms',
  'Cookie policy',
  'Safer Gambling Week',
  'Responsible Gambling',
  'January',
  'December',
  'Ireland',
  'Free call',
];

/** The page's visible text and the alternative texts of its images. */
async function readable(page: Page): Promise<string> {
  // A string expression: the tests' TypeScript has no DOM types.
  return page.evaluate<string>("[document.body.innerText, ...[...document.querySelectorAll('img[alt]')].map((image) => image.getAttribute('alt'))].join('\\n')");
}

async function expectNoLeftovers(page: Page, where: string): Promise<void> {
  const text = await readable(page);
  expect(
    leftovers.filter((english) => text.includes(english)),
    where,
  ).toEqual([]);
}

async function openInMacedonian(portal: Portal, server: { url: string }): Promise<void> {
  await portal.context.addCookies([{ name: 'LANG', value: 'mk', url: server.url }]);
}

describe('the portal in Macedonian (I18N-03, issue 17)', () => {
  const suite = usePortalSuite();

  it('I18N-03 home, promotions, a blog post, a legal page and the footer read in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const { page } = portal;
    await openInMacedonian(portal, suite.server);

    await portal.visit('/');
    await page.getByTestId('home-page').waitFor();
    // The banner is the content's Macedonian home entry (picked by its title 'Home', NS-12).
    await page.getByRole('heading', { name: 'Најпријателското казино во Ирска' }).waitFor();
    // The action cards and the cookie notice come from the content service in Macedonian.
    await page.getByText('Понуда за добредојде').first().waitFor();
    await page.getByTestId('cookie-notice').getByText(/^Користиме колачиња/).waitFor();
    const footer = page.getByTestId('site-footer');
    await footer.getByTestId('footer-text').getByText(/^Emerald работи за играчи/).waitFor();
    expect(await footer.getByRole('img', { name: 'Само за лица над 18 години' }).count()).toBe(1);
    await expectNoLeftovers(page, 'home');
    await screenshot(page, 'macedonian-home-1280-mk');
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Прифати' }).click();
    await page.getByText('Понуда за добредојде').first().scrollIntoViewIfNeeded();
    await screenshot(page, 'macedonian-home-cards-1280-mk');
    await footer.scrollIntoViewIfNeeded();
    await screenshot(page, 'macedonian-footer-1280-mk');

    await portal.visit('/promotions');
    await page.getByTestId('promotion').first().waitFor();
    await page.getByRole('heading', { name: 'Бонус за добредојде: 100% до 100 €' }).waitFor();
    await expectNoLeftovers(page, 'promotions');
    await screenshot(page, 'macedonian-promotions-1280-mk');

    await portal.visit('/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: 'Недела на побезбедно коцкање' });
    await card.getByRole('button').click();
    const modal = page.getByTestId('blog-modal');
    await modal.getByText(/Секоја сметка во Emerald има граници на уплати/).waitFor();
    // The links of the English post are kept.
    expect(await modal.getByRole('link', { name: 'GamblingCare.ie' }).getAttribute('href')).toBe('https://www.gamblingcare.ie');
    await expectNoLeftovers(page, 'blog');
    await screenshot(page, 'macedonian-blog-post-1280-mk');
    await page.keyboard.press('Escape');

    await portal.visit('/terms-conditions');
    await page.getByRole('heading', { name: 'Општи услови' }).waitFor();
    await page.getByText('Една сметка по лице, домаќинство и начин на плаќање.').waitFor();
    await expectNoLeftovers(page, 'terms');
    await screenshot(page, 'macedonian-terms-1280-mk');
  });

  it('I18N-02 I18N-03 switching to Macedonian turns the footer, the cookie notice and the action cards without a reload', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('footer-text').getByText(/^Emerald is operated for players/).waitFor();
    await page.getByText('Welcome Offer').first().waitFor();
    // The leftover check reads what it should: in English it finds the English words.
    const englishText = await readable(page);
    expect(['JOIN NOW', 'Welcome Offer', 'We use cookies', 'Emerald is operated for players', 'Over 18s only'].filter((english) => !englishText.includes(english))).toEqual([]);
    await screenshot(page, 'macedonian-home-390-en');

    // At 390 px the language is chosen in the navigation sidebar.
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('sidebar-navigation').getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Македонски' }).click();
    await page.getByTestId('sidebar-navigation').getByRole('heading', { name: 'Мени' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('footer-text').getByText(/^Emerald работи за играчи/).waitFor();
    await page.getByText('Понуда за добредојде').first().waitFor();
    await page.getByTestId('cookie-notice').getByText(/^Користиме колачиња/).waitFor();
    await expectNoLeftovers(page, 'home after the switch');
    await screenshot(page, 'macedonian-home-390-mk');
  });

  it('I18N-03 SIGNUP-05 sign-up step 1 names the months in Macedonian, in Chromium whose ICU has no Macedonian', async () => {
    for (const [viewport, width] of [
      [widths.mobile, 390],
      [widths.desktop, 1280],
    ] as const) {
      const portal = await suite.open({ viewport });
      const { page } = portal;
      await openInMacedonian(portal, suite.server);
      await portal.visit('/join');
      const month = page.getByTestId('birth-month');
      await month.waitFor();
      const names = await month.locator('option').allTextContents();
      expect(names.slice(1)).toEqual(['јануари', 'февруари', 'март', 'април', 'мај', 'јуни', 'јули', 'август', 'септември', 'октомври', 'ноември', 'декември']);
      await month.selectOption('3');
      await expectNoLeftovers(page, `join at ${width}`);
      await page.getByTestId('cookie-notice').getByRole('button', { name: 'Прифати' }).click();
      await month.scrollIntoViewIfNeeded();
      await screenshot(page, `macedonian-join-${width}-mk`);
    }
  });

  it('I18N-03 SIGNUP-20 sign-up step 2 names the countries in Macedonian', async () => {
    const player = await suite.server.createSignedInPlayer({ registrationStatus: 'QUICK_REG', kycStatus: 'NOT_CHECKED' });
    const portal = await suite.open({ viewport: widths.mobile, sessionCookie: player.cookie });
    const { page } = portal;
    await openInMacedonian(portal, suite.server);
    await portal.visit('/contact');
    const countries = page.getByTestId('mobile-country');
    await countries.waitFor();
    const names = await countries.locator('option').allTextContents();
    expect(names).toContain('Ирска (+353)');
    expect(names).toContain('Обединето Кралство (+44)');
    expect(names.filter((name) => /[A-Za-z]{3}/.test(name))).toEqual([]);
    await expectNoLeftovers(page, 'contact');
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Прифати' }).click();
    await countries.scrollIntoViewIfNeeded();
    await screenshot(page, 'macedonian-contact-390-mk');
  });

  it('I18N-03 the game client shows the game server\'s refusal in Macedonian, by its status', async () => {
    // A player with no money: the game server refuses a real-money spin with INSUFFICIENT_FUNDS.
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    const portal = await suite.open({ viewport: widths.desktop, sessionCookie: player.cookie });
    const { page } = portal;
    await openInMacedonian(portal, suite.server);
    await portal.visit('/game-page?gameId=SR-1001&playForReal=true');
    await page.getByTestId('game-frame').waitFor();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await frame.getByTestId('gc-table').waitFor();
    // Issue 17: the game is named as the Macedonian catalogue names it, in the page and in the game.
    expect(await frame.getByTestId('gc-title').textContent()).toBe('Богатствата на Смарагдниот остров');
    await frame.getByRole('button', { name: 'Заврти' }).click();
    const error = frame.getByTestId('gc-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('Немате доволно средства на салдото за овој влог');
    await page.getByTestId('cookie-notice').getByRole('button', { name: 'Прифати' }).click();
    // The refusal sits above the reels, at the top of the game.
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, 'macedonian-game-refusal-1280-mk');
  });
});
