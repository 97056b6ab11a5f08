import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal, type PortalSuite } from './portal';
import { headerBalance, minorUnitsOf, openAsPlayer, signIn, waitForHeaderBalance, widths } from './wallet-helpers';

/** A free-to-play 5×3 line slot of the demo catalogue. */
const GAME = 'SR-1001';
const GAME_NAME = 'Emerald Isle Riches';
/** Another free-to-play slot, for the second window. */
const SECOND_GAME = 'HL-2002';
const SECOND_GAME_NAME = 'Lighthouse Keeper';
/** A game id neither the studio catalogue nor the content publishes. */
const WITHDRAWN_GAME = 'SR-0999';

async function gameFrame(page: Page): Promise<FrameLocator> {
  await page.getByTestId('game-frame').waitFor();
  const frame = page.frameLocator('[data-testid="game-frame"]');
  await frame.getByTestId('gc-table').waitFor();
  return frame;
}

/** The cookie notice answered already (by its cookie), as a returning player has it: it would cover the game. */
async function cookiesAccepted(suite: PortalSuite, portal: Portal): Promise<void> {
  await portal.context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }]);
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

describe('game page and game client (PLAY-01…19, PLAY-24, PLAY-25)', () => {
  // The rules of the page and the client (modes, balances, windows), not the reels' animations (slot-presentation's): reduced motion.
  const suite = usePortalSuite({}, { motion: 'reduced' });

  it('PLAY-18 PLAY-19 a visitor opening a game from /play gets free play; real play leads to /login', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const { page } = portal;
    await portal.visit('/play');
    await page.locator(`[data-testid="game-card"][data-game-id="${GAME}"]`).first().click();
    await page.waitForURL((url) => url.pathname === '/game' && url.searchParams.get('gameId') === GAME);
    expect(await page.getByTestId('game-page-title').textContent()).toBe(`Playing ${GAME_NAME}`);
    // PLAY-18: no session, so the game opens in free play.
    await page.locator('[data-testid="game-page"][data-mode="free"]').waitFor();
    expect(await (await gameFrame(page)).getByTestId('gc-mode').textContent()).toBe('Free play');
    expect(await page.getByTestId('game-page-back').getAttribute('href')).toBe('/play');
    expect(await page.getByTestId('game-page-close').getAttribute('href')).toBe('/play');
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('PLAY-18 a visitor plays a free game: free play in the frame, spins move the virtual balance', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    const { page } = portal;
    await portal.visit(`/game?gameId=${GAME}&playForReal=false`);
    const frame = await gameFrame(page);
    expect(await frame.getByTestId('gc-mode').textContent()).toBe('Free play');
    expect(minorUnitsOf(await frame.getByTestId('gc-balance').textContent())).toBe(100_000n);
    const round = await spinOnce(frame);
    expect(round.before).toBe(100_000n);
    expect(round.after).toBe(round.before - round.stake + round.win);
    expect(round.after === round.before ? 'unchanged' : 'changed').toBe(round.win === round.stake ? 'unchanged' : 'changed');
    // The visitor's game identity lives only in the game server's HttpOnly cookie, on /gs.
    const gameCookie = (await portal.context.cookies(`${suite.server.url}/gs/`)).find((cookie) => cookie.name === 'GS_SESSION');
    expect(gameCookie).toMatchObject({ httpOnly: true, path: '/gs', sameSite: 'Strict' });
    expect(page.url()).not.toContain(gameCookie!.value);
    await page.screenshot({ path: '/tmp/game-visitor-free-1280.png' });
  });

  it('PLAY-18 free play: the client loads in the frame, spins and moves the virtual balance', async () => {
    // Signed in on a fresh profile; the game's page is the first one loaded.
    const portal = await signIn(suite);
    const { page } = portal;
    await portal.visit(`/game-info?game_id=${GAME}`);
    await page.getByTestId('game-info-play-free').click();
    await page.waitForURL((url) => url.searchParams.get('playForReal') === 'false');
    const frame = await gameFrame(page);
    expect(await frame.getByTestId('gc-mode').textContent()).toBe('Free play');
    expect(await frame.getByTestId('gc-title').textContent()).toBe(GAME_NAME);
    // The single-use token leaves the frame's address at once.
    const frameUrl = await page
      .frames()
      .find((candidate) => candidate.url().includes('/gs/play/'))
      ?.url();
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
    await page.getByTestId('player-actions').waitFor({ state: 'hidden' });
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
    // The heart is disabled until the player's favourites have answered; then it shows them.
    await heart.and(page.locator(':not([disabled])')).waitFor();
    expect(await heart.getAttribute('aria-pressed')).toBe('true');

    await heart.and(page.locator(':not([disabled])')).click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    expect(await favourites()).not.toContain(GAME);

    // DEF-15: a refused call is told in the page with the server's message, never as an alert.
    let alerted = false;
    page.on('dialog', (dialog) => {
      alerted = true;
      void dialog.dismiss();
    });
    // The server refuses a favourite for a game it does not know: the page of a game that has
    // left the catalogue (an old bookmark, a withdrawn title) still shows the heart.
    await portal.visit(`/game?gameId=${WITHDRAWN_GAME}&playForReal=false`);
    await heart.and(page.locator(':not([disabled])')).waitFor();
    const refused = page.waitForResponse((response) => new URL(response.url()).pathname === '/ps/addFavoriteGame');
    await heart.click();
    expect((await refused).status()).toBe(404);
    await page.getByText(`No game ${WITHDRAWN_GAME}`, { exact: true }).waitFor();
    expect(await page.getByText('Your favourites could not be changed').count()).toBeGreaterThan(0);
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    expect(await favourites()).not.toContain(WITHDRAWN_GAME);
    expect(alerted).toBe(false);
  });

  it('real play at 390 px', async () => {
    const portal = await signIn(suite, 'demo.player', widths.mobile);
    const { page } = portal;
    await cookiesAccepted(suite, portal);
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    const frame = await gameFrame(page);
    await spinOnce(frame);
    await page.screenshot({ path: '/tmp/game-real-390.png' });
  });

  it('PLAY-24 a player who is not verified is told why real play is refused', async () => {
    const portal = await signIn(suite, 'demo.review');
    const { page } = portal;
    await portal.visit(`/game-page?gameId=${GAME}&playForReal=true`);
    const error = page.getByTestId('game-page-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('User account registration is incomplete. Your user account is Unverified and with incomplete data.');
  });

  it('PLAY-04 PLAY-05 PLAY-06 a second game opens beside the first, plays, and the single-window button closes it', async () => {
    const portal = await signIn(suite);
    const { page } = portal;
    await cookiesAccepted(suite, portal);
    await portal.visit(`/game?gameId=${GAME}&playForReal=false`);
    await gameFrame(page);
    const picker = page.getByLabel('Second game');
    expect(await picker.locator('option:checked').textContent()).toBe('Please select a game');
    // The game being played is not offered again; other slots are (IE rules).
    expect(await picker.locator(`option[value="${GAME}"]`).count()).toBe(0);
    expect(await picker.locator(`option[value="${SECOND_GAME}"]`).count()).toBe(1);
    expect(await page.getByTestId('second-game-slot-rule').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Single window' }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/game-second-picker-1280.png' });

    await picker.selectOption(SECOND_GAME);
    await expect.poll(() => page.getByTestId('game-page-title').textContent()).toBe(`Playing ${GAME_NAME} & second game`);
    // The tab's title follows in an effect, after the heading is drawn.
    await expect.poll(() => page.title()).toContain(`Playing ${GAME_NAME} & second game`);
    await page.locator('[data-testid="game-page"][data-windows="2"]').waitFor();
    await page.getByTestId('second-game-frame').waitFor();
    expect(await page.locator('iframe').count()).toBe(2);
    const second = page.frameLocator('[data-testid="second-game-frame"]');
    await second.getByTestId('gc-table').waitFor();
    expect(await second.getByTestId('gc-title').textContent()).toBe(SECOND_GAME_NAME);
    // Side by side at 1280 px.
    const [left, right] = await Promise.all([page.getByTestId('game-frame').boundingBox(), page.getByTestId('second-game-frame').boundingBox()]);
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);
    const round = await spinOnce(second);
    expect(round.after).toBe(round.before - round.stake + round.win);
    // The first window plays on beside it.
    const first = await gameFrame(page);
    expect(await first.getByTestId('gc-title').textContent()).toBe(GAME_NAME);
    const firstWindow = await page.getByTestId('game-frame').elementHandle();
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: '/tmp/game-second-1280.png' });

    await page.getByRole('button', { name: 'Single window' }).click();
    await page.locator('[data-testid="game-page"][data-windows="1"]').waitFor();
    expect(await page.getByTestId('second-game-frame').count()).toBe(0);
    expect(await page.locator('iframe').count()).toBe(1);
    expect(await page.getByTestId('game-page-title').textContent()).toBe(`Playing ${GAME_NAME}`);
    expect(await picker.inputValue()).toBe('');
    // The first game was not relaunched: its window (and game session) stayed.
    expect(await firstWindow!.evaluate((element) => element.isConnected)).toBe(true);
    await page.screenshot({ path: '/tmp/game-single-1280.png' });
  });

  it('PLAY-05 at 390 px the two windows are stacked', async () => {
    const portal = await signIn(suite, 'demo.player', widths.mobile);
    const { page } = portal;
    await cookiesAccepted(suite, portal);
    await portal.visit(`/game?gameId=${GAME}&playForReal=false`);
    await gameFrame(page);
    await page.screenshot({ path: '/tmp/game-second-picker-390.png' });
    await page.getByLabel('Second game').selectOption('NT-4001');
    await page.frameLocator('[data-testid="second-game-frame"]').getByTestId('gc-roulette').waitFor();
    const [top, bottom] = await Promise.all([page.getByTestId('game-frame').boundingBox(), page.getByTestId('second-game-frame').boundingBox()]);
    expect(bottom!.y).toBeGreaterThanOrEqual(top!.y + top!.height);
    expect(Math.abs(bottom!.x - top!.x)).toBeLessThan(2);
    await page.screenshot({ path: '/tmp/game-second-390.png' });
    await page.getByTestId('second-game-frame').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/game-second-390-scrolled.png' });
  });

  it('GB no two slots side by side: a GB player at a slot is offered no second slot, and told why', async () => {
    // demo.twocurrency lives in Belfast (country GB).
    const portal = await signIn(suite, 'demo.twocurrency');
    const { page } = portal;
    await portal.visit(`/game?gameId=${GAME}&playForReal=false`);
    await gameFrame(page);
    const picker = page.getByLabel('Second game');
    await page.getByTestId('second-game-slot-rule').waitFor();
    expect(await page.getByTestId('second-game-slot-rule').textContent()).toBe(
      'UK rules allow one slot game at a time, so slots are not offered beside this slot.',
    );
    expect(await picker.getAttribute('aria-describedby')).toBe(await page.getByTestId('second-game-slot-rule').getAttribute('id'));
    const offered = await picker.locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? '').filter(Boolean));
    expect(offered).toContain('NT-4001');
    for (const slot of [SECOND_GAME, 'SR-1002', 'HL-3002']) expect(offered).not.toContain(slot);
    await page.screenshot({ path: '/tmp/game-second-gb-1280.png' });
    // A table game beside the slot is fine.
    await picker.selectOption('NT-4001');
    await page.frameLocator('[data-testid="second-game-frame"]').getByTestId('gc-roulette').waitFor();
    expect(await page.getByTestId('game-page-title').textContent()).toBe(`Playing ${GAME_NAME} & second game`);

    // At a table game, one slot may be chosen beside it.
    await portal.visit('/game?gameId=NT-4001&playForReal=false');
    await page.getByTestId('game-frame').waitFor();
    await page.getByLabel('Second game').locator(`option[value="${SECOND_GAME}"]`).waitFor({ state: 'attached' });
    expect(await page.getByTestId('second-game-slot-rule').count()).toBe(0);
  });

  describe('under UK rules (a server with VISITOR_JURISDICTION=GB)', () => {
    // Its own server: the visitor's jurisdiction is the node's setting, as in tests/api/game-visitor-free-play.test.ts.
    const gbSuite = usePortalSuite({ VISITOR_JURISDICTION: 'GB' });

    it('PLAY-18 a visitor refused by UK rules (age verification before free play) is told so, with log in and join', async () => {
      const portal = await gbSuite.open({ viewport: widths.desktop });
      const { page } = portal;
      const launched = page.waitForResponse((response) => new URL(response.url()).pathname === '/gs/launch');
      await portal.visit(`/game?gameId=${GAME}&playForReal=false`);
      expect((await launched).status()).toBe(403);
      const refused = page.getByTestId('game-page-visitor');
      await refused.waitFor();
      expect(await refused.getAttribute('data-status')).toBe('AGE_VERIFICATION_REQUIRED');
      expect(await refused.locator('p').textContent()).toBe('UK rules require age verification before free play. Log in or join Emerald to play this game.');
      expect(await refused.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
      expect(await refused.getByRole('link', { name: 'Join' }).count()).toBe(1);
      expect(await page.getByTestId('game-frame').count()).toBe(0);
      await page.screenshot({ path: '/tmp/game-visitor-gb-1280.png' });
      await refused.getByRole('link', { name: 'Log in' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
    });
  });
});
