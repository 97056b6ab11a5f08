// First: the server's own import order (the game registry before its kinds), as in production.
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { desc, eq } from 'drizzle-orm';
import type { FrameLocator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { liveRound } from '../../server/db/schema';
import { liveLobbyFrom, tick } from '../../server/games/kinds/live-roulette';
import { screenshot } from '../support/browser';
import { animationFrames } from './game-presentation';
import { signIn, widths } from './wallet-helpers';

/**
 * Live roulette in the game client (issue 16, live tables): the live lobby's launch (gameId 101,
 * real money) opens the shared table; the player stacks a chip and places it by keyboard inside the
 * betting window, gets a receipt, then sees no more bets, the winning number and the settlement,
 * with the round's commitment and revealed seed. The server's own timer is off in tests: the test
 * ticks the table (open at now, close at the window's end) while the client follows the table's
 * events over the WebSocket gateway. The wheel is drawn by PixiJS: the ball spins into the winning
 * pocket before the number is said (placed there at once with reduced motion), and the wheel stops
 * drawing once it rests.
 */

const ENV = { LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: '30', LIVE_ROULETTE_RESULT_SECONDS: '1' };
const table = liveLobbyFrom({ LIVE_LOBBY_GAME_ID: '101', LIVE_ROULETTE_BETTING_SECONDS: 30, LIVE_ROULETTE_RESULT_SECONDS: 1 }).tables[0]!;
const DRIVER = 'browser-live-node';

const suite: PortalSuite = usePortalSuite(ENV);

/** Opens a betting round that is still open by the real clock (after a previous round's result time). */
async function openRound() {
  const [last] = await suite.server.db.select().from(liveRound).where(eq(liveRound.tableId, table.id)).orderBy(desc(liveRound.number)).limit(1);
  const at = new Date(Math.max(Date.now(), (last?.settledAt?.getTime() ?? 0) + 1_000));
  const opened = await tick(suite.server.db, table, DRIVER, at);
  expect(opened).toMatchObject({ driving: true, step: 'opened' });
  return opened.driving ? opened.round : (undefined as never);
}

async function openLive(portal: Portal): Promise<FrameLocator> {
  await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
  await portal.visit('/game-page?gameId=101&platform=EMERALD_LIVE&playForReal=true');
  await portal.page.getByTestId('game-frame').waitFor();
  const frame = portal.page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('gc-live-roulette').waitFor();
  await expect.poll(() => frame.getByTestId('gc-live-roulette').getAttribute('data-connected')).toBe('true');
  return frame;
}

async function journey(
  portal: Portal,
  words: {
    red: string;
    place: string;
    noMore: string;
    result: RegExp;
    accepted: string;
    settled: RegExp;
    seed: string;
    commitment: string;
    motion: 'full' | 'reduced';
  },
  name: string,
) {
  const round = await openRound();
  const frame = await openLive(portal);
  // The wheel is drawn by PixiJS (it names its renderer), told whether motion is reduced, and at rest until the result.
  const wheel = frame.getByTestId('gc-wheel');
  await expect.poll(() => wheel.getAttribute('data-renderer'), { timeout: 15_000 }).toMatch(/^(webgl|webgpu|canvas)$/);
  expect(await wheel.getAttribute('data-motion')).toBe(words.motion);
  await expect.poll(() => wheel.getAttribute('data-stage')).toBe('idle');
  await expect.poll(() => frame.getByTestId('gc-live-countdown').textContent()).toMatch(/\d/);
  expect(await frame.getByTestId('gc-live-commitment').textContent()).toContain(round.serverSeedHash);
  expect(await frame.getByTestId('gc-live-commitment').textContent()).toContain(words.commitment);
  const before = await frame.getByTestId('gc-game-balance').textContent();

  // By keyboard: a chip on red, then the place button.
  await frame.getByRole('button', { name: words.red, exact: true }).press('Enter');
  await frame.getByRole('button', { name: words.place }).press('Enter');
  await expect.poll(() => frame.getByTestId('gc-live-receipt').count()).toBe(1);
  expect(await frame.getByTestId('gc-live-receipt').textContent()).toContain(words.accepted);
  await expect.poll(() => frame.getByTestId('gc-game-balance').textContent()).not.toBe(before);
  await screenshot(portal.page, `live-roulette-bet-${name}`);

  // The window's end by the server's clock: no more bets, the draw, the settlement.
  await tick(suite.server.db, table, DRIVER, round.closesAt);
  if (words.motion === 'full') {
    // The result wakes the wheel: the ball runs round the track before the number is said.
    await expect.poll(() => wheel.getAttribute('data-stage'), { timeout: 15_000 }).toBe('running');
    await wheel.scrollIntoViewIfNeeded();
    // The ball on its way for the picture: twenty frames of the run drawn.
    await animationFrames(frame, 20);
    await screenshot(portal.page, `live-roulette-spinning-${name}`);
  }
  await expect.poll(() => frame.getByTestId('gc-live-log').textContent(), { timeout: 15_000 }).toMatch(words.result);
  expect(await frame.getByTestId('gc-live-log').textContent()).toContain(words.noMore);
  const [settled] = await suite.server.db.select().from(liveRound).where(eq(liveRound.id, round.id));
  // The number is said once the drawn wheel's ball rests in its pocket; then the wheel stops drawing.
  expect(await wheel.getAttribute('data-number')).toBe(String(settled!.result));
  await expect.poll(() => wheel.getAttribute('data-stage')).toBe('idle');
  expect(await frame.getByTestId('gc-live-status').getAttribute('aria-live')).toBe('assertive');
  expect(await frame.getByTestId('gc-live-status').textContent()).toContain(String(settled!.result));
  await expect.poll(() => frame.getByTestId('gc-live-receipt').textContent()).toMatch(words.settled);
  expect(await frame.getByTestId('gc-live-seed').textContent()).toContain(settled!.serverSeed);
  expect(await frame.getByTestId('gc-live-seed').textContent()).toContain(words.seed);
  await frame.getByTestId('gc-live-status').scrollIntoViewIfNeeded();
  await screenshot(portal.page, `live-roulette-result-${name}`);
  await wheel.scrollIntoViewIfNeeded();
  await screenshot(portal.page, `live-roulette-wheel-${name}`);
}

describe('live roulette (issue 16, live tables)', () => {
  it('a player launches the live table (gameId 101), places a bet inside the window and sees no more bets, the result and the settlement; desktop, English', async () => {
    const portal = await signIn(suite, 'demo.player', widths.desktop);
    await journey(
      portal,
      {
        red: 'Bet on red',
        place: 'Place bets',
        noMore: 'No more bets',
        result: /The winning number is \d+/,
        accepted: 'accepted at',
        settled: /you won|No win/,
        seed: 'Revealed server seed',
        commitment: 'commitment',
        motion: 'full',
      },
      'desktop-en',
    );
  }, 120_000);

  it('the same round on a phone, in Macedonian, with reduced motion asked for (the ball is placed in its pocket at once)', async () => {
    const portal = await signIn(suite, 'demo.player', widths.mobile);
    await portal.page.emulateMedia({ reducedMotion: 'reduce' });
    await portal.context.addCookies([{ name: 'LANG', value: 'mk', url: suite.server.url }]);
    await journey(
      portal,
      {
        red: 'Облог на црвено',
        place: 'Постави облози',
        noMore: 'Нема повеќе облози',
        result: /Добитниот број е \d+/,
        accepted: 'прифатено во',
        settled: /освоивте|Без добивка/,
        seed: 'Откриено серверско семе',
        commitment: 'Обврска',
        motion: 'reduced',
      },
      'mobile-mk',
    );
  }, 120_000);
});
