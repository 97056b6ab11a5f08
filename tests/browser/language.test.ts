import { describe, expect, it } from 'vitest';
import { findPublishedPosts, upsertPost } from '../../server/content/content-posts.repository';
import { TRANSLATIONS_TYPE } from '../../server/content/translations/translations.handler';
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
    // The page sets the cookie itself: once it is there, a page that reloaded for it would have
    // started loading again by the page's next animation frames (a reload ends this document, and
    // the mark on it with it).
    await portal.page.evaluate('window.__firstDocument = true');
    await expect.poll(async () => (await portal.context.cookies()).some((cookie) => cookie.name === 'LANG')).toBe(true);
    await portal.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
    expect(await portal.page.evaluate('window.__firstDocument === true')).toBe(true);
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

  it("I18N-02 I18N-03 the navigation sidebar's language select turns the interface to Macedonian and back, without a reload", async () => {
    portal = await suite.open();
    const { page, context } = portal;
    let documents = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1;
    });
    await portal.visit('/');
    await page.getByTestId('nav-toggle').click();
    const sidebar = page.getByTestId('sidebar-navigation');

    const language = sidebar.getByRole('combobox', { name: 'Language' });
    expect(await language.textContent()).toBe('English');
    await language.click();
    await page.getByRole('option', { name: 'Македонски' }).click();
    await sidebar.getByRole('heading', { name: 'Мени' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('mk');
    expect((await context.cookies()).find((cookie) => cookie.name === 'LANG')?.value).toBe('mk');
    // The header keeps its pill, and it follows.
    expect(await page.getByTestId('header-language-mk').getAttribute('aria-pressed')).toBe('true');

    // Back by keyboard: the label now reads 'Јазик'; Enter opens on the chosen option, ArrowUp and Enter pick English.
    const languageInMacedonian = sidebar.getByRole('combobox', { name: 'Јазик' });
    await languageInMacedonian.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('listbox').waitFor();
    // Radix focuses the chosen option once the list is placed.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Македонски');
    // Radix focuses the chosen option again whenever the list is placed anew, which on a busy machine
    // can come after the first ArrowUp; English is the first option, so pressing again stays on it.
    await expect
      .poll(async () => {
        await page.keyboard.press('ArrowUp');
        return page.evaluate('document.activeElement?.textContent');
      })
      .toBe('English');
    await page.keyboard.press('Enter');
    await sidebar.getByRole('heading', { name: 'Menu' }).waitFor();
    // Radix gives focus back to the trigger once the list has closed, which may be a frame after the text changed.
    await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("role")')).toBe('combobox');
    expect((await context.cookies()).find((cookie) => cookie.name === 'LANG')?.value).toBe('en');
    expect(documents).toBe(1);
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
    // An operator overrides one English string in the content service (stored as the translations post).
    const [english] = await findPublishedPosts(suite.server.db, TRANSLATIONS_TYPE, { slug: 'en' });
    const strings = typeof english?.acf.strings === 'string' ? english.acf.strings : '';
    await upsertPost(suite.server.db, {
      type: TRANSLATIONS_TYPE,
      slug: 'en',
      title: english?.title ?? 'English',
      acf: { ...(english?.acf ?? {}), strings: [strings, 'header.join::SIGN ME UP'].filter(Boolean).join('\n') },
    });
    portal = await suite.open();
    await portal.visit('/');
    await portal.page.getByTestId('visitor-actions').getByRole('button', { name: 'SIGN ME UP' }).waitFor();
    // I18N-07: keys the content does not override keep their bundled English text.
    expect(await portal.page.getByTestId('visitor-actions').getByRole('button', { name: 'LOG IN' }).isVisible()).toBe(true);
  });
});
