import { describe, expect, it } from 'vitest';
import { usePortalSuite } from './portal';
import { fundByBankTransfer, openAsPlayer, openWallet, passDepositLimits, snapshot } from './wallet-helpers';

describe('a cashier with one method (DEP-08, WDR-03)', () => {
  const suite = usePortalSuite({ PAYMENT_METHODS: 'OMEGA_BANK' });

  it('DEP-08 DEP-37 the only deposit method is preselected: the wizard starts at the amount and Back closes it', async () => {
    const { page } = await openAsPlayer(suite);
    await openWallet(page);
    await passDepositLimits(page);
    const amount = page.getByTestId('deposit-step-amount');
    await amount.waitFor();
    expect(await page.getByTestId('deposit-step-method').count()).toBe(0);
    // The method's name comes with the cashier's content; until then the summary says its kind.
    await expect.poll(() => amount.getByTestId('method-summary').textContent()).toContain('Omega Bank');
    expect(await page.getByTestId('deposit-amount').getAttribute('placeholder')).toBe('€20.00 – €20,000.00');
    await amount.getByTestId('wizard-back').click();
    await page.getByTestId('wallet').waitFor({ state: 'detached' });
  });

  it('WDR-03 the only withdrawal method is preselected', async () => {
    const portal = await openAsPlayer(suite);
    await fundByBankTransfer(portal, suite.server.url, 100);
    await portal.page.reload();
    await portal.page.getByTestId('player-actions').waitFor();
    await openWallet(portal.page);
    await portal.page.getByTestId('wallet-tab-withdrawal').click();
    await portal.page.getByTestId('withdrawal-step-amount').waitFor();
    expect(await portal.page.getByTestId('withdrawal-step-method').count()).toBe(0);
    await expect.poll(() => portal.page.getByTestId('withdrawal-step-amount').getByTestId('method-summary').textContent()).toContain('Omega Bank');
  });
});

describe('a cashier with no methods (DEP-09, WDR-04)', () => {
  const suite = usePortalSuite({ PAYMENT_METHODS: '' });

  it("DEP-09 WDR-04 'No Deposit Methods Available' and 'No Withdrawal Methods Available'", async () => {
    const { page } = await openAsPlayer(suite);
    await openWallet(page);
    await passDepositLimits(page);
    const noDeposit = page.getByTestId('deposit-no-methods');
    await noDeposit.waitFor();
    expect(await page.getByTestId('deposit-no-methods-title').textContent()).toBe('No Deposit Methods Available');
    await snapshot(page, 'desktop-no-methods');
    await page.getByTestId('wallet-tab-withdrawal').click();
    expect(await page.getByTestId('withdrawal-no-methods-title').textContent()).toBe('No Withdrawal Methods Available');
  });
});
