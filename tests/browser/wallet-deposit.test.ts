import type { Page, Request } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { player, rgLimit, walletTransaction } from '../../server/db/schema';
import { walletEn } from '../../web/src/shared/i18n/wallet/en';
import { walletMk } from '../../web/src/shared/i18n/wallet/mk';
import { screenshot } from '../support/browser';
import { cashBalance } from '../support/cashier';
import { usePortalSuite } from './portal';
import {
  depositCompleted,
  headerBalance,
  openAsPlayer,
  openWallet,
  passDepositLimits,
  payOnCardPage,
  providerFrame,
  snapshot,
  startDeposit,
  useWalletPage,
  waitForHeaderBalance,
  widths,
} from './wallet-helpers';

/** Collects the page's deposit analytics events (DEP-30) and gives it a tag manager's dataLayer. */
async function recordAnalytics(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.dataLayer = [];
    window.emeraldEvents = [];
    window.addEventListener('emerald:analytics', (event) => window.emeraldEvents.push(event.detail));
  })()`);
}

const recorded = (page: Page) =>
  page.evaluate('({ dataLayer: window.dataLayer, emeraldEvents: window.emeraldEvents })') as Promise<{ dataLayer: unknown[]; emeraldEvents: unknown[] }>;

describe('the deposit wizard against the sandbox provider (DEP-01…51)', () => {
  const suite = usePortalSuite({ SANDBOX_PAYMENT_WEBHOOK_DELAY_MS: '2500' });
  // The desktop tests share one signed-in page (each starts with the wallet closed); the 390 px one has its own.
  const signedIn = useWalletPage(suite);

  it('DEP-05 DEP-07 DEP-11 DEP-12 DEP-13 methods with logos; quick amounts; the range as placeholder; Proceed only within it', async () => {
    const { page } = await signedIn();
    await openWallet(page);
    await passDepositLimits(page);
    const methods = page.getByTestId('deposit-methods');
    await methods.getByTestId('method-WPCGHOSTED_CARD').waitFor();
    expect(await methods.getByRole('button').count()).toBe(6);
    expect(await methods.locator('img.method-logo').count()).toBe(6);
    await snapshot(page, 'desktop-step0-methods');
    await methods.getByTestId('method-WPCGHOSTED_CARD').click();

    const amount = page.getByTestId('deposit-amount');
    const proceed = page.getByTestId('deposit-amount-proceed');
    await page.getByTestId('quick-amount-10').waitFor();
    expect(await amount.getAttribute('placeholder')).toBe('€10.00 – €5,000.00');
    expect(await proceed.isDisabled()).toBe(true);
    for (const [typed, allowed] of [
      ['9.99', false],
      ['10', true],
      ['5000', true],
      ['5000.01', false],
      ['12.345', false],
      ['abc', false],
    ] as const) {
      await amount.fill(typed);
      expect(await proceed.isDisabled(), typed).toBe(!allowed);
    }
    await amount.fill('9');
    expect(await page.getByTestId('deposit-step-amount').getByTestId('field-error').textContent()).toBe('The minimum is €10.00');
    await snapshot(page, 'desktop-step1-amount-below');
    await page.getByTestId('quick-amount-50').click();
    expect(await amount.inputValue()).toBe('50');
    expect(await page.getByTestId('quick-amount-50').getAttribute('aria-pressed')).toBe('true');
    expect(await proceed.isDisabled()).toBe(false);
    await snapshot(page, 'desktop-step1-amount');
  });

  it("DEP-16 DEP-17 DEP-18 DEP-19 DEP-21 DEP-22 DIS-05 the bonus step: no offers, a code checked 1.5 s after typing, 'Could not find a bonus for the code provided'", async () => {
    const { page } = await signedIn();
    await openWallet(page);
    await passDepositLimits(page);
    await page.getByTestId('deposit-methods').getByTestId('method-NETELLER').click();
    await page.getByTestId('deposit-amount').fill('20');
    await page.getByTestId('deposit-amount-proceed').click();
    const step = page.getByTestId('deposit-step-bonus');
    await step.getByTestId('bonus-none-eligible').waitFor();
    expect(await step.getByTestId('bonus-plan-none').isChecked()).toBe(true);

    const checks: { url: URL; at: number }[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/ps/validateDepositBonusVoucher') checks.push({ url, at: Date.now() });
    };
    page.on('request', onRequest);
    onTestFinished(() => {
      page.off('request', onRequest);
    });
    await step.getByTestId('bonus-code').pressSequentially('SPRIN', { delay: 80 });
    // Taken before the last key is sent, so the page's last keystroke is no earlier than this,
    // however long the browser takes to report back under load.
    const typed = Date.now();
    await step.getByTestId('bonus-code').press('G');
    await step.getByTestId('field-error').waitFor();
    expect(await step.getByTestId('field-error').textContent()).toBe('Could not find a bonus for the code provided');
    expect(checks).toHaveLength(1);
    expect(checks[0]?.at ?? 0).toBeGreaterThanOrEqual(typed + 1_300);
    expect(checks[0]?.url.searchParams.get('voucherCode')).toBe('SPRING');
    expect(checks[0]?.url.searchParams.get('depositAmount')).toBe('20');
    expect(checks[0]?.url.searchParams.get('paymentMethod')).toBe('NETELLER');
    await snapshot(page, 'desktop-step2-bonus');

    // Cleared: no check of an empty code, however long the page waits. The page's timers on a clock
    // the test moves (Playwright's clock): the pause and more are run through at once.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate<number>('Date.now()')) + 1_000);
    await step.getByTestId('bonus-code').fill('');
    expect(await step.getByTestId('field-error').count()).toBe(0);
    await page.clock.runFor(1_700);
    await page.clock.resume();
    expect(checks).toHaveLength(1);
    expect(await step.getByTestId('deposit-bonus-proceed').isDisabled()).toBe(false);
  });

  it('DEP-37 DEP-38 back at step 3 returns to step 2; back at step 0 closes the wallet', async () => {
    const { page } = await signedIn();
    await startDeposit(page, 'PAYMENTIQ_ALL', '15');
    await providerFrame(page).locator('button[value="pay"]').waitFor();
    const back = page.getByTestId('deposit-wizard').getByTestId('wizard-back');
    await back.click();
    await page.getByTestId('deposit-step-bonus').waitFor();
    expect(await page.getByTestId('provider-frame').count()).toBe(0);
    await back.click();
    await page.getByTestId('deposit-step-amount').waitFor();
    await back.click();
    await page.getByTestId('deposit-step-method').waitFor();
    await page.getByTestId('deposit-step-method').getByTestId('wizard-back').click();
    await page.getByTestId('wallet').waitFor({ state: 'detached' });
  });

  it('DEP-27 DEP-29 DEP-30 DEP-31 DEP-47 a new card (4242) pays on the hosted page in the wallet; the header balance follows', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await recordAnalytics(page);
    await startDeposit(page, 'WPCGHOSTED_CARD', '25');
    await page.getByTestId('deposit-step-card').waitFor();
    await snapshot(page, 'desktop-step3-cards');
    await page.getByTestId('pay-new-card').click();
    const frame = providerFrame(page);
    await frame.locator('input[name="cardNumber"]').waitFor();
    expect(await page.getByTestId('provider-frame').getAttribute('src')).toMatch(/^\/sandbox\/payments\/card\//);
    await snapshot(page, 'desktop-step3-card-page');
    await payOnCardPage(frame, '4242 4242 4242 4242');
    expect(await depositCompleted(page)).toBe('€25.00');
    expect(await page.getByTestId('deposit-complete').textContent()).toContain('Your Deposit has been Processed Successfully!');
    await snapshot(page, 'desktop-complete');
    await waitForHeaderBalance(page, before + 2_500n);
    const { dataLayer, emeraldEvents } = await recorded(page);
    expect(emeraldEvents).toEqual([{ event: 'deposit', amount: 25, currency: 'EUR', method: 'WPCGHOSTED_CARD' }]);
    expect(dataLayer).toEqual(emeraldEvents);
    // DEP-39: after completion the wallet closes without asking.
    await page.getByTestId('wallet-close').click();
    await page.getByTestId('wallet').waitFor({ state: 'detached' });
  });

  it('DEP-48 DEP-26 a stored card pays at once, with its id', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'WPCGHOSTED_CARD', '11');
    const cards = page.getByTestId('stored-cards');
    await cards.waitFor();
    expect(await cards.getByTestId('stored-card').first().textContent()).toMatch(/Visa•••• \d{4}.+Expires \d{2}\/\d{2}/);
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/ps/processDeposit');
    await page.getByTestId('pay-stored-card').click();
    expect((await sent).postDataJSON()).toMatchObject({ paymentMethod: 'WPCGHOSTED_CARD', amount: 11, storedCardId: expect.any(String) });
    expect(await depositCompleted(page)).toBe('€11.00');
    await waitForHeaderBalance(page, before + 1_100n);
  });

  it('DEP-49 DEP-50 DEF-16 a card is added on the hosted page and deleted after a confirmation', async () => {
    const { page } = await signedIn();
    await startDeposit(page, 'WPCGHOSTED_CARD', '10');
    const cards = page.getByTestId('stored-card');
    await page.getByTestId('stored-cards').waitFor();
    const count = await cards.count();
    await page.getByTestId('add-card').click();
    const frame = providerFrame(page);
    await frame.locator('input[name="cardNumber"]').fill('5555 5555 5555 4444');
    await frame.locator('input[name="nameOnCard"]').fill('Aoife Byrne');
    await frame.locator('input[name="expiry"]').fill('11/31');
    await frame.locator('input[name="cvc"]').fill('321');
    await frame.locator('button[type="submit"]').first().click();
    await page.getByTestId('deposit-step-card').waitFor();
    await expect.poll(() => cards.count()).toBe(count + 1);
    const added = cards.filter({ hasText: '4444' });
    expect(await added.textContent()).toContain('Expires 11/31');

    await added.getByTestId('stored-card-delete').click();
    const confirm = page.getByTestId('stored-card-delete-confirm');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('•••• 4444');
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/ps/updateStoredCard');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ action: 'delete', storedToken: expect.any(String) });
    await expect.poll(() => cards.count()).toBe(count);
  });

  it("DEP-35 a declined card (4000 0000 0000 0002) is listed under 'Deposit failed for the reason(s) listed below:'", async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'WPCGHOSTED_CARD', '12');
    await page.getByTestId('pay-new-card').click();
    await payOnCardPage(providerFrame(page), '4000 0000 0000 0002');
    const failed = page.getByTestId('deposit-failed');
    await failed.waitFor({ timeout: 30_000 });
    const message = await failed.getByTestId('deposit-failure-message').textContent();
    expect(message).toContain('Deposit failed for the reason(s) listed below:');
    expect(message).toContain('declined');
    await snapshot(page, 'desktop-failed');
    await page.getByTestId('deposit-restart').click();
    await page.getByTestId('deposit-step-method').waitFor();
    expect(await headerBalance(page)).toBe(before);
  });

  it('DEP-31 a 3-D Secure card (4000 0000 0000 3220) passes the challenge with 1234 in the wallet', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'WPCGHOSTED_CARD', '13');
    await page.getByTestId('pay-new-card').click();
    const frame = providerFrame(page);
    await payOnCardPage(frame, '4000 0000 0000 3220');
    await frame.locator('input[name="code"]').fill('1234');
    await snapshot(page, 'desktop-3ds');
    await frame.locator('button[value="confirm"]').click();
    expect(await depositCompleted(page)).toBe('€13.00');
    await waitForHeaderBalance(page, before + 1_300n);
  });

  it('a delayed confirmation (4000 0000 0000 0077) shows Waiting for confirmation until the provider confirms', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'WPCGHOSTED_CARD', '14');
    await page.getByTestId('pay-new-card').click();
    await payOnCardPage(providerFrame(page), '4000 0000 0000 0077');
    const waiting = page.getByTestId('payment-confirmation');
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Waiting for confirmation');
    await snapshot(page, 'desktop-waiting');
    expect(await depositCompleted(page)).toBe('€14.00');
    await waitForHeaderBalance(page, before + 1_400n);
  });

  it('DEP-51 NS-19 an e-wallet pays from its e-mail (payFromEmail) on the e-wallet page', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'MONEYBOOKERS', '30');
    const step = page.getByTestId('deposit-step-ewallet');
    await step.getByTestId('ewallet-email').fill('not-an-address');
    await step.getByTestId('ewallet-continue').click();
    expect(await step.getByTestId('field-error').textContent()).toBe('Please enter a valid e-mail address');
    await step.getByTestId('ewallet-email').fill('aoife@example.test');
    await snapshot(page, 'desktop-ewallet');
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/ps/processDeposit');
    await step.getByTestId('ewallet-continue').click();
    expect((await sent).postDataJSON()).toMatchObject({ paymentMethod: 'MONEYBOOKERS', payFromEmail: 'aoife@example.test' });
    const frame = providerFrame(page);
    await frame.locator('input[name="password"]').fill('any-password');
    await frame.locator('button[value="approve"]').click();
    expect(await depositCompleted(page)).toBe('€30.00');
    await waitForHeaderBalance(page, before + 3_000n);
  });

  it('DEP-41 DEP-42 DEP-43 DEP-44 DEP-45 crypto: a quote per coin, the Awaiting Payment page with address and QR code, the simulated payment credits it', async () => {
    const portal = await signedIn();
    const { page } = portal;
    const before = await headerBalance(page);
    await startDeposit(page, 'NB_NEKBIT', '50');
    const quotes = page.getByTestId('crypto-quotes');
    await quotes.waitFor();
    expect(await quotes.locator('[data-testid^="crypto-quote-"]').count()).toBe(3);
    expect(await page.getByTestId('crypto-quote-BTC').textContent()).toMatch(/\d+\.\d{3} BTC/);
    await snapshot(page, 'desktop-crypto-quotes');
    await page.getByTestId('crypto-quote-ETH').click();
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/ps/processDeposit');
    await page.getByTestId('crypto-pay').click();
    expect((await sent).postDataJSON()).toMatchObject({ paymentMethod: 'NB_NEKBIT', quoteId: expect.any(String), paymentId: expect.any(String) });

    const awaiting = page.getByTestId('awaiting-payment');
    await awaiting.waitFor();
    expect(await awaiting.getByRole('heading').first().textContent()).toBe('Awaiting Payment');
    expect(await awaiting.getByTestId('awaiting-amount').textContent()).toMatch(/^\d+\.\d{3} ETH$/);
    expect(await awaiting.getByTestId('awaiting-address').textContent()).toMatch(/^0x[0-9a-f]{40}$/);
    expect(await awaiting.getByTestId('qr-code').locator('path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const link = awaiting.getByTestId('crypto-simulator-link');
    await link.waitFor();
    expect(await awaiting.getByTestId('crypto-simulator').textContent()).toContain('Sandbox');
    await snapshot(page, 'desktop-crypto-awaiting');

    const simulator = await portal.context.newPage();
    await simulator.goto((await link.getAttribute('href')) ?? '');
    await simulator.locator('button[value="exact"]').click();
    expect(await depositCompleted(page)).toBe('€50.00');
    await waitForHeaderBalance(page, before + 5_000n);
  });

  it('DEP-40 the bank transfer confirms with account number and secure code; 000000 is declined', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'OMEGA_BANK', '40');
    const step = page.getByTestId('deposit-step-bank');
    await step.getByTestId('bank-account').fill('IE29AIBK93115212345678');
    await step.getByTestId('bank-secure-code').fill('12a3');
    expect(await step.getByTestId('bank-secure-code').inputValue()).toBe('123');
    expect(await step.getByTestId('bank-confirm').isDisabled()).toBe(true);
    await step.getByTestId('bank-secure-code').fill('123456');
    await snapshot(page, 'desktop-bank');
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/ps/processDeposit');
    await step.getByTestId('bank-confirm').click();
    expect((await sent).postDataJSON()).toMatchObject({ paymentMethod: 'OMEGA_BANK', accountId: 'IE29AIBK93115212345678', secureId: '123456' });
    expect(await depositCompleted(page)).toBe('€40.00');
    await waitForHeaderBalance(page, before + 4_000n);

    await startDeposit(page, 'OMEGA_BANK', '40');
    await step.getByTestId('bank-account').fill('IE29AIBK93115212345678');
    await step.getByTestId('bank-secure-code').fill('000000');
    await step.getByTestId('bank-confirm').click();
    await page.getByTestId('deposit-failed').waitFor();
    expect(await page.getByTestId('deposit-failure-message').textContent()).toContain('Deposit failed for the reason(s) listed below:');
  });

  it('DEP-46 the cashier widget opens in the wallet and its payment is credited', async () => {
    const { page } = await signedIn();
    const before = await headerBalance(page);
    await startDeposit(page, 'PAYMENTIQ_ALL', '15');
    const frame = providerFrame(page);
    await frame.locator('button[value="pay"]').waitFor();
    expect(await page.getByTestId('provider-frame').getAttribute('src')).toMatch(/^\/sandbox\/payments\/widget\//);
    await snapshot(page, 'desktop-widget');
    await frame.locator('button[value="pay"]').click();
    expect(await depositCompleted(page)).toBe('€15.00');
    await waitForHeaderBalance(page, before + 1_500n);
  });

  it('DEP-32 DEP-34 DEP-36 the real server refuses at the last step: a deposit limit reached meanwhile (HIGH_LIMIT) and an identity check no longer passed (KYCFAILED)', async () => {
    const { page } = await signedIn();
    const { db } = suite.server;
    const [owner] = await db.select({ id: player.id, kycStatus: player.kycStatus }).from(player).where(eq(player.username, 'demo.player'));
    if (!owner) throw new Error('demo.player is missing');
    const confirmBank = async () => {
      await page.getByTestId('bank-account').fill('IE29AIBK93115212345678');
      await page.getByTestId('bank-secure-code').fill('123456');
      await page.getByTestId('bank-confirm').click();
      const failed = page.getByTestId('deposit-failed');
      await failed.waitFor();
      return failed;
    };

    // The amount step allowed 25.00; a daily limit of 10.00 set since (another device, say) makes the server refuse it.
    await startDeposit(page, 'OMEGA_BANK', '25');
    await db.insert(rgLimit).values({ playerId: owner.id, limitType: 'DEPOSIT_LIMIT', periodType: 'Daily', periodDays: 1, currency: 'EUR', amount: 1_000n });
    try {
      const failed = await confirmBank();
      expect(await failed.getByTestId('deposit-failure-message').textContent()).toBe('Reached deposit limit max.');
      await failed.getByTestId('deposit-change-amount').click();
      await page.getByTestId('deposit-step-amount').waitFor();
      await page.getByTestId('deposit-wizard').getByTestId('wizard-back').click();
    } finally {
      await db.delete(rgLimit).where(eq(rgLimit.playerId, owner.id));
    }

    // The identity check stops passing while the wizard is open: the server's gate refuses, with no amount to change.
    await startDeposit(page, 'OMEGA_BANK', '25');
    await db.update(player).set({ kycStatus: 'KYC_FAILED_LOCK' }).where(eq(player.id, owner.id));
    try {
      const failed = await confirmBank();
      expect(await failed.getByTestId('deposit-failure-message').textContent()).toBe('KYC failed. Please contact Customer Support.');
      expect(await failed.getByTestId('deposit-change-amount').count()).toBe(0);
    } finally {
      await db.update(player).set({ kycStatus: owner.kycStatus }).where(eq(player.id, owner.id));
    }
  });

  it('DEP-27 a card deposit at 390 px, step by step', async () => {
    const { page } = await openAsPlayer(suite, 'demo.player', widths.mobile);
    const before = await headerBalance(page);
    await openWallet(page);
    await passDepositLimits(page);
    await snapshot(page, 'mobile-step0-methods');
    await page.getByTestId('deposit-methods').getByTestId('method-WPCGHOSTED_CARD').click();
    await page.getByTestId('quick-amount-20').click();
    await snapshot(page, 'mobile-step1-amount');
    await page.getByTestId('deposit-amount-proceed').click();
    await page.getByTestId('deposit-step-bonus').waitFor();
    await snapshot(page, 'mobile-step2-bonus');
    await page.getByTestId('deposit-bonus-proceed').click();
    await page.getByTestId('stored-cards').waitFor();
    await snapshot(page, 'mobile-step3-cards');
    await page.getByTestId('pay-new-card').click();
    const frame = providerFrame(page);
    await frame.locator('input[name="cardNumber"]').waitFor();
    await snapshot(page, 'mobile-step3-card-page');
    await payOnCardPage(frame, '4242 4242 4242 4242');
    expect(await depositCompleted(page)).toBe('€20.00');
    await snapshot(page, 'mobile-complete');
    await waitForHeaderBalance(page, before + 2_000n);
  });

  // Issue 29 item 8 (Gambling Regulation Act 2024, s. 165): an Irish player's e-wallet that reports
  // a credit card behind it is refused, in the player's words, and nothing reaches the balance.
  for (const [language, size, viewport] of [
    ['en', '1280', widths.desktop],
    ['mk', '390', widths.mobile],
  ] as const) {
    it(`an IE player's e-wallet deposit funded by a credit card is refused in words, ${language} at ${size} px; the balance is unchanged`, async () => {
      const { partyId, cookie } = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
      await suite.server.db.update(player).set({ country: 'IE', language }).where(eq(player.id, partyId));
      const portal = await suite.open({ viewport, sessionCookie: cookie, language });
      const { page } = portal;
      await portal.visit('/');
      expect(await headerBalance(page)).toBe(0n);
      await openWallet(page);
      await passDepositLimits(page);
      await page.getByTestId('deposit-methods').getByTestId('method-NETELLER').click();
      await page.getByTestId('deposit-amount').fill('40');
      await page.getByTestId('deposit-amount-proceed').click();
      await page.getByTestId('deposit-step-bonus').waitFor();
      await page.getByTestId('deposit-bonus-proceed').click();
      const step = page.getByTestId('deposit-step-ewallet');
      await step.getByTestId('ewallet-email').fill('saoirse@example.test');
      await step.getByTestId('ewallet-continue').click();
      const frame = providerFrame(page);
      await frame.locator('input[name="password"]').fill('any-password');
      await frame.locator('select[name="fundingSource"]').selectOption('CREDIT_CARD');
      await frame.locator('button[value="approve"]').click();

      const failed = page.getByTestId('deposit-failed');
      await failed.waitFor({ timeout: 30_000 });
      expect(await failed.getByTestId('deposit-failure-message').textContent()).toBe((language === 'mk' ? walletMk : walletEn)['wallet.failure.creditFunding']);
      await screenshot(page, `wallet-credit-funding-refused-${size}-${language}`);
      expect(await cashBalance(suite.server, partyId)).toBe(0n);
      expect(await suite.server.db.select().from(walletTransaction).where(eq(walletTransaction.playerId, partyId))).toEqual([]);
      await page.getByTestId('deposit-restart').click();
      await page.getByTestId('deposit-step-method').waitFor();
      expect(await headerBalance(page)).toBe(0n);
    });
  }
});
