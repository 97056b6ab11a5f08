import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lockPlayer } from '../../server/platform/limits/locks.service';
import { endAllSessions } from '../../server/platform/session';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal, type PortalSuite, widerThanPage } from './portal';
import { widths } from './wallet-helpers';

/**
 * Issue 26 defect 4 (RG-51, RG-60, DEF-11): a player on a time-out signs in to a restricted view —
 * the notice with the time-out's end, the balance, withdrawal, responsible gaming and support —
 * and is offered no games and no deposit. Against the real server; desktop in English, phone in
 * Macedonian.
 */

const suite = usePortalSuite();

/** A funded player with demo.player's password, on a two-week time-out (which ended every session). */
async function timedOutPlayer(server: PortalSuite['server']): Promise<{ username: string; endsAt: Date }> {
  const username = `timeout_web_${Date.now()}`;
  const { partyId } = await server.createSignedInPlayer({ currencies: ['EUR'], username });
  await server.db.execute(sql`UPDATE player SET password_hash = (SELECT password_hash FROM player WHERE username = 'demo.player') WHERE id = ${partyId}`);
  await server.fundPlayer(partyId, 12_345n);
  const { endsAt } = await lockPlayer(server.db, partyId, { lockType: 'TIMEOUT', lockPeriodUnit: 'WEEK', lockPeriod: 2 }, endAllSessions);
  return { username, endsAt };
}

async function opened(viewport: { width: number; height: number }, language?: 'mk'): Promise<Portal> {
  const portal = await suite.open({ viewport });
  const cookies = [{ name: 'COOKIES_ACCEPTED', value: 'true', url: suite.server.url }];
  if (language) cookies.push({ name: 'LANG', value: language, url: suite.server.url });
  await portal.context.addCookies(cookies);
  return portal;
}

describe('a player on a time-out (issue 26 defect 4)', () => {
  it('RG-51 RG-60 DEF-11 signs in at 1280 px to the restricted view: the notice with the end, the balance, withdrawal; no games, no deposit', async () => {
    const { username, endsAt } = await timedOutPlayer(suite.server);
    const portal = await opened(widths.desktop);
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('visitor-actions').getByRole('button', { name: 'LOG IN' }).click();
    const form = page.getByTestId('login-form');
    await form.getByRole('textbox', { name: 'Username or e-mail' }).fill(username);
    await form.locator('input[name="password"]').fill('emerald-demo-1');
    await form.getByRole('button', { name: 'LOG IN' }).click();

    const notice = page.getByTestId('restricted-notice');
    await notice.waitFor();
    const said = (await notice.textContent()) ?? '';
    expect(said).toContain('You are on a time-out until');
    expect(said).toContain(String(endsAt.getFullYear()));
    expect(said).toContain('You can see your balance, withdraw, use responsible gaming tools and contact support.');
    expect(await notice.getAttribute('data-restricted-until')).toBe(endsAt.toISOString());

    // The home page (games) is not offered: the restricted view is, with the balance.
    const view = page.getByTestId('restricted-view');
    await view.waitFor();
    await page.getByTestId('header-balance-amount').waitFor();
    expect(await page.getByTestId('header-balance-amount').textContent()).toContain('123.45');
    await expect.poll(async () => page.getByTestId('restricted-withdrawable').textContent()).toContain('123.45');
    await page.getByTestId('login-form').waitFor({ state: 'detached' });
    await page.evaluate('document.fonts.ready');
    await screenshot(page, 'restricted-session-desktop-en');

    // No games and no deposit anywhere in the header; WITHDRAW instead.
    const header = page.getByTestId('site-header');
    expect(await header.getByRole('link', { name: 'Games' }).count()).toBe(0);
    expect(await page.getByTestId('header-deposit').count()).toBe(0);
    await page.getByTestId('header-withdraw').waitFor();
    // A games address shows the restricted view, not the games.
    await portal.visit('/play');
    await page.getByTestId('restricted-view').waitFor();
    expect(await page.locator('[data-testid^="game-tile"]').count()).toBe(0);

    // Withdraw opens the wallet on Withdrawal, with no Deposit or Bonuses tab.
    await page.getByTestId('restricted-withdraw').click();
    const wallet = page.getByTestId('wallet');
    await wallet.waitFor();
    expect(await wallet.getAttribute('data-tab')).toBe('withdrawal');
    expect(await wallet.getByTestId('wallet-tab-deposit').count()).toBe(0);
    expect(await wallet.getByTestId('wallet-tab-bonuses').count()).toBe(0);
    await wallet.getByTestId('wallet-tab-withdrawal').waitFor();
    await page.evaluate('document.fonts.ready');
    await screenshot(page, 'restricted-session-desktop-en-wallet');

    // The responsible gaming tools stay open.
    await page.getByTestId('wallet-close').click();
    await portal.visit('/account?tab=responsible-gaming');
    await page.getByTestId('rg-limits').waitFor();
    expect(await page.getByTestId('restricted-view').count()).toBe(0);
    await page.getByTestId('restricted-notice').waitFor();
  }, 120_000);

  it('I18N-03 the restricted view at 390 px in Macedonian', async () => {
    const { username } = await timedOutPlayer(suite.server);
    const portal = await opened(widths.mobile, 'mk');
    const { page } = portal;
    const answer = await portal.context.request.post(`${suite.server.url}/ps/login`, { data: { username, password: 'emerald-demo-1' } });
    expect(answer.ok()).toBe(true);
    expect(((await answer.json()) as { restrictedUntil?: string }).restrictedUntil).toBeTruthy();
    await portal.visit('/');
    await page.locator('html[lang="mk"]').waitFor({ state: 'attached' });
    const notice = page.getByTestId('restricted-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('На пауза сте до');
    await page.getByTestId('restricted-view').waitFor();
    await expect.poll(async () => page.getByTestId('restricted-withdrawable').textContent()).toContain('123,45\u00a0€');
    expect(await page.getByTestId('header-deposit').count()).toBe(0);
    // Nothing runs off the side of a phone.
    expect(await widerThanPage(page)).toEqual([]);
    await page.evaluate('document.fonts.ready');
    await screenshot(page, 'restricted-session-mobile-mk');
  }, 120_000);
});
