import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { plinkoPop } from '../../server/games/titles/table-and-mini-games';
import { animationFrames, framesInASecond, openDrawnGame, stageDraws } from './game-presentation';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { widths } from './wallet-helpers';

/**
 * The table games' presentation (issue 17): each drawn by PixiJS on the game client's canvas, played
 * by click and by keyboard on a desktop in English and a phone in Macedonian, the result said in the
 * live region, and reduced motion honoured. Free play as a visitor.
 */

const suite: PortalSuite = usePortalSuite();

const ROULETTE = 'NT-4001';

const openTable = (portal: Portal, gameId: string, language: 'en' | 'mk', ready: string, stage: string) =>
  openDrawnGame(portal, suite.server.url, gameId, language, ready, stage);

const resultOf = (frame: FrameLocator) => frame.getByTestId('gc-game-result').textContent();

/**
 * The stage draws only while something moves: once it is idle (`data-stage`), its count of frames
 * drawn (`data-frames`) stands still through the page's next animation frames, each of which a
 * running stage would have drawn.
 */
async function expectAtRest(frame: FrameLocator, stage: string): Promise<void> {
  const canvas = frame.getByTestId(stage);
  await expect.poll(() => canvas.getAttribute('data-stage'), { timeout: 15_000 }).toBe('idle');
  const drawn = Number(await canvas.getAttribute('data-frames'));
  expect(drawn).toBeGreaterThan(0);
  await animationFrames(frame, 30);
  expect(await canvas.getAttribute('data-stage')).toBe('idle');
  expect(Number(await canvas.getAttribute('data-frames'))).toBe(drawn);
}

/** The frames drawn so far by a stage. */
const framesDrawn = async (frame: FrameLocator, stage: string) => Number(await frame.getByTestId(stage).getAttribute('data-frames'));

describe('roulette on PixiJS (issue 17)', () => {
  const spinButton = (frame: FrameLocator) => frame.getByTestId('gc-roulette').locator('.gc__spin');

  it('desktop, English: bets by click and keyboard, the wheel spins to the result, the number is announced and lit on the layout', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, ROULETTE, 'en', 'gc-roulette', 'gc-wheel');
    expect(await frame.getByTestId('gc-wheel').getAttribute('aria-label')).toBeTruthy();
    await screenshot(portal.page, 'roulette-pixi-desktop-en-ready');
    // The wheel at rest draws nothing.
    await expectAtRest(frame, 'gc-wheel');
    const before = await framesDrawn(frame, 'gc-wheel');

    await frame.getByRole('button', { name: 'Bet on 17 black', exact: true }).click();
    const red = frame.getByRole('button', { name: 'Bet on red', exact: true });
    await red.focus();
    await red.press('Enter');
    expect(await frame.getByTestId('gc-rl-bet').count()).toBe(2);

    const spin = spinButton(frame);
    await spin.focus();
    await spin.press('Enter');
    // The spin wakes the stage: it draws again, and the number waits for the ball.
    await expect.poll(() => frame.getByTestId('gc-wheel').getAttribute('data-stage')).toBe('running');
    expect(await resultOf(frame)).toBe('');
    const spinning = await framesInASecond(frame);
    console.info(`roulette: ${spinning} frames in the first second of the spin`);
    expect(await framesDrawn(frame, 'gc-wheel')).toBeGreaterThan(before);
    await screenshot(portal.page, 'roulette-pixi-desktop-en-spinning');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^\d{1,2} (red|black|green) — (you won €[\d,.]+|No win)$/);
    const number = Number(/^\d+/.exec((await resultOf(frame)) ?? '')?.[0]);
    expect(await frame.locator('[data-hit="true"]').getAttribute('data-bet')).toBe(`straight:${number}`);
    // The ball rests in the announced number's pocket, and the wheel stops drawing once it has stopped.
    expect(await frame.getByTestId('gc-wheel').getAttribute('data-number')).toBe(String(number));
    await expectAtRest(frame, 'gc-wheel');
    await screenshot(portal.page, 'roulette-pixi-desktop-en-result');
  }, 90_000);

  it('phone, Macedonian: a 390 px table spins and says its number in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, ROULETTE, 'mk', 'gc-roulette', 'gc-wheel');
    await screenshot(portal.page, 'roulette-pixi-mobile-mk-ready');
    await frame.locator('[data-bet="black"]').click();
    await spinButton(frame).click();
    await expect.poll(() => frame.getByTestId('gc-wheel').getAttribute('data-stage')).toBe('running');
    await stageDraws(frame, 'gc-wheel', 20);
    await screenshot(portal.page, 'roulette-pixi-mobile-mk-spinning');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^\d{1,2} (црвено|црно|зелено) — (освоивте .+|Без добивка)$/);
    await frame.getByTestId('gc-wheel').scrollIntoViewIfNeeded();
    await expectAtRest(frame, 'gc-wheel');
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
    await expectAtRest(frame, 'gc-bj-table');
    const deal = frame.getByRole('button', { name: 'Deal', exact: true });
    await deal.focus();
    // The page at rest (the baseline of this browser on this machine), then the first second of the deal.
    const atRest = await framesInASecond(frame);
    await deal.press('Enter');
    const dealing = await framesInASecond(frame);
    console.info(`blackjack: ${dealing} frames in the first second of the deal (${atRest} at rest just before)`);
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-dealing');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Your move: \d+|The dealer shows an ace: insurance\?|.+ — dealer \d+ — .+)$/);
    // The cards in words: four dealt, the dealer's second face down while the hand is in play.
    expect(await frame.getByTestId('gc-card').count()).toBeGreaterThanOrEqual(4);
    if (/^Your move/.test((await resultOf(frame)) ?? ''))
      expect(await frame.getByTestId('gc-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(1);
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-dealt');
    const result = await standOut(frame, 'Stand', 'No insurance');
    expect(result).toMatch(/^(Blackjack|Win|Push|Lose|Bust) — dealer \d+ — (you won €[\d,.]+|your stake of €[\d,.]+ is returned|No win)$/);
    expect(await frame.getByTestId('gc-dealer').getByRole('img', { name: 'Face-down card' }).count()).toBe(0);
    await expectAtRest(frame, 'gc-bj-table');
    await screenshot(portal.page, 'blackjack-pixi-desktop-en-settled');
  }, 90_000);

  it('phone, Macedonian: a 390 px table deals, stands and says the result in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, BLACKJACK, 'mk', 'gc-blackjack', 'gc-bj-table');
    await screenshot(portal.page, 'blackjack-pixi-mobile-mk-ready');
    await frame.getByRole('button', { name: 'Подели', exact: true }).click();
    await expect
      .poll(() => resultOf(frame), { timeout: 15_000 })
      .toMatch(/^(Ваш потег: \d+|Делителот покажува ас: сакате ли осигурување\?|.+ — делител \d+ — .+)$/);
    await frame.getByTestId('gc-bj-table').scrollIntoViewIfNeeded();
    await screenshot(portal.page, 'blackjack-pixi-mobile-mk-dealt');
    expect(await standOut(frame, 'Стоп', 'Без осигурување')).toMatch(/ — делител \d+ — (освоивте .+|вашиот влог од .+ ви е вратен|Без добивка)$/);
    await frame.getByTestId('gc-bj-table').scrollIntoViewIfNeeded();
    await expectAtRest(frame, 'gc-bj-table');
    await screenshot(portal.page, 'blackjack-pixi-mobile-mk-settled');
  }, 90_000);
});

const PLINKO = 'PA-5001';

/** The multipliers a Plinko board names on its canvas (`data-multipliers`), as tenths of the stake: "0,4×" (Macedonian) and "0.4×" both read 4. */
async function shownMultipliers(frame: FrameLocator): Promise<number[]> {
  const shown = (await frame.getByTestId('gc-plinko-board').getAttribute('data-multipliers')) ?? '';
  return shown.split(' ').map((label) => Math.round(Number(label.replace('×', '').replace(',', '.')) * 10));
}

describe('Plinko on PixiJS (issue 17)', () => {
  it('desktop, English: the slots show their multipliers before a drop; a drop by keyboard follows its path down the pegs into its slot, which is lit, and the multiplier is announced', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, PLINKO, 'en', 'gc-plinko', 'gc-plinko-board');
    const board = frame.getByTestId('gc-plinko-board');
    // Before any drop: the server's paytable for the risk chosen (low at first), slot by slot; then high.
    await expect.poll(() => shownMultipliers(frame)).toEqual(plinkoPop.rules.tenths.low);
    expect(await board.getAttribute('aria-label')).toBe(
      'Plinko board; the slots pay, from left to right: 10×, 3×, 1.6×, 1.2×, 1.2×, 1×, 0.4×, 1×, 1.2×, 1.2×, 1.6×, 3×, 10×',
    );
    await expectAtRest(frame, 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-desktop-en-ready');
    await frame.getByTestId('gc-plinko-risk').selectOption('high');
    await expect.poll(() => shownMultipliers(frame)).toEqual(plinkoPop.rules.tenths.high);
    expect(await board.getAttribute('aria-label')).toContain('170×, 24×, 8.1×');
    await expectAtRest(frame, 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-desktop-en-high');
    const drop = frame.getByRole('button', { name: 'Drop', exact: true });
    await drop.focus();
    await drop.press('Enter');
    const dropping = await framesInASecond(frame);
    console.info(`plinko: ${dropping} frames in the first second of the drop`);
    await screenshot(portal.page, 'plinko-pixi-desktop-en-falling');
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^[\d.,]+× — (you won €[\d,.]+|No win)$/);
    // The slot lit is the one whose multiplier was announced.
    const announced = Math.round(Number(/^[\d.]+/.exec((await resultOf(frame)) ?? '')?.[0]) * 10);
    const landed = Number(await board.getAttribute('data-landed'));
    expect(plinkoPop.rules.tenths.high[landed]).toBe(announced);
    await expectAtRest(frame, 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-desktop-en-landed');
  }, 90_000);

  it('phone, Macedonian: a 390 px board shows its multipliers before a drop, drops and says its multiplier in Macedonian', async () => {
    const portal = await suite.open({ viewport: widths.mobile });
    const frame = await openTable(portal, PLINKO, 'mk', 'gc-plinko', 'gc-plinko-board');
    const board = frame.getByTestId('gc-plinko-board');
    await expect.poll(() => shownMultipliers(frame)).toEqual(plinkoPop.rules.tenths.low);
    // Written as Macedonian writes numbers, with a decimal comma (issue 27: the contracts' one formatter).
    expect(await board.getAttribute('data-multipliers')).toContain('0,4×');
    expect(await board.getAttribute('aria-label')).toMatch(/^Табла за плинко; полињата плаќаат, од лево надесно: 10×, 3×, 1[,.]6×/);
    await frame.getByTestId('gc-plinko-risk').selectOption('medium');
    await expect.poll(() => shownMultipliers(frame)).toEqual(plinkoPop.rules.tenths.medium);
    await board.scrollIntoViewIfNeeded();
    await expectAtRest(frame, 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-mobile-mk-ready');
    await frame.getByRole('button', { name: 'Пушти', exact: true }).click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^[\d.,]+× — (освоивте .+|Без добивка)$/);
    const announced = Math.round(Number(/^[\d.,]+/.exec((await resultOf(frame)) ?? '')?.[0]?.replace(',', '.')) * 10);
    expect(plinkoPop.rules.tenths.medium[Number(await board.getAttribute('data-landed'))]).toBe(announced);
    await board.scrollIntoViewIfNeeded();
    await expectAtRest(frame, 'gc-plinko-board');
    await screenshot(portal.page, 'plinko-pixi-mobile-mk-landed');
  }, 90_000);
});

const MINES = 'PA-5002';

describe('Mines on PixiJS (issue 17)', () => {
  it('desktop, English: the tiles drawn under the grid flip by keyboard to an emerald or a mine, the result is announced', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const frame = await openTable(portal, MINES, 'en', 'gc-mines', 'gc-mines-board');
    await screenshot(portal.page, 'mines-pixi-desktop-en-ready');
    await expectAtRest(frame, 'gc-mines-board');
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
      await expect
        .poll(
          async () =>
            (await frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count()) < 25 &&
            (await frame.getByRole('button', { name: 'Start', exact: true }).isDisabled()) === !(await resultOf(frame))?.startsWith('Mine'),
          { timeout: 15_000 },
        )
        .toBe(true);
      if ((await resultOf(frame))?.startsWith('Mine')) break;
    }
    await expectAtRest(frame, 'gc-mines-board');
    await screenshot(portal.page, 'mines-pixi-desktop-en-picked');
    const cashOut = frame.getByRole('button', { name: /^Cash out/ });
    if (await cashOut.isVisible()) await cashOut.click();
    await expect.poll(() => resultOf(frame), { timeout: 15_000 }).toMatch(/^(Mine — No win|[\d.]+× — you won €[\d,.]+)$/);
    await expectAtRest(frame, 'gc-mines-board');
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
    await expectAtRest(frame, 'gc-mines-board');
    await screenshot(portal.page, 'mines-pixi-mobile-mk-ended');
  }, 90_000);
});
