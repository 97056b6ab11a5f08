import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { staffSignIn, viewNames } from './back-office-helpers';
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
    expect(await viewNames(page)).toEqual(['Content']);
    const list = page.getByTestId('bo-content-list');
    await list.waitFor();
    const row = list.getByRole('row').filter({ hasText: 'Free Spins Friday' });
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('bo-content-editor');
    await editor.getByLabel('Title').fill('Free Spins Friday & Saturday');
    // The description the portal shows; what is not allowed (a script) is removed on save.
    await editor.getByTestId('bo-content-description').getByRole('tab', { name: 'HTML' }).click();
    await editor
      .getByLabel('Description shown on the portal (HTML)')
      .fill('<p>Twenty spins on Fridays and Saturdays.</p><script>document.title = "x"</script>');
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
  }, 120_000);
  it("a content editor changes a bonus plan's terms and a translation in English and Macedonian; the portal shows both, in each language (issue 15 Content, CONTENT-02, I18N-01)", async () => {
    const portal = await suite.open({ viewport: { width: 1280, height: 900 } });
    const { page } = portal;
    await staffSignIn(portal, 'bo.content', 'Cleo Content');
    const list = page.getByTestId('bo-content-list');
    await list.waitFor();

    // The bonus plan's player-facing side: its promotion's terms (the plan's money rules are only named).
    await list.getByRole('row').filter({ hasText: 'Welcome Bonus' }).getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('bo-content-editor');
    await editor.getByTestId('bo-plan-link').filter({ hasText: 'Bonus plan #1001' }).waitFor();
    // Issue 27 item 13: the terms are edited as formatted text with a toolbar, the HTML one press away,
    // and a preview as the portal shows it — without the handler or script typed into the HTML.
    const terms = editor.getByTestId('bo-content-terms');
    const formatted = terms.getByRole('textbox', { name: 'Terms and conditions' });
    await formatted.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Wager the bonus ');
    await terms.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type('10 times');
    await terms.getByRole('button', { name: 'Bold', exact: true }).click();
    await page.keyboard.type(' within 30 days.');
    const preview = terms.getByTestId('bo-content-terms-preview');
    await preview.locator('strong').filter({ hasText: '10 times' }).waitFor();
    expect(await preview.textContent()).toContain('Preview: as players will see it, in English');
    await terms.getByRole('tab', { name: 'HTML' }).click();
    const html = terms.getByLabel('Terms and conditions (HTML)');
    expect(await html.inputValue()).toBe('<p>Wager the bonus <strong>10 times</strong> within 30 days.</p>');
    await html.fill('<ul><li onclick="document.title=1">Wager the bonus 10 times within 30 days.</li></ul><script>document.title = "x"</script>');
    await preview.locator('li').filter({ hasText: 'Wager the bonus 10 times within 30 days.' }).waitFor();
    expect(await preview.locator('[onclick], script').count()).toBe(0);
    await terms.scrollIntoViewIfNeeded();
    await screenshot(page, 'back-office-content-rich-text-desktop-en');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // The loyalty shop's items: descriptions side by side, the rules read-only.
    await page.getByLabel('Type').selectOption('loyalty_item');
    await page.getByTestId('bo-loyalty-list').getByRole('row').filter({ hasText: 'BONUS-EUR-5' }).getByRole('button', { name: 'Edit' }).click();
    const item = page.getByTestId('bo-loyalty-editor');
    await item.getByTestId('bo-loyalty-rules').filter({ hasText: '500' }).waitFor();
    await screenshot(page, 'back-office-content-loyalty-desktop-en');
    await item.getByRole('button', { name: 'Close' }).click();

    // The interface texts, both languages side by side; a key in one language only is not saved.
    await page.getByLabel('Type').selectOption('translations');
    const texts = page.getByTestId('bo-translations');
    await texts.getByTestId('bo-translation').first().waitFor();
    await texts.getByLabel('New key', { exact: true }).fill('promotions.intro');
    await texts.getByLabel('English text of the new key').fill('Spring offers for every player. 18+ only.');
    await texts.getByRole('button', { name: 'Add key' }).click();
    await texts.getByRole('button', { name: 'Save both languages' }).click();
    await texts.getByRole('alert').filter({ hasText: 'promotions.intro: both the English and the Macedonian text are needed' }).waitFor();
    await texts.getByLabel('Macedonian text of promotions.intro').fill('Пролетни понуди за секој играч. Само 18+.');
    await screenshot(page, 'back-office-content-translations-desktop-en');
    await texts.getByRole('button', { name: 'Save both languages' }).click();
    await page.getByTestId('bo-translations').getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    // The English promotion's terms changed (the Macedonian promotion is its own post); the intro text in both.
    const english = await suite.open({ viewport: { width: 1280, height: 900 } });
    await english.visit('/promotions');
    await english.page.getByText('Spring offers for every player. 18+ only.').waitFor();
    const welcome = english.page
      .getByTestId('promotion')
      .filter({ has: english.page.getByTestId('promotion-terms-preview').filter({ hasText: 'Wager the bonus 10 times within 30 days.' }) });
    await welcome.waitFor();
    expect(await welcome.locator('[onclick], script').count()).toBe(0);
    await screenshot(english.page, 'back-office-content-portal-translation-desktop-en');
    const macedonian = await suite.open({ viewport: { width: 390, height: 844 } });
    await macedonian.visit('/promotions?locale=mk');
    await macedonian.page.getByText('Пролетни понуди за секој играч. Само 18+.').waitFor();
    expect(await macedonian.page.getByText('Spring offers for every player. 18+ only.').count()).toBe(0);
    await screenshot(macedonian.page, 'back-office-content-portal-translation-mobile-mk');

    // The editor's views in Macedonian and on a phone (same staff session).
    for (const [width, height, locale, name] of [
      [1280, 900, 'mk', 'desktop-mk'],
      [390, 844, 'en', 'mobile-en'],
      [390, 844, 'mk', 'mobile-mk'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await portal.visit(`/entity?locale=${locale}`);
      const type = page.getByTestId('bo-content').locator('select').first();
      await type.selectOption('translations');
      await page.getByTestId('bo-translation').first().waitFor();
      await screenshot(page, `back-office-content-translations-${name}`);
      await type.selectOption('bonus');
      await page.getByTestId('bo-content-list').getByRole('row').nth(1).getByRole('button').click();
      await page.getByTestId('bo-plan-link').waitFor();
      await screenshot(page, `back-office-content-bonus-plan-${name}`);
    }
  }, 180_000);
});
