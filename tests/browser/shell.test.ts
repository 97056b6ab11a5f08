import { describe, expect, it } from 'vitest';
import { viewports } from '../support/browser';
import { usePortalSuite, type Portal } from './portal';

describe('the shell: layouts, sidebars, footer, cookie notice and error pages (NAV)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  it('NAV-46 opening the login sidebar from the navigation sidebar closes the navigation sidebar', async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('nav-toggle').click();
    const navigation = page.getByTestId('sidebar-navigation');
    await navigation.waitFor();
    await navigation.getByRole('button', { name: 'LOG IN' }).click();
    await page.getByTestId('sidebar-login').waitFor();
    await navigation.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sidebar-signup').count()).toBe(0);
  });

  it('NAV-46 switching from login to sign-up leaves only the sign-up sidebar open', async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('visitor-actions').getByRole('button', { name: 'LOG IN' }).click();
    const login = page.getByTestId('sidebar-login');
    await login.getByRole('button', { name: 'JOIN NOW' }).click();
    await page.getByTestId('sidebar-signup').waitFor();
    await login.waitFor({ state: 'detached' });
    expect(await page.getByTestId('sidebar-navigation').count()).toBe(0);
  });

  it('NAV-58 NAV-59 the visitor navigation sidebar lists its items and the clock', async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/');
    await page.getByTestId('nav-toggle').click();
    const navigation = page.getByTestId('sidebar-navigation');
    await navigation.waitFor();
    for (const name of ['LOG IN', 'JOIN NOW']) expect(await navigation.getByRole('button', { name }).isVisible()).toBe(true);
    for (const name of ['LIVE HELP', 'About', 'Promotions', 'Responsible Gambling', 'Contact']) {
      expect(await navigation.getByRole('link', { name }).isVisible()).toBe(true);
    }
    expect(await navigation.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/about-us');
    // That it ticks every second is the component's test (clock.test.tsx), on the test's own clock.
    expect(await page.getByTestId('nav-clock').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('NAV-50 NAV-51 NAV-52 the cookie notice shows the configured text, and once accepted stays away after a reload', async () => {
    portal = await suite.open();
    const { page, context } = portal;
    await portal.visit('/');
    const notice = page.getByTestId('cookie-notice');
    expect(await notice.textContent()).toContain('We use cookies');
    expect(await notice.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/terms-conditions');
    expect(await notice.getByRole('link', { name: 'Funds protection' }).getAttribute('href')).toBe('/funds-protection');
    await notice.getByRole('button', { name: 'Accept' }).click();
    await notice.waitFor({ state: 'detached' });

    const acceptance = (await context.cookies()).find((cookie) => cookie.name === 'COOKIES_ACCEPTED');
    const days = ((acceptance?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    await page.reload();
    await page.getByTestId('home-page').waitFor();
    expect(await page.getByTestId('cookie-notice').count()).toBe(0);
  });

  it('NAV-48 NAV-49 the footer links the legal pages and shows the configured text and images', async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/');
    const footer = page.getByTestId('site-footer');
    const hrefs = await footer
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/terms-conditions', '/privacy-policy', '/contact-us', '/funds-protection']);
    expect(await footer.getByTestId('footer-text').textContent()).toMatch(/\S/);
    expect(await footer.getByTestId('footer-images').getByRole('img').count()).toBeGreaterThan(0);
  });

  it("NAV-35 NAV-53 NAV-55 the 404 page's game search leads to /play?search=", async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/no-such-page');
    const notFound = page.getByTestId('error-page-404');
    expect(await notFound.textContent()).toContain("We couldn't find this page.");
    await notFound.getByRole('searchbox').fill('gold rush');
    await notFound.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/play');
    expect(new URL(page.url()).searchParams.get('search')).toBe('gold rush');
  });

  it('NAV-56 the 404 page links the pages a lost player is after', async () => {
    portal = await suite.open();
    await portal.visit('/still-no-such-page');
    const hrefs = await portal.page
      .getByTestId('error-page-404')
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual([
      '/play',
      '/promotions',
      '/about-us',
      '/privacy-policy',
      '/terms-conditions',
      '/funds-protection',
      '/responsible-gaming',
      '/casino-glossary',
    ]);
  });

  it('NAV-39 NAV-40 NAV-41 asEmbedded hides the header and footer; a page other than game play gets the fallback view', async () => {
    portal = await suite.open();
    const { page } = portal;
    await portal.visit('/play?asEmbedded=true');
    const embedded = page.getByTestId('layout-embedded');
    expect(await embedded.getAttribute('data-view')).toBe('game-play');
    expect(await page.getByTestId('site-header').count()).toBe(0);
    expect(await page.getByTestId('site-footer').count()).toBe(0);

    await portal.visit('/promotions?asEmbedded=true');
    expect(await page.getByTestId('layout-embedded').getAttribute('data-view')).toBe('fallback');
    expect(await page.getByTestId('embedded-fallback').isVisible()).toBe(true);
  });

  it('NAV-22 NAV-39 /minigames always uses the embedded layout', async () => {
    portal = await suite.open();
    await portal.visit('/minigames');
    expect(await portal.page.getByTestId('layout-embedded').getAttribute('data-view')).toBe('game-play');
  });

  it('NAV-42 NAV-44 the layout reports mobile at 390 px and tablet at 1024 px', async () => {
    portal = await suite.open({ viewport: viewports.mobile });
    await portal.visit('/');
    expect(await portal.page.getByTestId('layout-main').getAttribute('data-viewport')).toBe('mobile');
    await portal.page.setViewportSize(viewports.tablet);
    await expect.poll(() => portal.page.getByTestId('layout-main').getAttribute('data-viewport')).toBe('tablet');
  });

  it('NAV-45 the small-icons configuration narrows the content to 740 px', async () => {
    await suite.server.updateConfiguration({ small_icons: '1' });
    try {
      portal = await suite.open();
      await portal.visit('/');
      const width = await portal.page.locator('#main').evaluate((main) => main.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(740);
    } finally {
      await suite.server.updateConfiguration({ small_icons: '0' });
    }
  });
});
