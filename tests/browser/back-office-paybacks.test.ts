import { describe, expect, it } from 'vitest';
import { unusedStaffCode } from '../support/back-office';
import { screenshot } from '../support/browser';
import { DEMO_STAFF_PASSWORD } from '../../server/seed/demo/back-office';
import { usePortalSuite } from './portal';
import { openView } from './back-office-helpers';

/** Issue 26 item 9: a self-excluded crypto depositor's cash waits in the Payments tab until a payments member marks it returned. Desktop. */
describe('back office: self-exclusion paybacks left for staff', () => {
  const suite = usePortalSuite();

  it('the open payback task is listed with why it could not be automatic; a note and "Mark returned" close it', async () => {
    const player = await suite.server.createSignedInPlayer({ currencies: ['EUR'] });
    await suite.server.fundPlayer(player.partyId, 4_200n, 'EUR', { methodCode: 'NB_NEKBIT' });
    const locked = await fetch(`${suite.server.url}/ps/lockPlayer`, {
      method: 'POST',
      headers: { cookie: player.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ lockType: 'EXCLUSION', lockPeriodUnit: 'MONTH', lockPeriod: 6 }),
    });
    expect(locked.status).toBe(200);

    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await portal.visit('/entity');
    const form = page.getByTestId('bo-sign-in');
    await form.getByLabel('Username').fill('bo.payments');
    await form.getByLabel('Password', { exact: false }).first().fill(DEMO_STAFF_PASSWORD);
    await form.getByRole('button', { name: 'Continue' }).click();
    const step = page.getByTestId('bo-two-factor');
    await step.getByLabel('Code').fill(await unusedStaffCode(suite.server, 'bo.payments'));
    await step.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('bo-staff').filter({ hasText: 'Pat Payments' }).waitFor();
    await openView(page, 'Payments');

    const row = page.getByTestId('bo-payback-task').filter({ hasText: '€42.00' });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('crypto');
    await page.getByTestId('bo-payback-tasks').getByLabel('How the money was returned').fill('Bank transfer confirmed by phone');
    await screenshot(page, 'back-office-payback-tasks-desktop-en');
    await row.getByRole('button', { name: 'Mark returned' }).click();
    await page.getByText('Marked returned: the task is closed and the flag with it.').waitFor();
    await expect.poll(async () => page.getByTestId('bo-payback-task').filter({ hasText: '€42.00' }).count()).toBe(0);
    await screenshot(page, 'back-office-payback-done-desktop-en');
  });
});
