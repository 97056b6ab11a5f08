import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal } from './portal';
import { openWallet, widths } from './wallet-helpers';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { DEFAULT_BINGO_ROOMS } from '../../server/games/kinds/bingo/rooms';
import { demoGames, demoProviders } from '../../server/seed/demo/games';

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
  return page.evaluate<string>(
    "[document.body.innerText, ...[...document.querySelectorAll('img[alt]')].map((image) => image.getAttribute('alt')), ...[...document.querySelectorAll('option')].map((option) => option.textContent), ...[...document.querySelectorAll('[placeholder]')].map((field) => field.getAttribute('placeholder'))].join('\\n')",
  );
}

async function expectNoLeftovers(page: Page, where: string): Promise<void> {
  const text = await readable(page);
  expect(
    leftovers.filter((english) => text.includes(english)),
    where,
  ).toEqual([]);
}

/**
 * Latin-letter words a Macedonian page may show (issue 27 item 1): the brand and the names that
 * have no translation — the organisations the footer names, and the catalogue's studios, bingo
 * rooms and game titles that the catalogue gives no Macedonian title (games-mk.ts: titles are brand
 * names unless games.ts translates them). A game with a Macedonian title must show it. Anything else
 * written in Latin letters on a Macedonian page is English left behind.
 */
const untranslatable = new Set(
  [
    'Emerald',
    'EN',
    'VIP',
    'EUR',
    'GBP',
    'RTP',
    'BeGambleAware',
    'GamCare',
    'GAMSTOP',
    'Gambling Care',
    'GamblingCare.ie',
    'RNLI',
    ...demoProviders.map((provider) => provider.title),
    ...DEFAULT_BINGO_ROOMS.map((room) => room.name),
    ...demoGames.filter((game) => !game.mk).map((game) => game.title),
  ]
    .flatMap((name) => name.match(/[A-Za-z][A-Za-z'’]*/g) ?? [])
    .map((word) => word.toLowerCase()),
);

/** The words in Latin letters of a text, less the allowed ones, e-mail addresses and the player's own name. */
function englishWords(text: string, username: string): string[] {
  const words =
    text
      .replaceAll(username, ' ')
      .replace(/\S+@\S+/g, ' ')
      .match(/[A-Za-z][A-Za-z'’]*/g) ?? [];
  return [...new Set(words.filter((word) => word.length > 1 && !untranslatable.has(word.toLowerCase())))];
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
    await page
      .getByTestId('cookie-notice')
      .getByText(/^Користиме колачиња/)
      .waitFor();
    const footer = page.getByTestId('site-footer');
    await footer
      .getByTestId('footer-text')
      .getByText(/^Emerald работи за играчи/)
      .waitFor();
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
    await page
      .getByTestId('footer-text')
      .getByText(/^Emerald is operated for players/)
      .waitFor();
    await page.getByText('Welcome Offer').first().waitFor();
    // The leftover check reads what it should: in English it finds the English words.
    const englishText = await readable(page);
    expect(
      ['JOIN NOW', 'Welcome Offer', 'We use cookies', 'Emerald is operated for players', 'Over 18s only'].filter((english) => !englishText.includes(english)),
    ).toEqual([]);
    await screenshot(page, 'macedonian-home-390-en');

    // At 390 px the language is chosen in the navigation sidebar.
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('sidebar-navigation').getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Македонски' }).click();
    await page.getByTestId('sidebar-navigation').getByRole('heading', { name: 'Мени' }).waitFor();
    await page.keyboard.press('Escape');
    await page
      .getByTestId('footer-text')
      .getByText(/^Emerald работи за играчи/)
      .waitFor();
    await page.getByText('Понуда за добредојде').first().waitFor();
    await page
      .getByTestId('cookie-notice')
      .getByText(/^Користиме колачиња/)
      .waitFor();
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

  it("I18N-03 the game client shows the game server's refusal in Macedonian, by its status", async () => {
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

  it('I18N-03 issue 27 BON-15 BON-16: a refusal the portal shows as the server wrote it reads in Macedonian on a Macedonian page', async () => {
    await seedDemoBonusPlans(suite.server.db);
    for (const [viewport, width] of [
      [widths.desktop, 1280],
      [widths.mobile, 390],
    ] as const) {
      const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
      const portal = await suite.open({ viewport, sessionCookie: player.cookie });
      const { page } = portal;
      await openInMacedonian(portal, suite.server);
      await portal.visit('/');
      await page.locator('html[lang="mk"]').waitFor({ state: 'attached' });
      await page.getByTestId('cookie-notice').getByRole('button', { name: 'Прифати' }).click();
      await openWallet(page);
      await page.getByTestId('wallet-tab-bonuses').click();
      const code = page.getByTestId('bonus-redeem-code');
      const redeem = page.getByTestId('bonus-redeem');
      // An unknown code: the portal words it itself, knowing the server's refusal in either language.
      await code.fill('NOSUCHCODE');
      await redeem.click();
      await page.getByText('Бонус кодот NOSUCHCODE не може да се најде. Обидете се со друг бонус.').waitFor();
      await code.fill('WELCOME10');
      await redeem.click();
      await page.getByTestId('bonus-redeem-success').waitFor();
      // A used code: the server's own sentence (BON-16), now in Macedonian.
      await code.fill('WELCOME10');
      await redeem.click();
      const refusal = page.getByText('Овој код е веќе искористен');
      await refusal.waitFor();
      expect(await page.getByText('This code has already been used').count()).toBe(0);
      await refusal.scrollIntoViewIfNeeded();
      await screenshot(page, `macedonian-refusal-${width}-mk`);
    }
  }, 180_000);

  it('I18N-03 issue 27: every portal route in Macedonian shows no English word beyond brands and names, and money and dates in the Macedonian pattern', async () => {
    const username = `mk${Date.now()}`;
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'], username });
    await suite.server.fundPlayer(player.partyId, 500_000n);
    const portal = await suite.open({ viewport: widths.desktop, sessionCookie: player.cookie });
    const { page } = portal;
    await openInMacedonian(portal, suite.server);

    /** Each route of the portal a signed-in player reaches, and what shows it has drawn its content. */
    const routes: [path: string, ready: string][] = [
      ['/', '[data-testid="home-page"]'],
      ['/play', '[data-testid="games-explorer"] a'],
      // A signed-in player's landings lead on to their lobbies.
      ['/casino', '[data-testid="landing-page"], [data-testid="games-explorer"] a'],
      ['/live-casino', '[data-testid="landing-page"], [data-testid="game-frame"]'],
      ['/bingo', '[data-testid="landing-page"], [data-testid="games-explorer"] a, [data-testid="game-frame"]'],
      ['/promotions', '[data-testid="promotion"]'],
      ['/blog', '[data-testid="blog-card"]'],
      ['/chronos', '[data-testid="chronos-banner-picker"] option:nth-child(3)'],
      ['/about-us', '[data-testid="about-section"]'],
      ['/contact-us', 'main h1'],
      ['/terms-conditions', '[data-testid="legal-post"]'],
      ['/privacy-policy', '[data-testid="legal-post"]'],
      ['/funds-protection', '[data-testid="legal-post"]'],
      ['/responsible-gaming', '[data-testid="legal-post"]'],
      ['/casino-glossary', '[data-testid="glossary-entry"]'],
      ['/account?tab=account-information', '[data-testid="account-summary"]'],
      ['/account?tab=responsible-gaming', '[data-testid="rg-display-period-limits"]'],
      ['/account?tab=refer-a-friend', '[data-testid="referrals-send"]'],
      ['/account?tab=loyalty-shop', '[data-testid="loyalty-shop"]'],
      ['/identification', '[data-testid="identification-page"]'],
      ['/deposit', '[data-testid="wallet-balances"]'],
      ['/game-info?game_id=NT-4002', '[data-testid="game-info"]'],
    ];
    const found: Record<string, string[]> = {};
    for (const [path, ready] of routes) {
      await portal.visit(path);
      const drawn = await page
        .locator(ready)
        .first()
        .waitFor({ state: 'attached', timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      if (!drawn) {
        found[path] = [`(${ready} never drawn)`];
        continue;
      }
      await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      // The footer's words come from the Macedonian configuration a moment after the page is drawn.
      await expect.poll(() => page.getByText('Emerald is operated for players').count()).toBe(0);
      const text = await readable(page);
      // Each word with the text around it, so a failure says where it stands.
      const words = englishWords(text, username).map((word) => {
        const at = text.search(new RegExp(`\\b${word}\\b`));
        return `${word}: …${text.slice(Math.max(0, at - 30), at + word.length + 30).replace(/\s+/g, ' ')}…`;
      });
      if (words.length > 0) found[path] = words;
    }
    expect(found).toEqual({});

    // Money and times in the Macedonian pattern: the header's balance, the limits page's summary.
    await portal.visit('/account?tab=responsible-gaming');
    await page.getByTestId('rg-display-period-limits').waitFor();
    expect(await readable(page)).toContain('5.000,00\u00a0€');
    await screenshot(page, 'macedonian-walk-limits-1280-mk');
    await page.setViewportSize(widths.mobile);
    await screenshot(page, 'macedonian-walk-limits-390-mk');
    // The same page in English: "€5,000.00", the summary in English.
    await portal.context.addCookies([{ name: 'LANG', value: 'en', url: suite.server.url }]);
    await portal.visit('/account?tab=responsible-gaming');
    await page
      .getByTestId('rg-display-period-limits')
      .getByText(/^You have no limits set/)
      .waitFor();
    expect(await readable(page)).toContain('€5,000.00');
    await screenshot(page, 'macedonian-walk-limits-390-en');
  }, 240_000);
});
