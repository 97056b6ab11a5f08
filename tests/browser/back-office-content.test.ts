import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { staffSignIn } from './back-office-helpers';
import { usePortalSuite } from './portal';

/**
 * The back office's Content view (issue 15 Content; NS-28, OPS-14, CONTENT-01): a content editor
 * signs in with two-factor, edits a promotion through the content service's WordPress REST, and the
 * portal's promotions page shows it. Desktop 1280 px.
 */
describe('back office content (NS-28, OPS-14, CONTENT-01)', () => {
  const suite = usePortalSuite();

  it("a content editor signs in, renames a promotion, and the portal's promotions page shows the new title", async () => {
    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.content', 'Cleo Content');

    // The content editor's only view is Content.
    expect(await page.getByRole('tablist', { name: 'Back-office views' }).getByRole('tab').allTextContents()).toEqual(['Content']);
    const list = page.getByTestId('bo-content-list');
    await list.waitFor();
    const row = list.getByRole('row').filter({ hasText: 'Free Spins Friday' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('bo-content-editor');
    await editor.getByLabel('Title').fill('Free Spins Friday & Saturday');
    // The description the portal shows; what is not allowed (a script) is removed on save.
    await editor.getByLabel('Description shown on the portal (HTML)').fill('<p>Twenty spins on Fridays and Saturdays.</p><script>document.title = "x"</script>');
    await screenshot(page, 'back-office-content-edit-desktop-en');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await list.getByRole('row').filter({ hasText: 'Free Spins Friday & Saturday' }).waitFor();
    expect(await page.getByTestId('bo-maintenance').getByRole('checkbox').isChecked()).toBe(false);
    await screenshot(page, 'back-office-content-saved-desktop-en');

    const reader = await suite.open({ viewport: { width: 1280, height: 900 } });
    await reader.visit('/promotions');
    const promotions = reader.page.getByTestId('promotion');
    await promotions.first().waitFor();
    expect(await promotions.locator('h2').allTextContents()).toContain('Free Spins Friday & Saturday');
    const renamed = promotions.filter({ hasText: 'Free Spins Friday & Saturday' });
    await renamed.getByText('Twenty spins on Fridays and Saturdays.').waitFor();
    expect(await renamed.locator('script').count()).toBe(0);
    await screenshot(reader.page, 'back-office-content-portal-promotions-desktop-en');
  });
});
