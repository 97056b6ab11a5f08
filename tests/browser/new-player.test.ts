import { describe, expect, it } from 'vitest';
import { screenshot, viewports } from '../support/browser';
import type { Page } from 'playwright-core';
import { usePortalSuite } from './portal';
import { fillStep1, freshPlayer, signInWithSidebar } from './signup-helpers';

/** Accepts the cookie notice so that it does not cover what a screenshot is for. */
async function acceptCookies(page: Page): Promise<void> {
  const notice = page.getByTestId('cookie-notice');
  if (await notice.count()) await notice.getByRole('button').last().click();
}

/** Defect 8: what a new player met, checked on the built portal against the real server. */
describe('what a new player meets (defect 8)', () => {
  const suite = usePortalSuite();

  it('CONTENT-20 the free-call button dials the number it shows', async () => {
    const portal = await suite.open();
    await portal.visit('/contact-us');
    const card = portal.page.getByTestId('contact-free_call');
    await card.waitFor();
    const shown = (await card.locator('.contact-card__value').textContent())?.replace(/\D/g, '');
    const dialled = await portal.page.getByTestId('contact-free_call-button').getAttribute('href');
    expect(shown).toBe('1800555019');
    expect(dialled).toBe('tel:+3531800555019');
    expect(dialled?.endsWith(shown!)).toBe(true);
  });

  it.each([
    ['en', 'once you are logged in', 'Live chat is for logged-in players'],
    ['mk', 'откако ќе се најавите', 'Разговорот во живо е за најавени играчи'],
  ])(
    'NAV-60 the live-chat card and its dialog tell the same, true story to a visitor: chat is there for players who log in (%s)',
    async (language, cardText, dialogText) => {
      const portal = await suite.open();
      await portal.visit(`/contact-us?locale=${language}`);
      const card = portal.page.getByTestId('contact-live_chat');
      await card.waitFor();
      expect(await card.textContent()).toContain(cardText);
      await portal.page.getByTestId('live-chat-open').click();
      const modal = portal.page.getByTestId('live-chat-modal');
      await modal.waitFor();
      expect(await modal.textContent()).toContain(dialogText);
      if (language !== 'en') return;
      // Logging in from the dialog comes back to the contact page with the chat open: a real conversation.
      await modal.getByTestId('live-chat-login').click();
      await signInWithSidebar(portal.page, 'demo.player');
      await portal.page.waitForURL((url) => url.pathname === '/contact-us' && url.searchParams.get('chat') === 'open');
      await portal.page.getByTestId('live-chat-modal').getByTestId('live-chat-panel').waitFor();
    },
  );

  it.each([
    ['Live', 'Live'],
    ['Bingo', 'Bingo'],
    ['Jackpots', 'Jackpots'],
  ])('GAMES-20 a visitor following /play?category=%s is told its games are for signed-in players and offered log in or join', async (category, name) => {
    const portal = await suite.open();
    await portal.visit(`/play?category=${category}`);
    const hint = portal.page.getByTestId('explorer-members-only');
    await hint.waitFor();
    expect(await hint.textContent()).toContain(`The games in ${name} are for signed-in players.`);
    expect(await portal.page.getByTestId('explorer-empty').count()).toBe(0);
    expect(await portal.page.getByTestId('explorer-join').getAttribute('href')).toBe('/join');
  });

  it('GAMES-20 logging in from the hint comes back to the category, now with its games', async () => {
    const portal = await suite.open();
    await portal.visit('/play?category=Live');
    await portal.page.getByTestId('explorer-login').click();
    await signInWithSidebar(portal.page, 'demo.player');
    await portal.page.waitForURL((url) => url.pathname === '/play' && url.searchParams.get('category') === 'Live');
    await portal.page.getByTestId('game-card').first().waitFor();
    expect(await portal.page.getByTestId('explorer-members-only').count()).toBe(0);
  });

  it('GAMES-20 a signed-in player and a search that finds nothing get the plain empty state, not the log-in hint', async () => {
    const player = await suite.server.createSignedInPlayer();
    const signedIn = await suite.open({ sessionCookie: player.cookie });
    await signedIn.visit('/play?category=no-such-category');
    await signedIn.page.getByTestId('explorer-empty').waitFor();
    expect(await signedIn.page.getByTestId('explorer-empty').textContent()).toBe('There are no games here yet.');
    const visitor = await suite.open();
    await visitor.visit('/play?category=Live&search=zzzz');
    await visitor.page.getByTestId('explorer-empty').waitFor();
    expect(await visitor.page.getByTestId('explorer-members-only').count()).toBe(0);
  });

  it('HOME the banner promises no more games than a visitor can see', async () => {
    const portal = await suite.open();
    await portal.visit('/');
    const message = (await portal.page.getByTestId('home-welcome-message').textContent()) ?? '';
    const visible = await portal.page.evaluate(async () => {
      const games = (await (await fetch('/cms/wp-json/wp/v2/game?per_page=100')).json()) as { acf: { game_id: string } }[];
      return new Set(games.map((game) => game.acf.game_id)).size;
    });
    expect(visible).toBeGreaterThan(0);
    const claimed = /(\d+)\+?\s+games/i.exec(message)?.[1];
    if (claimed) expect(Number(claimed)).toBeLessThanOrEqual(visible);
    expect(message).not.toMatch(/Over 25 games/);
  });

  it('SIGNUP-20 SIGNUP-23 the country selects show SVG flags that load, and no flag emoji', async () => {
    const portal = await suite.open();
    await portal.visit('/join');
    await fillStep1(portal.page, freshPlayer('flags'));
    await portal.page.getByTestId('join-submit').click();
    const form = portal.page.getByTestId('signup-step-2');
    await form.waitFor();
    const flags = form.locator('img.country-select__flag');
    await flags.first().waitFor();
    expect(await flags.count()).toBe(2);
    for (const flag of await flags.all()) {
      expect(await flag.getAttribute('src')).toMatch(/\/IE-[^/]+\.svg$/);
      await expect
        .poll(() =>
          flag.evaluate(
            (image) =>
              (image as unknown as { complete: boolean; naturalWidth: number }).complete && (image as unknown as { naturalWidth: number }).naturalWidth > 0,
          ),
        )
        .toBe(true);
    }
    // Defect 3: the address country offers only the countries sign-up is open to (IE, GB).
    expect(
      await form
        .getByTestId('address-country')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value)),
    ).toEqual(['IE', 'GB']);
    const optionTexts = await form.locator('select option').allTextContents();
    expect(optionTexts.some((text) => /[\u{1F1E6}-\u{1F1FF}]/u.test(text))).toBe(false);
    await form.getByTestId('mobile-country').selectOption('GB');
    expect(await form.getByTestId('flag-GB').getAttribute('src')).toMatch(/\/GB-[^/]+\.svg$/);
    await screenshot(portal.page, 'defect8-signup-flags-en-1440');
    await portal.page.setViewportSize(viewports.mobile);
    await portal.visit('/contact?locale=mk');
    await portal.page.getByTestId('signup-step-2').locator('img.country-select__flag').first().waitFor();
    await acceptCookies(portal.page);
    await portal.page.getByTestId('mobile-country').scrollIntoViewIfNeeded();
    await screenshot(portal.page, 'defect8-signup-flags-mk-390');
  });

  it('OPS-02 the health view says when it checked on the 24-hour clock', async () => {
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    const portal = await suite.open({ sessionCookie: admin.cookie });
    await portal.visit('/admin');
    const checked = portal.page.locator('.health-view__checked');
    await checked.waitFor();
    const text = (await checked.textContent()) ?? '';
    expect(text).toMatch(/\b([01]\d|2[0-3]):[0-5]\d:[0-5]\d\b/);
    expect(text).not.toMatch(/\b(AM|PM)\b/i);
  });

  it.each([
    ['en', 1280],
    ['en', 390],
    ['mk', 1280],
    ['mk', 390],
  ])('looks right: the members-only hint and the contact page (%s, %i px)', async (language, width) => {
    const portal = await suite.open({ viewport: { width, height: width > 600 ? 900 : viewports.mobile.height } });
    await portal.visit(`/play?category=Live&locale=${language}`);
    await portal.page.getByTestId('explorer-members-only').waitFor();
    await acceptCookies(portal.page);
    await screenshot(portal.page, `defect8-members-only-${language}-${width}`);
    await portal.visit(`/contact-us?locale=${language}`);
    await portal.page.getByTestId('contact-live_chat').scrollIntoViewIfNeeded();
    await screenshot(portal.page, `defect8-contact-${language}-${width}`);
  });
});
