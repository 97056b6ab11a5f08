import type { FrameLocator, Page } from 'playwright-core';
import { expect, onTestFailed } from 'vitest';
import { toMinorUnits } from '../../contracts/money';
import { viewports } from '../support/browser';
import type { Portal, PortalSuite } from './portal';

/** The wallet's two layouts: a dialog at 1280 px, a full-screen sheet at 390 px (DIS-10). */
export const widths = {
  desktop: { width: 1280, height: 800 },
  mobile: viewports.mobile,
} as const;

/**
 * A fresh profile signed in through the platform (the cookie lands in the browser profile), no
 * page loaded yet: for tests that start deeper in the portal than its home page.
 */
export async function signIn(
  suite: PortalSuite,
  username = 'demo.player',
  viewport: { width: number; height: number } = widths.desktop,
  lifetime: 'test' | 'file' = 'test',
): Promise<Portal> {
  const portal = await suite.open({ viewport }, lifetime);
  const answer = await portal.context.request.post(`${suite.server.url}/ps/login`, { data: { username, password: 'emerald-demo-1' } });
  if (!answer.ok()) throw new Error(`login of ${username} answered ${answer.status()}`);
  return portal;
}

/** Signs the browser in through the platform (the cookie lands in the browser profile) and opens the home page. */
export async function openAsPlayer(
  suite: PortalSuite,
  username = 'demo.player',
  viewport: { width: number; height: number } = widths.desktop,
  lifetime: 'test' | 'file' = 'test',
): Promise<Portal> {
  const portal = await signIn(suite, username, viewport, lifetime);
  await portal.visit('/');
  await portal.page.getByTestId('player-actions').waitFor();
  return portal;
}

/**
 * One signed-in desktop page for the wallet tests of a file, handed to each test with the wallet
 * closed: a new profile, a sign-in and a first load of the portal cost seconds a test on a busy
 * machine, and these tests are about what happens inside the wallet. A test that fails leaves its
 * page behind; the next test then signs in on a fresh profile.
 */
export function useWalletPage(suite: PortalSuite, username = 'demo.player'): () => Promise<Portal> {
  let shared: Portal | undefined;
  return async () => {
    onTestFailed(() => {
      shared = undefined;
    });
    if (!shared) {
      shared = await openAsPlayer(suite, username, widths.desktop, 'file');
      return shared;
    }
    for (const other of shared.context.pages()) if (other !== shared.page) await other.close();
    await closeWallet(shared.page);
    return shared;
  };
}

/** Closes the wallet if it is open, quitting an unfinished deposit or withdrawal (WALLET-04…07). */
export async function closeWallet(page: Page): Promise<void> {
  const wallet = page.getByTestId('wallet');
  const confirm = page.getByTestId('wallet-close-confirm');
  if ((await wallet.count()) === 0) return;
  await page.getByTestId('wallet-close').click();
  await expect
    .poll(async () => {
      if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Quit' }).click();
      return wallet.count();
    })
    .toBe(0);
}

/** "€1,234.50" → 123450n: shown money read back exactly. */
export function minorUnitsOf(text: string | null): bigint {
  // Either language's format (contracts/format.ts): "€5,000.00" or "5.000,00 €". Money is always
  // written with its decimals, so the last separator is the decimal one; the sign is not read.
  const kept = (text ?? '').replace(/[^\d.,]/g, '');
  const decimal = kept.lastIndexOf(',') > kept.lastIndexOf('.') ? ',' : '.';
  const plain = kept
    .split(decimal === ',' ? '.' : ',')
    .join('')
    .replace(',', '.');
  return toMinorUnits(Number(plain));
}

/** The header's balance (WALLET-15) once it has been read. */
export async function headerBalance(page: Page): Promise<bigint> {
  const amount = page.getByTestId('header-balance-amount');
  await amount.waitFor();
  return minorUnitsOf(await amount.textContent());
}

/** Waits until the header shows this balance (pushed or read again after a wallet change). */
export async function waitForHeaderBalance(page: Page, expected: bigint): Promise<void> {
  await expect.poll(() => headerBalance(page), { timeout: 20_000, message: `the header should show ${expected} minor units` }).toBe(expected);
}

/** Opens the wallet from the header (the balance button is there at every width). */
export async function openWallet(page: Page): Promise<void> {
  await page.getByTestId('header-balance').click();
  await page.getByTestId('wallet').waitFor();
}

/** Confirms the deposit-limit screen when it is shown (DEP-02). */
export async function passDepositLimits(page: Page): Promise<void> {
  const limits = page.getByTestId('deposit-limits-screen');
  const past = page.getByTestId('deposit-wizard').or(page.getByTestId('deposit-no-methods'));
  await past.or(limits).first().waitFor();
  if (await limits.isVisible()) {
    await page.getByTestId('deposit-limits-confirm').click();
    await limits.waitFor({ state: 'detached' });
  }
}

/** Steps 0–2 of the deposit wizard: method, amount, no bonus. */
export async function startDeposit(page: Page, method: string, amount: string): Promise<void> {
  if (
    !(await page
      .getByTestId('wallet')
      .isVisible()
      .catch(() => false))
  )
    await openWallet(page);
  await passDepositLimits(page);
  const again = page.getByTestId('deposit-wizard').getByRole('button', { name: 'Make another deposit' });
  if (await again.isVisible().catch(() => false)) await again.click();
  if (
    await page
      .getByTestId('deposit-restart')
      .isVisible()
      .catch(() => false)
  )
    await page.getByTestId('deposit-restart').click();
  await page.getByTestId('deposit-methods').getByTestId(`method-${method}`).click();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-amount-proceed').click();
  await page.getByTestId('deposit-step-bonus').waitFor();
  await page.getByTestId('deposit-bonus-proceed').click();
}

/** The provider's page inside the wallet (DEP-31). */
export const providerFrame = (page: Page, scope = 'deposit-wizard'): FrameLocator =>
  page.getByTestId(scope).frameLocator('[data-testid="provider-frame"], [data-testid="add-card-frame"]');

/** Fills the sandbox's hosted card page and pays (docs/sandbox-payments.md test cards). */
export async function payOnCardPage(frame: FrameLocator, cardNumber: string, options: { save?: boolean } = {}): Promise<void> {
  await frame.locator('input[name="cardNumber"]').fill(cardNumber);
  await frame.locator('input[name="nameOnCard"]').fill('Aoife Byrne');
  await frame.locator('input[name="expiry"]').fill('12/30');
  await frame.locator('input[name="cvc"]').fill('123');
  if (options.save) await frame.locator('input[name="saveCard"]').check();
  await frame.locator('button[value="pay"]').click();
}

/** Waits for the completion screen and gives the amount it shows. */
export async function depositCompleted(page: Page): Promise<string> {
  const complete = page.getByTestId('deposit-complete');
  await complete.waitFor({ timeout: 30_000 });
  return (await complete.getByTestId('deposit-complete-amount').textContent()) ?? '';
}

/**
 * Screenshots for looking at the wallet, one per step and width, taken once the wallet's fade-ins
 * have ended (the endless spinners excepted) rather than after a fixed pause.
 */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.evaluate(`Promise.all([
    document.fonts.ready,
    ...document.getAnimations().filter((animation) => animation.effect?.getTiming().iterations !== Infinity).map((animation) => animation.finished.catch(() => undefined)),
  ])`);
  await page.screenshot({ path: `/tmp/wallet-${name}.png` });
}

/** Puts money in the signed-in player's cash balance through the cashier itself: a sandbox bank transfer. */
export async function fundByBankTransfer(portal: Portal, baseUrl: string, amount: number): Promise<void> {
  const answer = await portal.context.request.post(`${baseUrl}/ps/processDeposit`, {
    data: { requestId: crypto.randomUUID(), paymentMethod: 'OMEGA_BANK', amount, accountId: 'IE29AIBK93115212345678', secureId: '123456' },
  });
  const body = (await answer.json()) as { status?: string };
  if (!answer.ok() || body.status !== 'SUCCESS') throw new Error(`the bank transfer answered ${answer.status()} ${JSON.stringify(body)}`);
}
