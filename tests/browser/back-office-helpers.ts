import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { staffSecretOf } from '../support/back-office';
import type { Portal } from './portal';

/**
 * A demo staff member signs in to the back office at /entity as staff do: the cookie notice
 * answered, the password, then the current TOTP code from the seeded secret; waits for `name`
 * (the staff member's display name) in the header. English screens.
 */
export async function staffSignIn(portal: Portal, username: string, name: string): Promise<Page> {
  const { page } = portal;
  await portal.visit('/entity');
  const accept = page.getByRole('button', { name: /^(Accept|Прифати)$/ });
  await accept.waitFor({ timeout: 3_000 }).then(
    () => accept.click(),
    () => undefined,
  );
  const form = page.getByTestId('bo-sign-in');
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password', { exact: false }).first().fill(DEMO_STAFF_PASSWORD);
  await form.getByRole('button', { name: 'Continue' }).click();
  const step = page.getByTestId('bo-two-factor');
  await step.waitFor();
  const signedIn = page.getByTestId('bo-staff').filter({ hasText: name });
  const refused = step.getByText('The code is not valid');
  for (let attempt = 0; ; attempt += 1) {
    await step.getByLabel('Code').fill(await generate({ secret: staffSecretOf(username) }));
    await step.getByRole('button', { name: 'Sign in' }).click();
    await signedIn.or(refused).first().waitFor();
    if (await signedIn.isVisible()) return page;
    // A code is accepted once (a replay is refused), and an earlier test may have signed this member
    // in within the same 30-second step: the next step's code, as a person would wait for it.
    if (attempt > 0) throw new Error(`${username}: the two-factor code was refused twice`);
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 200);
  }
}
