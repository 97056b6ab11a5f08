import type { Request } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { usePortalSuite } from './portal';
import { headerBalance, minorUnitsOf, openAsPlayer, openWallet, passDepositLimits, snapshot, useWalletPage, widths } from './wallet-helpers';

describe('the wallet modal (WALLET-01…17, NS-18, DIS-19)', () => {
  const suite = usePortalSuite();
  // Tests of demo.player at 1280 px share one signed-in page (each starts with the wallet closed).
  // The first test is the first to open the wallet on it, as its own chunk is loaded then; the
  // Macedonian one, which switches the portal's language, comes last.
  const signedIn = useWalletPage(suite);

  it('WALLET-01 WALLET-02 WALLET-03 WALLET-15 opens from the header with five tabs and the active balance in 2 decimals, as its own chunk', async () => {
    const { page } = await signedIn();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const shown = await headerBalance(page);
    expect(await page.getByTestId('header-balance-amount').textContent()).toMatch(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
    await openWallet(page);
    const wallet = page.getByTestId('wallet');
    expect(await wallet.getByRole('tab').allTextContents()).toEqual(['Deposit', 'Withdrawal', 'History', 'Bonuses', 'Limits']);
    expect(await wallet.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Wallet' }).count()).toBe(1);
    for (const figure of ['wallet-cash', 'wallet-bonus', 'wallet-total'])
      expect(await page.getByTestId(figure).textContent()).toMatch(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(minorUnitsOf(await page.getByTestId('wallet-total').textContent())).toBe(shown);
    expect(scripts.some((script) => /\/wallet-modal-[\w-]+\.js$/.test(script))).toBe(true);
    await snapshot(page, 'desktop-open');
  });

  it("WALLET-04 WALLET-05 WALLET-06 WALLET-07 closing from Deposit or Withdrawal asks 'Are you sure?'; Go Back keeps the wizard, Quit closes", async () => {
    const { page } = await signedIn();
    await openWallet(page);
    await passDepositLimits(page);
    await page.getByTestId('deposit-methods').getByTestId('method-WPCGHOSTED_CARD').click();
    await page.getByTestId('deposit-amount').fill('25');

    await page.getByTestId('wallet-close').click();
    const confirm = page.getByTestId('wallet-close-confirm');
    await confirm.waitFor();
    expect(await confirm.getByRole('heading').textContent()).toBe('Are you sure?');
    expect(await confirm.textContent()).toContain('The Deposit process takes just a minute to complete!');
    expect(await confirm.getByRole('button').allTextContents()).toEqual(['Go Back', 'Quit']);
    await snapshot(page, 'desktop-close-confirm');
    await confirm.getByRole('button', { name: 'Go Back' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('deposit-amount').inputValue()).toBe('25');

    // Escape asks too.
    await page.keyboard.press('Escape');
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Go Back' }).click();

    await page.getByTestId('wallet-tab-withdrawal').click();
    await page.getByTestId('wallet-close').click();
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('The Withdrawal process takes just a minute to complete!');
    await confirm.getByRole('button', { name: 'Quit' }).click();
    await page.getByTestId('wallet').waitFor({ state: 'detached' });
  });

  it('WALLET-08 WALLET-09 NS-18 History, Bonuses and Limits close at once', async () => {
    const { page } = await signedIn();
    for (const tab of ['history', 'bonuses', 'limits']) {
      await openWallet(page);
      await page.getByTestId(`wallet-tab-${tab}`).click();
      await page.getByTestId('wallet-close').click();
      await page.getByTestId('wallet').waitFor({ state: 'detached' });
      expect(await page.getByTestId('wallet-close-confirm').count()).toBe(0);
    }
  });

  it("WALLET-06 DIS-10 at 390 px the wallet fills the screen, its tabs scroll and the confirm says 'Back'", async () => {
    const { page } = await openAsPlayer(suite, 'demo.player', widths.mobile);
    await openWallet(page);
    const box = await page.getByTestId('wallet').boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    const tabs = await page.getByRole('tablist', { name: 'Wallet sections' }).evaluate((list) => ({ scroll: list.scrollWidth, client: list.clientWidth }));
    expect(tabs.scroll).toBeGreaterThan(tabs.client);
    await page.getByTestId('wallet-tab-limits').click();
    expect(await page.getByTestId('wallet-limits').isVisible()).toBe(true);
    await snapshot(page, 'mobile-limits');
    await page.getByTestId('wallet-tab-deposit').click();
    await passDepositLimits(page);
    await page.getByTestId('wallet-close').click();
    const confirm = page.getByTestId('wallet-close-confirm');
    expect(await confirm.getByRole('button').allTextContents()).toEqual(['Back', 'Quit']);
    await snapshot(page, 'mobile-close-confirm');
  });

  it('WALLET-10 WALLET-11 DIS-01 a player under identity review gets the warning instead of the wallet', async () => {
    const { page } = await openAsPlayer(suite, 'demo.review');
    await page.getByTestId('header-deposit').click();
    const warning = page.getByTestId('warning-modal');
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Your identity verification is under manual review.');
    expect(await page.getByTestId('wallet').count()).toBe(0);
    await warning.getByRole('button', { name: 'OK' }).click();
    // Every attempt is refused, also by the address.
    await page.goto('/deposit');
    await warning.waitFor();
    expect(await page.getByTestId('wallet').count()).toBe(0);
  });

  it('WALLET-17 NAV-08 a visitor on /deposit logs in first and then sees the wallet on the Deposit tab', async () => {
    const portal = await suite.open({ viewport: widths.desktop });
    await portal.visit('/deposit');
    await portal.page.waitForURL((url) => url.pathname === '/login');
    const form = portal.page.getByTestId('login-form');
    await form.getByRole('textbox', { name: 'Username or e-mail' }).fill('demo.player');
    await form.locator('input[name="password"]').fill('emerald-demo-1');
    await form.getByRole('button', { name: 'LOG IN' }).click();
    await portal.page.getByTestId('wallet').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/deposit');
    expect(await portal.page.getByTestId('wallet-tab-deposit').getAttribute('aria-selected')).toBe('true');
    expect(await portal.page.getByTestId('home-page').count()).toBe(1);
  });

  it('NAV-08 DIS-19 closing the wallet opened by /deposit leaves the address for the home page', async () => {
    const { page } = await signedIn();
    await page.goto('/deposit');
    await page.getByTestId('wallet').waitFor();
    await page.getByTestId('wallet-tab-history').click();
    await page.getByTestId('wallet-close').click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it("NAV-07 DIS-19 /deposit-success shows the 'Deposit Successful' modal with the balance read again", async () => {
    const { page } = await signedIn();
    const reads: string[] = [];
    const onRequest = (request: Request) => {
      if (new URL(request.url()).pathname === '/ps/getBalance') reads.push(request.url());
    };
    page.on('request', onRequest);
    onTestFinished(() => {
      page.off('request', onRequest);
    });
    await page.goto('/deposit-success');
    const modal = page.getByTestId('deposit-success-modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading').textContent()).toBe('Deposit Successful');
    expect(await modal.textContent()).toContain('Your Deposit has been Processed Successfully!');
    await modal.getByTestId('deposit-success-balance').waitFor();
    expect(reads.length).toBeGreaterThan(0);
    await modal.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('NAV-62 NAV-66 the navigation sidebar shows the balances and its DEPOSIT and Wallet open the wallet', async () => {
    const { page } = await openAsPlayer(suite, 'demo.player', widths.mobile);
    const total = await headerBalance(page);
    await page.getByTestId('nav-toggle').click();
    const navigation = page.getByTestId('sidebar-navigation');
    await navigation.getByTestId('nav-balances').waitFor();
    await navigation.getByTestId('nav-total').filter({ hasText: '€' }).waitFor();
    expect(minorUnitsOf(await navigation.getByTestId('nav-total').textContent())).toBe(total);
    expect(await navigation.getByTestId('nav-cash').textContent()).toMatch(/^€[\d,]+\.\d{2}$/);
    await navigation.getByRole('button', { name: 'DEPOSIT' }).click();
    await page.getByTestId('wallet').waitFor();
    expect(await page.getByTestId('wallet-tab-deposit').getAttribute('aria-selected')).toBe('true');
  });

  it('DEP-02 DEP-03 DEP-04 WALLET-16 the deposit-limit screen comes first once; the Limits tab is the limits page', async () => {
    const { page } = await openAsPlayer(suite, 'demo.lord');
    await openWallet(page);
    const screen = page.getByTestId('deposit-limits-screen');
    await screen.waitFor();
    expect(await screen.getByTestId('deposit-limit-list').textContent()).toContain('Daily');
    await snapshot(page, 'desktop-deposit-limits');
    await page.getByTestId('deposit-limits-confirm').click();
    await page.getByTestId('deposit-step-method').waitFor();
    await page.reload();
    await openWallet(page);
    await page.getByTestId('deposit-step-method').waitFor();
    expect(await screen.count()).toBe(0);

    await page.getByTestId('wallet-tab-limits').click();
    // WALLET-16: the responsible-gaming limits page itself (tests/browser/responsible-gaming.test.ts changes limits there).
    const limits = page.getByTestId('wallet-limits');
    await limits.getByTestId('rg-deposit-Daily').waitFor();
    expect(await limits.getByTestId('rg-deposit-Daily-current').textContent()).toMatch(/^(Not set|€[\d,]+\.\d{2})$/);
    expect(await limits.getByTestId('rg-deposit-edit').isVisible()).toBe(true);
    await page.getByTestId('wallet-tab-bonuses').click();
    expect(await page.getByTestId('bonuses-empty-title').textContent()).toBe('No Bonus to Display');
  });

  it('HIST-14 the wallet speaks Macedonian when the portal does', async () => {
    const { page } = await signedIn();
    await page.getByTestId('header-language-mk').click();
    await page.locator('html[lang="mk"]').waitFor({ state: 'attached' });
    await openWallet(page);
    expect(await page.getByTestId('wallet').getByRole('tab').allTextContents()).toEqual(['Уплата', 'Исплата', 'Историја', 'Бонуси', 'Лимити']);
    await page.getByTestId('wallet-tab-history').click();
    await page.getByTestId('banking-history').waitFor();
    expect(await page.getByTestId('history-tabs').getByRole('tab').allTextContents()).toEqual(['Трансакции', 'Историја на игри']);
  });
});
