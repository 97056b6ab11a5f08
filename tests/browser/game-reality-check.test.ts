import { sql } from 'drizzle-orm';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completion, newSignup } from '../support/api-client';
import { usePortalSuite, type Portal } from './portal';
import { widths } from './wallet-helpers';

/**
 * The reality check and limits inside a real-money game (issue 12, RG-62, NS-23): the game client's
 * dialog when the check falls due, its Continue and View history, the limits' live usage, and a
 * round refused because a limit is reached. Desktop and phone, English and Macedonian, on the real
 * server: the check is made due through the player's play clock row (rg_play_clock, migration 0012).
 */

const SLOT = 'SR-1001';
const SCREENS = '/tmp/rgplay-screens';

type Language = 'en' | 'mk';

/** A new Irish player (no GB spin interval) signed in in this browser, with 100.00 and a 10-minute reality check. */
async function realPlayer(portal: Portal, suite: ReturnType<typeof usePortalSuite>): Promise<string> {
  const { unit: _unit, building: _building, ...profile } = completion();
  const signedUp = await portal.context.request.post(`${suite.server.url}/ps/signup`, {
    data: { ...newSignup(), ...profile, securityQuestion: 'First pet?', securityAnswer: 'Rex' },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(200);
  const { partyId } = (await signedUp.json()) as { partyId: string };
  await suite.server.fundPlayer(partyId, 10_000n, 'EUR');
  const interval = await portal.context.request.post(`${suite.server.url}/ps/updateRealityCheck`, { data: { interval: 10 } });
  expect(interval.status(), await interval.text()).toBe(200);
  return partyId;
}

/** Makes the player's reality check due now, as the passing of its interval would. */
async function makeDue(suite: ReturnType<typeof usePortalSuite>, partyId: string): Promise<void> {
  await suite.server.db.execute(sql`UPDATE rg_play_clock SET reality_check_due_at = now() - interval '1 second' WHERE player_id = ${partyId}`);
}

/** Opens the game client itself in a real-money session (as the launch container does), in a language. */
async function openGameClient(portal: Portal, suite: ReturnType<typeof usePortalSuite>, language: Language): Promise<Page> {
  const launched = await portal.context.request.post(`${suite.server.url}/gs/launch`, { data: { gameId: SLOT, playForReal: true } });
  expect(launched.status(), await launched.text()).toBe(200);
  const { launchUrl } = (await launched.json()) as { launchUrl: string };
  await portal.page.emulateMedia({ reducedMotion: 'reduce' });
  await portal.page.goto(`${suite.server.url}${launchUrl}&lang=${language}`);
  await portal.page.getByTestId('gc-table').waitFor();
  return portal.page;
}

/**
 * How long one spin may take to end here. The slot (SR-1001) awards free spins with retriggers, and
 * the client presents every one of them before Spin is offered again: a round with a long run of
 * them takes tens of seconds on a busy machine even with reduced motion (asked for in these tests,
 * which are about the check, not the reels).
 */
const ROUND_ENDS_WITHIN_MS = 90_000;

/** Spins once and waits for the spin to finish (the button is offered again, or the refusal is shown). */
async function spin(game: Page | FrameLocator): Promise<void> {
  const button = game.getByTestId('gc-spin');
  await button.and(game.locator(':not([disabled])')).waitFor({ timeout: ROUND_ENDS_WITHIN_MS });
  await button.click();
  await game.locator('[data-testid="gc-spin"]:not([disabled]), [data-testid="gc-error"]:not([hidden])').first().waitFor({ timeout: ROUND_ENDS_WITHIN_MS });
}

/**
 * Once the check is due, the game shows it either on its own (its status read after the last
 * round may come after the check fell due) or when the next spin is refused with
 * REALITY_CHECK_DUE: spins until the dialog is open, never clicking through it.
 */
async function spinUntilShown(game: Page | FrameLocator, dialog: Locator, press: 'click' | 'event' = 'click'): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await dialog.isVisible()) return true;
        const spinButton = game.getByTestId('gc-spin');
        // 'event': the click's event alone, so nothing scrolls the game into view but the game itself.
        await (press === 'click' ? spinButton.click({ timeout: 1_000 }) : spinButton.dispatchEvent('click', undefined, { timeout: 1_000 })).catch(
          () => undefined,
        );
        return dialog.isVisible();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

const expected = {
  en: {
    title: 'Reality check',
    played: /^You have been playing for \d+ minutes\.$/,
    net: /^Your net position this session: [−+]?€\d/,
    continue: 'Continue',
    logout: 'Log out',
    history: 'View history',
  },
  mk: {
    title: 'Проверка на реалноста',
    played: /^Играте веќе \d+ минути\.$/,
    net: /^Вашата нето-состојба во оваа сесија: [−+]?/,
    continue: 'Продолжи',
    logout: 'Одјави се',
    history: 'Види историја',
  },
} as const;

describe('the reality check and limits inside a game (issue 12, RG-62, NS-23)', () => {
  const suite = usePortalSuite();

  for (const [language, viewport] of [
    ['en', widths.desktop],
    ['mk', widths.mobile],
    ['en', widths.mobile],
    ['mk', widths.desktop],
  ] as const) {
    it(`shows the due check in the game with time played and net position; Continue lets play go on (${language}, ${viewport.width} px)`, async () => {
      const portal = await suite.open({ viewport });
      const partyId = await realPlayer(portal, suite);
      const page = await openGameClient(portal, suite, language);
      await spin(page);
      // The limits' live usage: the reality check is not a limit with usage, so nothing yet.
      expect(await page.getByTestId('gc-reality-check').evaluate((dialog) => dialog.hasAttribute('open'))).toBe(false);

      await makeDue(suite, partyId);
      const dialog = page.getByRole('dialog', { name: expected[language].title });
      await spinUntilShown(page, dialog);
      expect(await page.getByTestId('gc-rc-played').textContent()).toMatch(expected[language].played);
      expect(await page.getByTestId('gc-rc-net').textContent()).toMatch(expected[language].net);
      for (const name of [expected[language].continue, expected[language].logout, expected[language].history]) {
        expect(await dialog.getByRole('button', { name }).isVisible()).toBe(true);
      }
      // The dialog has the focus and Escape does not dismiss it: the check must be answered.
      expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe('gc-rc-continue');
      await page.keyboard.press('Escape');
      expect(await dialog.isVisible()).toBe(true);
      await page.screenshot({ path: `${SCREENS}/reality-check-${language}-${viewport.width}.png` });

      await dialog.getByRole('button', { name: expected[language].continue }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('gc-error').isHidden()).toBe(true);
      await spin(page);
      expect(await page.getByTestId('gc-error').isHidden()).toBe(true);
    }, 240_000);
  }

  it('in the portal’s game page: View history opens the wallet’s History over the game', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const partyId = await realPlayer(portal, suite);
    const { page } = portal;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await portal.visit(`/game?gameId=${SLOT}&playForReal=true`);
    await page.getByTestId('game-frame').waitFor();
    const frame = page.frameLocator('[data-testid="game-frame"]');
    await frame.getByTestId('gc-table').waitFor();
    await spin(frame);
    // The page is scrolled away from the game before the check falls due: the check that opens brings the game back into view.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await makeDue(suite, partyId);
    const dialog = frame.getByRole('dialog', { name: 'Reality check' });
    await spinUntilShown(frame, dialog, 'event');
    await expect
      .poll(() =>
        dialog.getByRole('button', { name: 'View history' }).evaluate((button) => {
          // Inside the frame: its own viewport; the frame itself is checked against the page's below.
          const box = button.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= (globalThis as unknown as { innerHeight: number }).innerHeight;
        }),
      )
      .toBe(true);
    await expect
      .poll(() =>
        page.getByTestId('game-frame').evaluate((frameElement) => {
          const box = frameElement.getBoundingClientRect();
          return box.top >= 0 && box.top < (globalThis as unknown as { innerHeight: number }).innerHeight / 2;
        }),
      )
      .toBe(true);
    await page.screenshot({ path: `${SCREENS}/reality-check-portal-1280.png` });
    await dialog.getByRole('button', { name: 'View history' }).click();
    await page.getByTestId('wallet-tab-history').and(page.locator('[aria-selected="true"]')).waitFor();
    await page.screenshot({ path: `${SCREENS}/reality-check-history-1280.png` });
  }, 240_000);

  for (const [language, viewport] of [
    ['en', widths.desktop],
    ['mk', widths.mobile],
  ] as const) {
    it(`a round refused by a reached loss limit says why and stops real-money play; the usage bar shows the limit (${language}, ${viewport.width} px)`, async () => {
      const portal = await suite.open({ viewport });
      await realPlayer(portal, suite);
      const limit = await portal.context.request.post(`${suite.server.url}/ps/updateLossLimit`, { data: { limit: 0.1, limitPeriod: 'Daily' } });
      expect(limit.status(), await limit.text()).toBe(200);
      const page = await openGameClient(portal, suite, language);
      const usage = page.getByTestId('gc-usage-item').and(page.locator('[data-limit-type="LOSS_LIMIT"]'));
      await usage.waitFor();
      expect(await usage.textContent()).toContain(language === 'en' ? 'Net loss · day' : 'Нето-загуба · ден');

      await page.getByTestId('gc-spin').click();
      const stopped = page.getByTestId('gc-stopped');
      await stopped.waitFor();
      expect(await stopped.getAttribute('data-status')).toBe('LOSS_LIMIT_REACHED');
      expect(await stopped.textContent()).toContain(
        language === 'en'
          ? 'This bet could take you past your loss limit. Real-money play has stopped in this game.'
          : 'Овој облог може да ве однесе преку вашата граница на загуби. Играњето со вистински пари во оваа игра е запрено.',
      );
      // Said once, in the stop notice; no more real-money play offered: the game's controls are inert.
      expect(await page.getByTestId('gc-error').isHidden()).toBe(true);
      expect(await page.getByTestId('gc-table').evaluate((table) => table.hasAttribute('inert'))).toBe(true);
      await page.screenshot({ path: `${SCREENS}/loss-limit-${language}-${viewport.width}.png` });
    }, 240_000);
  }
});
