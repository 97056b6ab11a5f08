import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedDemoBonusPlans } from '../../server/seed/demo/bonuses';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal } from './portal';
import { depositCompleted, openWallet, passDepositLimits, payOnCardPage, providerFrame, widths } from './wallet-helpers';

/**
 * Bonuses in the browser against the real server (issue 14; BON-01…19, DEP-15…28): the deposit's
 * bonus step with the demo plan 1001 and its full terms, a card deposit that takes it, the
 * Bonuses tab (list, sort, redeem WELCOME10, the cancel dialog's states with the preview of cash
 * kept and bonus forfeited), the wallet's live progress and the game client's. Desktop 1280 px in
 * English, phone 390 px in Macedonian.
 */

const SLOT = 'SR-1001';
const WELCOME = 'Welcome Bonus: 100% up to €100';

type Suite = ReturnType<typeof usePortalSuite>;

/** A new player who has never deposited (plan 1001 is first-deposit only), signed in in a fresh browser. */
async function newPlayer(suite: Suite, viewport: { width: number; height: number }, language: 'en' | 'mk'): Promise<Portal & { partyId: string }> {
  await seedDemoBonusPlans(suite.server.db);
  const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
  const portal = await suite.open({ viewport, sessionCookie: cookie });
  await portal.context.addCookies([{ name: 'LANG', value: language, url: suite.server.url }]);
  await portal.visit('/');
  await portal.page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
  await portal.page.getByTestId('player-actions').waitFor();
  return { ...portal, partyId };
}

const rows = (page: Page) => page.getByTestId('bonuses-row');
const rowTexts = async (page: Page) => (await rows(page).allTextContents()).map((text) => text.replace(/\s+/g, ' '));
const statuses = async (page: Page) => rows(page).evaluateAll((found) => found.map((row) => row.getAttribute('data-status')));

async function openBonusesTab(page: Page): Promise<void> {
  if (
    !(await page
      .getByTestId('wallet')
      .isVisible()
      .catch(() => false))
  )
    await openWallet(page);
  await page.getByTestId('wallet-tab-bonuses').click();
  await page.getByTestId('bonuses').waitFor();
}

/** Chooses the card method and an amount and comes to the bonus step. */
async function toBonusStep(page: Page, amount: string): Promise<void> {
  await openWallet(page);
  await passDepositLimits(page);
  await page.getByTestId('deposit-methods').getByTestId('method-WPCGHOSTED_CARD').click();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-amount-proceed').click();
  await page.getByTestId('deposit-step-bonus').waitFor();
}

describe('bonuses (issue 14)', () => {
  const suite = usePortalSuite({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '500' });

  it('DEP-15 DEP-23 DEP-28 BON-01…17 desktop, en: a deposit takes plan 1001 after its full terms; the Bonuses tab lists, sorts, redeems and cancels with the preview; progress in the wallet and the game', async () => {
    const { page, context } = await newPlayer(suite, widths.desktop, 'en');

    // The bonus step offers the real plan; its full terms show once it is chosen, before Proceed.
    await toBonusStep(page, '25');
    const step = page.getByTestId('deposit-step-bonus');
    await step.getByTestId('bonus-plan-1001').waitFor();
    expect(await step.getByTestId('bonus-terms-1001').count()).toBe(0);
    await step.getByTestId('bonus-plan-1001').check();
    const terms = step.getByTestId('bonus-terms-1001');
    await terms.waitFor();
    const shown = (await terms.textContent()) ?? '';
    expect(shown).toContain('100% of your deposit, up to €100.00, for a deposit of €10.00 or more. First deposit only.');
    expect(shown).toContain('Wager 10× the bonus before it becomes cash.');
    // SR 5.1.1(3b): the one product the bonus is for.
    expect(shown).toContain('This bonus is for casino games only');
    expect(shown).toContain('slots 100%, plinko 100%, mines 100%, roulette 10%, blackjack 10%');
    expect(shown).toContain('Largest stake while the bonus is active: €5.00.');
    expect(shown).toContain('Valid for 30 days');
    await screenshot(page, 'bonuses-deposit-terms-1280-en');
    await page.getByTestId('deposit-bonus-proceed').click();
    await page.getByTestId('deposit-step-card').waitFor();
    await page.getByTestId('pay-new-card').click();
    await payOnCardPage(providerFrame(page), '4242 4242 4242 4242');
    expect(await depositCompleted(page)).toBe('€25.00');
    await page.getByText(`Bonus: ${WELCOME} was applied successfully`).waitFor();

    // The wallet's balances area follows the active bonus (granted when the deposit was credited).
    const progress = page.getByTestId('active-bonus-progress');
    await progress.waitFor({ timeout: 15_000 });
    expect(await progress.textContent()).toContain('€0.00 of €250.00 wagered');
    expect(await page.getByTestId('active-bonus-releases').textContent()).toBe('€25.00 becomes cash after €250.00 more wagering.');

    // BON-12…16: Redeem is disabled while the code is empty; an unknown code, a code, a used code.
    await openBonusesTab(page);
    await rows(page).first().waitFor();
    expect(await rowTexts(page)).toEqual([expect.stringContaining(WELCOME)]);
    const redeem = page.getByTestId('bonus-redeem');
    expect(await redeem.isDisabled()).toBe(true);
    await page.getByTestId('bonus-redeem-code').fill('NOSUCHCODE');
    await redeem.click();
    await page.getByText('The Bonus Code NOSUCHCODE could not be found. Please try a different bonus.').waitFor();
    await page.getByTestId('bonus-redeem-code').fill('welcome10');
    await redeem.click();
    expect(await page.getByTestId('bonus-redeem-success').textContent()).toBe('The Bonus Code welcome10 was applied successfully.');
    await rows(page).nth(1).waitFor();
    // BON-05: ACTIVE, then QUEUED.
    expect(await statuses(page)).toEqual(['ACTIVE', 'QUEUED']);
    await page.getByTestId('bonus-redeem-code').fill('WELCOME10');
    await redeem.click();
    await page.getByText('This code has already been used').waitFor();
    const texts = await rowTexts(page);
    expect(texts[0]).toMatch(/CasinoActive€25\.00€0\.00 of €250\.00 wagered\d{1,2} [A-Z][a-z]{2} \d{4}\d{1,2} [A-Z][a-z]{2} \d{4}Cancel/);
    expect(texts[1]).toMatch(/WELCOME10: €10 freeCasinoQueued€10\.00€0\.00 of €100\.00 wagered\d{1,2} [A-Z][a-z]{2} \d{4}—Cancel/);
    await screenshot(page, 'bonuses-tab-1280-en');

    // Sorting by amount, up then down; the status column again puts ACTIVE first.
    await page.getByTestId('bonuses-sort-amount').click();
    expect(await statuses(page)).toEqual(['QUEUED', 'ACTIVE']);
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).toContain('Amount');
    await page.getByTestId('bonuses-sort-amount').click();
    expect(await statuses(page)).toEqual(['ACTIVE', 'QUEUED']);
    await page.getByTestId('bonuses-sort-bonusPlanName').click();
    expect(await statuses(page)).toEqual(['QUEUED', 'ACTIVE']);

    // The game client shows the same progress, and a real spin moves it.
    const launched = await context.request.post(`${suite.server.url}/gs/launch`, { data: { gameId: SLOT, playForReal: true } });
    expect(launched.status(), await launched.text()).toBe(200);
    const { launchUrl } = (await launched.json()) as { launchUrl: string };
    const game = await context.newPage();
    await game.setViewportSize(widths.desktop);
    await game.goto(`${suite.server.url}${launchUrl}&lang=en`);
    const inGame = game.getByTestId('gc-bonus-progress');
    await inGame.waitFor();
    expect(await game.getByTestId('gc-bonus-wagered').textContent()).toBe('€0.00 of €250.00 wagered');
    const spin = game.getByTestId('gc-spin');
    await spin.and(game.locator(':not([disabled])')).waitFor();
    // A €1 stake (under the plan's €5 maximum); slots count 100 %.
    await game.getByTestId('gc-stake').selectOption('1');
    await spin.click();
    await expect.poll(() => game.getByTestId('gc-bonus-wagered').textContent(), { timeout: 15_000 }).toBe('€1.00 of €250.00 wagered');
    expect(await inGame.textContent()).toContain(`Bonus wagering: ${WELCOME}`);
    await screenshot(game, 'bonuses-game-client-1280-en');
    await game.close();

    // BON-08 BON-09: the cancel dialog on the ACTIVE bonus: confirm with the preview, Keep, then confirm → in progress → success.
    await page.bringToFront();
    await page.getByTestId('bonuses-sort-status').click();
    await rows(page).first().waitFor();
    expect(await statuses(page)).toEqual(['ACTIVE', 'QUEUED']);
    const dialog = page.getByTestId('bonus-cancel-dialog');
    await rows(page).nth(0).getByTestId('bonus-cancel').click();
    await dialog.waitFor();
    const preview = page.getByTestId('bonus-cancel-preview');
    await page.getByText(/^You keep /).waitFor();
    // The €1 spin was paid from cash first (stakes take cash, then bonus); a win is cash.
    expect(await preview.textContent()).toMatch(/^You keep €\d+\.\d\d cash and forfeit €25\.00 bonus\.$/);
    await screenshot(page, 'bonuses-cancel-confirm-1280-en');
    await page.getByTestId('bonus-cancel-back').click();
    await dialog.waitFor({ state: 'detached' });

    await rows(page).nth(0).getByTestId('bonus-cancel').click();
    await page.getByText(/^You keep /).waitFor();
    // A slow network, so the in-progress state can be seen (the server is not mocked, only the line).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1_500, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByTestId('bonus-cancel-confirm').click();
    expect(await page.getByTestId('bonus-cancel-progress').textContent()).toBe('Cancelling your bonus…');
    expect(await dialog.getAttribute('data-state-step')).toBe('progress');
    await screenshot(page, 'bonuses-cancel-progress-1280-en');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await page.getByTestId('bonus-cancel-result').textContent()).toBe(`Success: Cancelled ${WELCOME}`);
    await screenshot(page, 'bonuses-cancel-success-1280-en');
    await page.getByTestId('bonus-cancel-close').click();
    // The queued WELCOME10 became active.
    await page.locator('[data-testid="bonuses-row"][data-status="CANCELLED"]').waitFor();
    expect(await statuses(page)).toEqual(['ACTIVE', 'CANCELLED']);

    // BON-10: a bonus ended meanwhile (here cancelled from another tab) fails with the server's message.
    await rows(page).nth(0).getByTestId('bonus-cancel').click();
    await page.getByText(/^You keep /).waitFor();
    expect(await preview.textContent()).toMatch(/forfeit €10\.00 bonus\.$/);
    const id = (await (await context.request.get(`${suite.server.url}/ps/bonus/progress`)).json()) as { progress: { bonusId: number } };
    expect((await context.request.post(`${suite.server.url}/ps/cancelBonus`, { data: { bonusId: id.progress.bonusId } })).status()).toBe(200);
    await page.getByTestId('bonus-cancel-confirm').click();
    expect(await page.getByTestId('bonus-cancel-result').textContent()).toBe('Failure: This bonus is cancelled');
    await screenshot(page, 'bonuses-cancel-failure-1280-en');
    await page.getByTestId('bonus-cancel-close').click();
    await page.getByTestId('active-bonus-progress').waitFor({ state: 'detached' });
    expect(await page.getByTestId('bonus-cancel').count()).toBe(0);
  }, 240_000);

  it('BON-17 DEP-15 phone 390 px, mk: no bonus to display, the bonus step’s terms, the tab and the cancel preview in Macedonian', async () => {
    const { page } = await newPlayer(suite, widths.mobile, 'mk');
    await openBonusesTab(page);
    await page.getByTestId('bonuses-empty').waitFor();
    await screenshot(page, 'bonuses-empty-390-mk');

    await page.getByTestId('wallet-tab-deposit').click();
    await passDepositLimits(page);
    await page.getByTestId('deposit-methods').getByTestId('method-WPCGHOSTED_CARD').click();
    await page.getByTestId('deposit-amount').fill('40');
    await page.getByTestId('deposit-amount-proceed').click();
    const step = page.getByTestId('deposit-step-bonus');
    await step.getByTestId('bonus-plan-1001').check();
    const terms = step.getByTestId('bonus-terms-1001');
    await terms.waitFor();
    expect(await terms.textContent()).toContain('Вложете 10× од бонусот пред да стане готовина.');
    expect(await terms.textContent()).toContain('слотови 100%');
    expect(await terms.textContent()).toContain('Овој бонус е само за казино игри');
    await terms.scrollIntoViewIfNeeded();
    await screenshot(page, 'bonuses-deposit-terms-390-mk');

    // A code redeemed in the tab: listed as active, its progress bar and the cancel preview in Macedonian.
    await page.getByTestId('wallet-tab-bonuses').click();
    await page.getByTestId('bonus-redeem-code').fill('WELCOME10');
    await page.getByTestId('bonus-redeem').click();
    expect(await page.getByTestId('bonus-redeem-success').textContent()).toBe('Бонус кодот WELCOME10 е успешно применет.');
    await rows(page).first().waitFor();
    expect(await rows(page).first().getByTestId('bonus-status').textContent()).toBe('Активен');
    expect(await rows(page).first().getByTestId('bonus-product').textContent()).toBe('Казино');
    expect(await rows(page).first().textContent()).toContain('0,00\u00a0€ од 100,00\u00a0€ вложени');
    await screenshot(page, 'bonuses-tab-390-mk');
    await rows(page).first().getByTestId('bonus-cancel').click();
    await page.getByText(/^Ги задржувате /).waitFor();
    expect(await page.getByTestId('bonus-cancel-preview').textContent()).toBe('Ги задржувате 0,00\u00a0€ готовина и губите 10,00\u00a0€ бонус.');
    await screenshot(page, 'bonuses-cancel-confirm-390-mk');
    await page.getByTestId('bonus-cancel-confirm').click();
    expect(await page.getByTestId('bonus-cancel-result').textContent()).toBe('Успешно: Откажан WELCOME10: 10 € бесплатно');
  }, 120_000);
});
