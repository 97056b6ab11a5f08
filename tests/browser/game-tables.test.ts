import { eq } from 'drizzle-orm';
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { player } from '../../server/db/schema';
import { usePortalSuite, type Portal } from './portal';
import { minorUnitsOf, openAsPlayer } from './wallet-helpers';

const ROULETTE = 'NT-4001';
const BLACKJACK = 'NT-4002';
const SLOT = 'SR-1001';
const PLINKO = 'PA-5001';
const MINES = 'PA-5002';

async function openGame(portal: Portal, gameId: string, ready: string): Promise<FrameLocator> {
  const { page } = portal;
  await portal.visit(`/game-page?gameId=${gameId}&playForReal=true`);
  await page.getByTestId('game-frame').waitFor();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId(ready).waitFor();
  return frame;
}

async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept' });
  if (await accept.isVisible()) await accept.click();
}

const resultText = (frame: FrameLocator) => frame.getByTestId('gc-game-result').textContent();

describe('table games in the game client: roulette, blackjack and the GB play rules', () => {
  const suite = usePortalSuite();

  it('roulette for real: a straight and an even-money bet, one spin, the result and the balance follow', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    await acceptCookies(page);
    const frame = await openGame(portal, ROULETTE, 'gc-roulette');
    expect(await frame.getByTestId('gc-net').textContent()).toBe('€0.00');
    await frame.getByTestId('gc-game-stake').selectOption({ index: 2 });
    const chip = minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent());
    await frame.getByRole('button', { name: 'Bet on 17 black', exact: true }).click();
    await frame.getByRole('button', { name: 'Bet on red', exact: true }).click();
    expect(await frame.getByTestId('gc-rl-bet').count()).toBe(2);
    const before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    await page.screenshot({ path: '/tmp/table-roulette-bets.png' });
    await frame.getByRole('button', { name: 'Spin', exact: true }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^\d{1,2} (red|black|green) — (you won €[\d,.]+|No win)$/);
    const result = (await resultText(frame)) ?? '';
    const number = Number(/^\d+/.exec(result)?.[0]);
    const red = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
    const expectedWin = (number === 17 ? chip * 36n : 0n) + (red.has(number) ? chip * 2n : 0n);
    const shownWin = result.includes('you won') ? minorUnitsOf(result.split('you won')[1] ?? '') : 0n;
    expect(shownWin).toBe(expectedWin);
    const after = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    expect(after).toBe(before - chip * 2n + expectedWin);
    const net = (await frame.getByTestId('gc-net').textContent()) ?? '';
    expect(minorUnitsOf(net) * (net.startsWith('−') ? -1n : 1n)).toBe(expectedWin - chip * 2n);
    await page.screenshot({ path: '/tmp/table-roulette.png' });
    // The bets stay on the table for the next spin and can be cleared.
    await frame.getByRole('button', { name: 'Clear bets' }).click();
    expect(await frame.getByTestId('gc-rl-bet').count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'Spin', exact: true }).isDisabled()).toBe(true);
  });

  it('blackjack for real: deal, act until the round ends, the result is shown', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    await acceptCookies(page);
    const frame = await openGame(portal, BLACKJACK, 'gc-blackjack');
    await frame.getByRole('button', { name: 'Deal' }).click();
    await expect.poll(() => frame.getByTestId('gc-card').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: '/tmp/table-blackjack-deal.png' });
    for (let step = 0; step < 12; step++) {
      const result = (await resultText(frame)) ?? '';
      if (/ — (you won|No win)/.test(result)) break;
      const actions = frame.getByTestId('gc-actions').getByRole('button');
      await expect.poll(() => actions.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      const names = await actions.allTextContents();
      const choice = names.includes('Stand') ? 'Stand' : names.includes('No insurance') ? 'No insurance' : (names[0] ?? '');
      await frame.getByTestId('gc-actions').getByRole('button', { name: choice, exact: true }).click();
      await expect.poll(async () => (await resultText(frame)) !== result || (await actions.count()) === 0, { timeout: 10_000 }).toBe(true);
    }
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^(Blackjack|Win|Push|Lose|Bust)(, (Blackjack|Win|Push|Lose|Bust))* — dealer \d+ — (you won €[\d,.]+|No win)$/);
    expect(await frame.getByTestId('gc-actions').getByRole('button').count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'Deal' }).isEnabled()).toBe(true);
    await page.screenshot({ path: '/tmp/table-blackjack.png' });
  });

  it('plinko and mines for real: a drop, then a pick and a cash-out', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    await acceptCookies(page);
    let frame = await openGame(portal, PLINKO, 'gc-plinko');
    await frame.getByTestId('gc-plinko-risk').selectOption('high');
    const before = minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent());
    const stake = minorUnitsOf(await frame.getByTestId('gc-game-stake').locator('option:checked').textContent());
    await frame.getByRole('button', { name: 'Drop' }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^[\d.,]+× — (you won €[\d,.]+|No win)$/);
    const result = (await resultText(frame)) ?? '';
    const win = result.includes('you won') ? minorUnitsOf(result.split('you won')[1] ?? '') : 0n;
    expect(minorUnitsOf(await frame.getByTestId('gc-game-balance').textContent())).toBe(before - stake + win);
    await page.screenshot({ path: '/tmp/table-plinko.png' });

    frame = await openGame(portal, MINES, 'gc-mines');
    await frame.getByRole('button', { name: 'Start' }).click();
    await frame.getByRole('button', { name: 'Cell 1-1', exact: true }).and(frame.locator(':not([disabled])')).waitFor();
    await frame.getByRole('button', { name: 'Cell 1-1', exact: true }).click();
    await expect.poll(() => frame.getByTestId('gc-mines-grid').locator('[data-state="hidden"]').count(), { timeout: 10_000 }).toBeLessThan(25);
    if (await frame.getByRole('button', { name: /^Cash out/ }).isVisible()) await frame.getByRole('button', { name: /^Cash out/ }).click();
    await expect.poll(() => resultText(frame), { timeout: 10_000 }).toMatch(/^(Mine — No win|[\d.]+× — you won €[\d,.]+)$/);
    await page.screenshot({ path: '/tmp/table-mines.png' });
  });

  it('GB rules: spins are at least 2.5 s apart, net position and session time are shown', async () => {
    await suite.server.db.update(player).set({ country: 'GB' }).where(eq(player.username, 'demo.player'));
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    await acceptCookies(page);
    const frame = await openGame(portal, SLOT, 'gc-table');
    const spin = frame.getByRole('button', { name: 'Spin' });
    await frame.getByTestId('gc-status').waitFor();
    expect(await frame.getByTestId('gc-net').textContent()).toBe('€0.00');
    const clicked = Date.now();
    await spin.click();
    await expect.poll(() => frame.getByTestId('gc-result').textContent(), { timeout: 10_000 }).toMatch(/^(No win|Win €)/);
    // The reels have stopped, yet the next spin waits for the interval.
    await page.waitForTimeout(300);
    if (Date.now() - clicked < 2_200) expect(await spin.isDisabled()).toBe(true);
    await spin.and(frame.locator(':not([disabled])')).waitFor({ timeout: 10_000 });
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(2_400);
    expect(await frame.getByTestId('gc-net').textContent()).toMatch(/^(\+|−)?€[\d,.]+$/);
    const elapsed = await frame.getByTestId('gc-elapsed').textContent();
    expect(elapsed).toMatch(/^\d+:\d{2}$/);
    await expect.poll(() => frame.getByTestId('gc-elapsed').textContent(), { timeout: 3_000 }).not.toBe(elapsed);
    await page.screenshot({ path: '/tmp/table-slot-gb.png' });
  });
});
