import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { openDrawnGame } from './game-presentation';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { widths } from './wallet-helpers';

/**
 * The table games' presentation (issue 17): each drawn by PixiJS on the game client's canvas, played
 * by click and by keyboard on a desktop in English and a phone in Macedonian, the result said in the
 * live region, and reduced motion honoured. Free play as a visitor.
 */

const suite: PortalSuite = usePortalSuite();

const ROULETTE = 'NT-4001';

const openTable = (portal: Portal, gameId: string, language: 'en' | 'mk', ready: string, stage: string) => openDrawnGame(portal, suite.server.url, gameId, language, ready, stage);

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

const BLACKJACK = 'NT-4002';

/** Stands (or declines insurance) until the round is settled; answers the announced result. */
async function standOut(frame: FrameLocator, stand: string, noInsurance: string): Promise<string> {
  const actions = frame.getByTestId('gc-actions');
  for (let step = 0; step < 12; step++) {
    if ((await actions.getByRole('button').count()) === 0) break;
    const names = await actions.getByRole('button').allTextContents();
    const before = await resultOf(frame);
    const choice = actions.getByRole('button', { name: names.includes(stand) ? stand : noInsurance, exact: true }).and(frame.locator(':not([disabled])'));
    await choice.focus();
    await choice.press('Enter');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).not.toBe(before);
  }
  return (await resultOf(frame)) ?? '';
}

describe('blackjack on PixiJS (issue 17)', () => {
  it('desktop, English: cards dealt from the shoe by keyboard, the hole card turned, the hands kept for screen readers, the result announced', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, BLACKJACK, 'en', 'gc-blackjack', 'gc-bj-table');
    expect(await frame.getByTestId('gc-bj-table').getAttribute('aria-hidden')).toBe('true');
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-ready');
    const deal = frame.getByRole('button', { name: 'Deal', exact: true });
    await deal.focus();
    await deal.press('Enter');
    await portal.page.waitForTimeout(450);
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-dealing');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Your move: \d+|The dealer shows an ace: insurance\?|.+ — dealer \d+ — .+)$/);
    // The cards in words: four dealt, the dealer's second face down while the hand is in play.
    expect(await frame.getByTestId('gc-card').count()).toBeGreaterThanOrEqual(4);
    if (/^Your move/.test((await resultOf(frame)) ?? '')) expect(await frame.getByTestId('gc-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(1);
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-dealt');
    const result = await standOut(frame, 'Stand', 'No insurance');
    expect(result).toMatch(/^(Blackjack|Win|Push|Lose|Bust) — dealer \d+ — (you won €[\d,.]+|No win)$/);
    expect(await frame.getByTestId('gc-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(0);
    await portal.page.waitForTimeout(400);
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-settled');
  }, 90_000);

  it('phone, Macedonian: a 390 px table deals, stands and says the result in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, BLACKJACK, 'mk', 'gc-blackjack', 'gc-bj-table');
    await screenshot(portal.page, 'blackjack-pixi-mobile-mk-ready');
    await frame.getByRole('button', { name: 'Подели', exact: true }).click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Ваш потег: \d+|Делителот покажува ас: сакате ли осигурување\?|.+ — делител \d+ — .+)$/);
    await frame.getByTestId('gc-bj-table').scrollIntoViewIfNeeded();
    await screenshot(portal.page, 'blackjack-pixi-mobile-mk-dealt');
    expect(await standOut(frame, 'Стоп', 'Без осигурување')).toMatch(/ — делител \d+ — (освоивте .+|Без добивка)$/);
    await frame.getByTestId('gc-bj-table').scrollIntoViewIfNeeded();
    await portal.page.waitForTimeout(400);
    await screenshot(portal.page, 'blackjack-pixi-mobile-mk-settled');
  }, 90_000);
});

const PLINKO = 'PA-5001';

describe('Plinko on PixiJS (issue 17)', () => {
  it('desktop, English: a drop by keyboard follows its path down the pegs into its slot, the multiplier is announced', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, PLINKO, 'en', 'gc-plinko', 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-desktop-en-ready');
    await frame.getByTestId('gc-plinko-risk').selectOption('high');
    const drop = frame.getByRole('button', { name: 'Drop', exact: true });
    await drop.focus();
    await drop.press('Enter');
    await portal.page.waitForTimeout(900);
    await screenshot(portal.page, 'plinko-pixi-desktop-en-falling');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^[\d.,]+× — (you won €[\d,.]+|No win)$/);
    await portal.page.waitForTimeout(500);
    await screenshot(portal.page, 'plinko-pixi-desktop-en-landed');
  }, 60_000);

  it('phone, Macedonian: a 390 px board drops and says its multiplier in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, PLINKO, 'mk', 'gc-plinko', 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-mobile-mk-ready');
    await frame.getByRole('button', { name: 'Пушти', exact: true }).click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^[\d.,]+× — (освоивте .+|Без добивка)$/);
    await frame.getByTestId('gc-plinko-board').scrollIntoViewIfNeeded();
    await portal.page.waitForTimeout(500);
    await screenshot(portal.page, 'plinko-pixi-mobile-mk-landed');
  }, 60_000);
});

const MINES = 'PA-5002';

describe('Mines on PixiJS (issue 17)', () => {
  it('desktop, English: the tiles drawn under the grid flip by keyboard to an emerald or a mine, the result is announced', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, MINES, 'en', 'gc-mines', 'gc-mines-board');
    await screenshot(portal.page, 'mines-pixi-desktop-en-ready');
    await frame.getByTestId('gc-mines-count').selectOption('1');
    const start = frame.getByRole('button', { name: 'Start', exact: true });
    await start.focus();
    await start.press('Enter');
    const cell = (name: string) => frame.getByRole('button', { name, exact: true }).and(frame.locator(':not([disabled])'));
    await cell('Cell 3-3').waitFor();
    // Picks by keyboard until a mine or three emeralds; the focus stays on the grid after each.
    for (const name of ['Cell 3-3', 'Cell 2-4', 'Cell 4-2']) {
      if ((await cell(name).count()) === 0) break;
      await cell(name).focus();
      await cell(name).press('Enter');
      await expect.poll(async () => (await frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count()) < 25 && (await frame.getByRole('button', { name: 'Start', exact: true }).isDisabled()) === !(await resultOf(frame))?.startsWith('Mine'), { timeout: 15_000 }).toBe(true);
      if ((await resultOf(frame))?.startsWith('Mine')) break;
    }
    await portal.page.waitForTimeout(600);
    await screenshot(portal.page, 'mines-pixi-desktop-en-picked');
    const cashOut = frame.getByRole('button', { name: /^Cash out/ });
    if (await cashOut.isVisible()) await cashOut.click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Mine — No win|[\d.]+× — you won €[\d,.]+)$/);
    await portal.page.waitForTimeout(900);
    await screenshot(portal.page, 'mines-pixi-desktop-en-ended');
  }, 90_000);

  it('phone, Macedonian: a 390 px grid plays to its end and says the result in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, MINES, 'mk', 'gc-mines', 'gc-mines-board');
    await frame.getByTestId('gc-mines-count').selectOption('3');
    await frame.getByRole('button', { name: 'Почни', exact: true }).click();
    const first = frame.getByRole('button', { name: 'Поле 1-1', exact: true }).and(frame.locator(':not([disabled])'));
    await first.click();
    await expect.poll(() => frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count(), { timeout: 15_000 }).toBeLessThan(25);
    const cashOut = frame.getByRole('button', { name: /^Наплати/ });
    if (await cashOut.isVisible()) await cashOut.click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Мина — без добивка|[\d.,]+× — освоивте .+)$/);
    await frame.getByTestId('gc-mines-board').scrollIntoViewIfNeeded();
    await portal.page.waitForTimeout(900);
    await screenshot(portal.page, 'mines-pixi-mobile-mk-ended');
  }, 90_000);
});
