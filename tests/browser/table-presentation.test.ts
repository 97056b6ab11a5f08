import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { widths } from './wallet-helpers';

/**
 * The table games' presentation (issue 17): each drawn by PixiJS on the game client's canvas, played
 * by click and by keyboard on a desktop in English and a phone in Macedonian, the result said in the
 * live region, and reduced motion honoured. Free play as a visitor.
 */

const suite: PortalSuite = usePortalSuite();

const ROULETTE = 'NT-4001';

async function openTable(portal: Portal, gameId: string, language: 'en' | 'mk', ready: string, stage: string): Promise<FrameLocator> {
  const url = suite.server.url;
  await portal.context.addCookies([
    { name: 'COOKIES_ACCEPTED', value: 'true', url },
    { name: 'LANG', value: language, url },
  ]);
  await portal.visit(`/game?gameId=${gameId}&playForReal=false`);
  await portal.page.getByTestId('game-frame').waitFor();
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId(ready).waitFor();
  // Pixi has taken the canvas: it names its renderer there once the stage is drawn.
  await expect.poll(() => frame.getByTestId(stage).getAttribute('data-renderer'), { timeout: 15_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
  return frame;
}

const resultOf = (frame: FrameLocator) => frame.getByTestId('gc-game-result').textContent();

describe('roulette on PixiJS (issue 17)', () => {
  const spinButton = (frame: FrameLocator) => frame.getByTestId('gc-roulette').locator('.gc__spin');

  it('desktop, English: bets by click and keyboard, the wheel spins to the result, the number is announced and lit on the layout', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, ROULETTE, 'en', 'gc-roulette', 'gc-wheel');
    expect(await frame.getByTestId('gc-wheel').getAttribute('aria-label')).toBeTruthy();
    await screenshot(portal.page, 'roulette-pixi-desktop-en-ready');

    await frame.getByRole('button', { name: 'Bet on 17 black', exact: true }).click();
    const red = frame.getByRole('button', { name: 'Bet on red', exact: true });
    await red.focus();
    await red.press('Enter');
    expect(await frame.getByTestId('gc-rl-bet').count()).toBe(2);

    const spin = spinButton(frame);
    await spin.focus();
    await spin.press('Enter');
    await portal.page.waitForTimeout(1200);
    await screenshot(portal.page, 'roulette-pixi-desktop-en-spinning');
    expect(await resultOf(frame)).toBe('');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^\d{1,2} (red|black|green) — (you won €[\d,.]+|No win)$/);
    const number = Number(/^\d+/.exec((await resultOf(frame)) ?? '')?.[0]);
    expect(await frame.locator('[data-hit="true"]').getAttribute('data-bet')).toBe(`straight:${number}`);
    await portal.page.waitForTimeout(400);
    await screenshot(portal.page, 'roulette-pixi-desktop-en-result');
  }, 90_000);

  it('phone, Macedonian: a 390 px table spins and says its number in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, ROULETTE, 'mk', 'gc-roulette', 'gc-wheel');
    await screenshot(portal.page, 'roulette-pixi-mobile-mk-ready');
    await frame.locator('[data-bet="black"]').click();
    await spinButton(frame).click();
    await portal.page.waitForTimeout(1200);
    await screenshot(portal.page, 'roulette-pixi-mobile-mk-spinning');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^\d{1,2} (црвено|црно|зелено) — (освоивте .+|Без добивка)$/);
    await frame.getByTestId('gc-wheel').scrollIntoViewIfNeeded();
    await portal.page.waitForTimeout(400);
    await screenshot(portal.page, 'roulette-pixi-mobile-mk-result');
  }, 90_000);

  it('reduced motion: the wheel is told so (the ball is placed in its pocket at once) and the result is announced', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    await portal.page.emulateMedia({ reducedMotion: 'reduce' });
    const frame = await openTable(portal, ROULETTE, 'en', 'gc-roulette', 'gc-wheel');
    expect(await frame.getByTestId('gc-wheel').getAttribute('data-motion')).toBe('reduced');
    await frame.locator('[data-bet="even"]').click();
    await spinButton(frame).click();
    await expect.poll(() => resultOf(frame), { timeout: 10_000 }).toMatch(/^\d{1,2} (red|black|green) — /);
    await screenshot(portal.page, 'roulette-pixi-desktop-en-reduced');
  }, 60_000);
});
