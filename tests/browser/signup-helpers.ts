import type { Page } from 'playwright-core';

/** A username and e-mail nobody has used yet in this run. */
export function freshPlayer(prefix: string): { username: string; email: string } {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.test` };
}

/** Fills sign-up step 1 (/join) with a valid adult player and ticks the mandatory consents. */
export async function fillStep1(page: Page, player: { username: string; email: string }, options: { consents?: boolean } = {}): Promise<void> {
  const form = page.getByTestId('signup-step-1');
  await form.getByRole('textbox', { name: 'E-mail' }).fill(player.email);
  await form.getByRole('textbox', { name: 'Username' }).fill(player.username);
  await form.locator('input[name="password"]').fill('green-hills-9');
  await form.getByTestId('birth-day').selectOption('7');
  await form.getByTestId('birth-month').selectOption('3');
  await form.getByTestId('birth-year').selectOption('1990');
  if (options.consents !== false) {
    await form.getByTestId('consent-TNC').locator('input').check();
    await form.getByTestId('consent-PRIVACY').locator('input').check();
  }
}

/** Fills sign-up step 2 (/contact); the sandbox identity check answers by last name. */
export async function fillStep2(page: Page, lastName: string): Promise<void> {
  const form = page.getByTestId('signup-step-2');
  await form.getByRole('textbox', { name: 'First name' }).fill('Aoife');
  await form.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await form.getByRole('textbox', { name: 'Mobile number' }).fill('087 123 4567');
  await form.getByRole('textbox', { name: 'Occupation' }).fill('Nurse');
  await form.getByRole('radio', { name: 'FEMALE' }).check();
  await form.getByRole('textbox', { name: 'House number' }).fill('12');
  await form.getByRole('textbox', { name: 'Street' }).fill('Main Street');
  await form.getByRole('textbox', { name: 'Townland / city' }).fill('Ballina');
  await form.getByRole('textbox', { name: 'County' }).fill('Mayo');
  await form.getByRole('textbox', { name: 'Eircode' }).fill('F26 X2Y3');
}

/** Signs in from the header's LOG IN button. */
export async function logIn(page: Page, username: string, password = 'emerald-demo-1'): Promise<void> {
  await page.getByTestId('visitor-actions').getByRole('button', { name: 'LOG IN' }).click();
  await signInWithSidebar(page, username, password);
}

export async function signInWithSidebar(page: Page, username: string, password = 'emerald-demo-1'): Promise<void> {
  const form = page.getByTestId('login-form');
  await form.getByRole('textbox', { name: 'Username or e-mail' }).fill(username);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'LOG IN' }).click();
}
