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

describe('game page and game client (PLAY-01…03, PLAY-07…19, PLAY-24, PLAY-25)', () => {
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

  it('PLAY-09…16 DEF-15 the heart adds and removes a favourite; the strip follows; a refusal is a toast', async () => {
    const portal = await openAsPlayer(suite);
    const { page } = portal;
    const favourites = async (): Promise<string[]> => {
      const answer = await portal.context.request.get(`${suite.server.url}/ps/getFavoriteGames?count=50`);
      expect(answer.status()).toBe(200);
      return ((await answer.json()) as { games: { gameId: string }[] }).games.map((game) => game.gameId);
    };
    expect(await favourites()).not.toContain(GAME);
    await portal.visit(`/game?gameId=${GAME}&playForReal=false`);
    const heart = page.getByRole('button', { name: 'Favourite', exact: true });
    await heart.and(page.locator(':not([disabled])')).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    const strip = page.getByTestId('game-page-strip');
    await strip.locator('[data-testid="game-card"]').first().waitFor();
    if ((await strip.getAttribute('data-kind')) === 'popular') {
      expect(await strip.getByRole('heading').textContent()).toBe('Players Love');
      // Players Love suggests other games than the one being played.
      expect(await strip.locator(`[data-testid="game-card"][data-game-id="${GAME}"]`).count()).toBe(0);
    }

    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-testid="game-page-strip"][data-kind="favourites"]').waitFor();
    expect(await strip.getByRole('heading').textContent()).toBe('Your Favourite Games');
    await strip.locator(`[data-testid="game-card"][data-game-id="${GAME}"]`).first().waitFor();
    expect(await favourites()).toContain(GAME);
    await page.screenshot({ path: '/tmp/game-favourite-1280.png', fullPage: true });
    await page.reload();
    await expect.poll(() => page.getByRole('button', { name: 'Favourite', exact: true }).getAttribute('aria-pressed')).toBe('true');

    await heart.and(page.locator(':not([disabled])')).click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await favourites()).not.toContain(GAME);

    // DEF-15: a refused call is told in the page with the server's message, never as an alert.
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    await page.route('**/ps/addFavoriteGame', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ status: 'FAILED', message: 'Favourites are resting right now' }) }),
    );
    await heart.and(page.locator(':not([disabled])')).click();
    await page.getByText('Favourites are resting right now').waitFor();
    expect(await page.getByText('Your favourites could not be changed').count()).toBeGreaterThan(0);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(alerted).toBe(false);
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
