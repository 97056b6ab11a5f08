import { describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal } from './portal';

function daysLeft(expires: number | undefined): number {
  return ((expires ?? 0) * 1000 - Date.now()) / 86_400_000;
}

describe('languages (I18N)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  it('I18N-02 DEF-23 a first visit sets LANG=en for 30 days without reloading the page', async () => {
    portal = await suite.open();
    let documents = 0;
    portal.page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === portal.page.mainFrame()) documents += 1;
    });
    await portal.visit('/');
    await portal.page.getByTestId('home-page').waitFor();
    await portal.page.waitForTimeout(500);
    expect(documents).toBe(1);
    const lang = (await portal.context.cookies()).find((cookie) => cookie.name === 'LANG');
    expect(lang?.value).toBe('en');
    expect(daysLeft(lang?.expires)).toBeGreaterThan(29);
    expect(await portal.page.evaluate('document.documentElement.lang')).toBe('en');
  });

  it('I18N-03 the header switch turns the interface to Macedonian and back, remembering the choice', async () => {
    portal = await suite.open();
    const { page, context } = portal;
    await portal.visit('/');
    const header = page.getByTestId('site-header');
    await page.getByTestId('header-language-mk').click();
    await header.getByRole('button', { name: 'НАЈАВА' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('mk');
    expect((await context.cookies()).find((cookie) => cookie.name === 'LANG')?.value).toBe('mk');

    await page.reload();
    await header.getByRole('button', { name: 'НАЈАВА' }).waitFor();

    await page.getByTestId('header-language-en').click();
    await header.getByRole('button', { name: 'LOG IN' }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'LANG')?.value).toBe('en');
  });

  it('I18N-03 the navigation sidebar offers the same switch', async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('nav-language-mk').click();
    await page.getByTestId('sidebar-navigation').getByRole('heading', { name: 'Мени' }).waitFor();
  });

  it('I18N-06 ?locale=mk stores LOCALE for 30 days and switches the language', async () => {
    portal = await suite.open();
    await portal.visit('/?locale=mk');
    await portal.page.getByTestId('site-header').getByRole('button', { name: 'ЗАЧЛЕНИ СЕ' }).waitFor();
    const cookies = await portal.context.cookies();
    const locale = cookies.find((cookie) => cookie.name === 'LOCALE');
    expect(locale?.value).toBe('mk');
    expect(daysLeft(locale?.expires)).toBeLessThanOrEqual(30);
    expect(daysLeft(locale?.expires)).toBeGreaterThan(29);
    expect(cookies.find((cookie) => cookie.name === 'LANG')?.value).toBe('mk');
  });

  it('I18N-01 BOOT-11 strings from the content translations are laid over the bundled ones', async () => {
    portal = await suite.open();
    await portal.page.route('**/wp-json/wp/v2/translations?slug=en', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify([
          { id: 1, slug: 'en', title: { rendered: 'English' }, modified_gmt: '2026-01-01T00:00:00', acf: { strings: 'header.join::SIGN ME UP' } },
        ]),
      }),
    );
    await portal.visit('/');
    await portal.page.getByTestId('visitor-actions').getByRole('button', { name: 'SIGN ME UP' }).waitFor();
    // I18N-07: keys the content does not override keep their bundled English text.
    expect(await portal.page.getByTestId('visitor-actions').getByRole('button', { name: 'LOG IN' }).isVisible()).toBe(true);
  });
});
