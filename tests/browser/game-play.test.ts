import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePortalSuite } from './portal';
import { headerBalance, minorUnitsOf, openAsPlayer, waitForHeaderBalance, widths } from './wallet-helpers';

/** A free-to-play 5×3 line slot of the demo catalogue. */
const GAME = 'SR-1001';
const GAME_NAME = 'Emerald Isle Riches';

async function gameFrame(page: Page): Promise<FrameLocator> {
  await page.getByTestId('game-frame').waitFor();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('gc-table').waitFor();
  return frame;
}

async function spinOnce(frame: FrameLocator): Promise<{ before: bigint; after: bigint; stake: bigint; win: bigint; result: string }> {
  const before = minorUnitsOf(await frame.getByTestId('gc-balance').textContent());
  const stake = minorUnitsOf(await frame.getByTestId('gc-stake').locator('option:checked').textContent());
  const previous = await frame.getByTestId('gc-result').textContent();
  await frame.getByRole('button', { name: 'Spin' }).click();
  await frame.getByRole('button', { name: 'Spin' }).and(frame.locator(':not([disabled])')).waitFor();
  const result = (await frame.getByTestId('gc-result').textContent()) ?? '';
  expect(result === '' || result === previous ? 'unchanged' : 'shown').toBe('shown');
  const after = minorUnitsOf(await frame.getByTestId('gc-balance').textContent());
  const win = minorUnitsOf(await frame.getByTestId('gc-last-win').textContent());
  return { before, after, stake, win, result };
}

describe('game page and game client (PLAY-01…03, PLAY-07, PLAY-08, PLAY-17…19, PLAY-24, PLAY-25)', () => {
  const suite = usePortalSuite();

  it('PLAY-19 a visitor opening a game from /play is asked to log in; real play leads to /login', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const { page } = portal;
    await portal.visit('/play');
    await page.locator(`[data-testid="game-card"][data-game-id="${GAME}"]`).first().click();
    await page.waitForURL((url) => url.pathname === '/game' && url.searchParams.get('gameId') === GAME);
    expect(await page.getByTestId('game-page-title').textContent()).toBe(`Playing ${GAME_NAME}`);
    await page.getByTestId('game-page-visitor').waitFor();
    expect(await page.getByTestId('game-page-back').getAttribute('href')).toBe('/play');
    expect(await page.getByTestId('game-page-close').getAttribute('href')).toBe('/play');
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('PLAY-18 free play: the client loads in the frame, spins and moves the virtual balance', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    await portal.visit(`/game-info?game_id=${GAME}`);
    await page.getByTestId('game-info-play-free').click();
    await page.waitForURL((url) => url.searchParams.get('playForReal') === 'false');
    const frame = await gameFrame(page);
    expect(await frame.getByTestId('gc-mode').textContent()).toBe('Free play');
    expect(await frame.getByTestId('gc-title').textContent()).toBe(GAME_NAME);
    // The single-use token leaves the frame's address at once.
    const frameUrl = await page.frames().find((candidate) => candidate.url().includes('/gs/play/'))?.url();
    expect(frameUrl).toBeDefined();
    expect(frameUrl).not.toContain('token=');
    expect(await frame.getByTestId('gc-commitment').textContent()).toMatch(/^[0-9a-f]{64}$/);
    // The client page: the CSP forbids inline script, and it has none; only its own files are served under /gs/assets.
    const served = await portal.context.request.get(`${suite.server.url}/gs/play/${GAME}`);
    expect(served.headers()['content-security-policy']).toContain("script-src 'self'");
    const html = await served.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const script = /src="\.\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    expect((await portal.context.request.get(`${suite.server.url}/gs/assets/${script}`)).status()).toBe(200);
    expect((await portal.context.request.get(`${suite.server.url}/gs/assets/not-the-client.js`)).status()).toBe(404);
    const before = await headerBalance(page);
    const round = await spinOnce(frame);
    expect(round.result).toMatch(/^(No win|Win €)/);
    expect(round.after).toBe(round.before - round.stake + round.win);
    // Free play leaves the wallet alone.
    expect(await headerBalance(page)).toBe(before);
  });

  it('PLAY-17 real play: the game balance moves by −stake + win and the header balance follows; rounds verify after a seed rotation', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    const header = await headerBalance(page);
    await page.getByRole('button', { name: 'Accept' }).click();
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    // Without gameName in the query the catalogue names the game.
    await expect.poll(() => page.getByTestId('game-page-title').textContent()).toBe(`Playing ${GAME_NAME}`);
    const frame = await gameFrame(page);
    expect(await frame.getByTestId('gc-mode').isHidden()).toBe(true);
    const round = await spinOnce(frame);
    expect(round.after).toBe(round.before - round.stake + round.win);
    await waitForHeaderBalance(page, header - round.stake + round.win);
    await page.screenshot({ path: '/tmp/game-real-1280.png' });

    await frame.getByRole('link', { name: 'Verify rounds' }).click();
    await frame.getByTestId('gc-round').first().waitFor();
    await frame.getByRole('button', { name: 'Rotate seed' }).click();
    await expect.poll(() => frame.getByTestId('gc-round-check').first().textContent(), { timeout: 10_000 }).toBe('verified');
    await page.screenshot({ path: '/tmp/game-verify-1280.png' });

    await page.getByTestId('game-page-zoom-in').click();
    await page.locator('[data-testid="game-page"][data-zoomed="true"]').waitFor();
    expect(await page.getByTestId('player-actions').isVisible()).toBe(false);
    await page.getByTestId('game-page-zoom-out').click();
    await page.getByTestId('player-actions').waitFor();
    await page.getByTestId('game-page-close').click();
    await page.waitForURL((url) => url.pathname === '/play');
  });

  it('real play at 390 px', async () => {
    const portal = await openAsPlayer(suite, 'demo.player', widths.mobile);
    const { page } = portal;
    await page.getByRole('button', { name: 'Accept' }).click();
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    const frame = await gameFrame(page);
    await spinOnce(frame);
    await page.screenshot({ path: '/tmp/game-real-390.png' });
  });

  it('PLAY-24 a player who is not verified is told why real play is refused', async () => {
    const portal = await openAsPlayer(suite, 'demo.review');
    const { page } = portal;
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    const error = page.getByTestId('game-page-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('User account registration is incomplete. Your user account is Unverified and with incomplete data.');
  });
});
