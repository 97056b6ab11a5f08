import type { Locator, Page } from 'playwright-core';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { unusedStaffCode } from '../support/back-office';
import type { Portal } from './portal';

/** The back office's navigation: the views the member's permissions allow (issue 27 item 12). */
export function backOfficeNav(page: Page): Locator {
  return page.getByTestId('bo-nav');
}

/**
 * Opens a back-office view by its name in the navigation, as staff do: on a phone the navigation is
 * folded into the menu button, which is opened first.
 */
export async function openView(page: Page, name: string): Promise<void> {
  const menu = page.getByTestId('bo-menu');
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await backOfficeNav(page).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** The views' names in the navigation, in order. */
export async function viewNames(page: Page): Promise<string[]> {
  return backOfficeNav(page).getByRole('listitem').allTextContents();
}

/**
 * A demo staff member signs in to the back office at /entity as staff do: the password, then the
 * current TOTP code from the seeded secret; waits for `name` (the staff member's display name) in
 * the back office's own header (it has no cookie notice: none of the player portal's shell).
 */
export async function staffSignIn(portal: Portal, username: string, name: string): Promise<Page> {
  const { page } = portal;
  await portal.visit('/entity');
  const form = page.getByTestId('bo-sign-in');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: false }).first().fill(DEMO_STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  const step = page.getByTestId('bo-two-factor');
  await step.waitFor();
  const signedIn = page.getByTestId('bo-staff').filter({ hasText: name });
  const refused = step.getByText('The code is not valid');
  // A code is accepted once: each sign-in types a step's code this process has not used yet.
  await step.getByLabel('Code').fill(await unusedStaffCode(portal.server, username));
  await step.getByRole('button', { name: 'Sign in' }).click();
  await signedIn.or(refused).first().waitFor();
  if (await signedIn.isVisible()) return page;
  // A test that typed a code of its own may have used that step already: the next unused one.
  await step.getByLabel('Code').fill(await unusedStaffCode(portal.server, username));
  await step.getByRole('button', { name: 'Sign in' }).click();
  await signedIn.waitFor();
  return page;
}
