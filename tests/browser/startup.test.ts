import { describe, expect, it } from 'vitest';
import { initiatorsOf, usePortalSuite, type Portal } from './portal';

describe('start-up discovery (BOOT)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  it('BOOT-01 BOOT-02 BOOT-08 finds the services from the configuration and renders the shell', async () => {
    portal = await suite.open();
    const calls: string[] = [];
    portal.page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    await portal.visit('/');
    await portal.page.getByTestId('home-page').waitFor();
    expect(calls).toContain('/cms/wp-json/wp/v2/configuration');
    expect(calls).toContain('/ps/ping');
    expect(calls).toContain('/cms/wp-json/wp/v2/translations');
    expect(await portal.page.getByTestId('layout-main').isVisible()).toBe(true);
  });

  it('BOOT-01 BOOT-02 issue 17: the page asks for the configuration and the ping in its head, and discovery takes those answers', async () => {
    portal = await suite.open();
    await portal.visit('/play');
    await portal.page.getByTestId('layout-main').waitFor();
    for (const address of ['/cms/wp-json/wp/v2/configuration', '/ps/ping']) {
      // Once, by the link: a second request from the script would be a 'fetch' entry.
      expect(await initiatorsOf(portal.page, address), address).toEqual(['link']);
    }
  });

  it("BOOT-06 BOOT-07 NS-11 a maintenance marker replaces the whole app with 'Sorry, we're down for maintenance. We'll be back shortly.'", async () => {
    await suite.server.updateConfiguration({ maintenance: true });
    try {
      portal = await suite.open();
      await portal.visit('/promotions');
      const maintenance = portal.page.getByTestId('maintenance-page');
      expect(await maintenance.textContent()).toContain("Sorry, we're down for maintenance. We'll be back shortly.");
      expect(await portal.page.locator('[data-layout]').count()).toBe(0);
    } finally {
      await suite.server.updateConfiguration({ maintenance: false });
    }
  });

  it('BOOT-17 the operations area is not part of what the home page downloads', async () => {
    portal = await suite.open();
    const scripts: string[] = [];
    portal.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await portal.visit('/');
    await portal.page.getByTestId('home-page').waitFor();
    await portal.page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((script) => /\/admin-[\w-]+\.js$/.test(script))).toBe(false);
  });

  describe('on a node that does not serve the content service (SERVICES without content)', () => {
    const withoutContent = usePortalSuite({ SERVICES: 'platform,games,management' });

    it("BOOT-03 BOOT-04 when no content service answers the configuration, it shows 'Could not locate cms domain'", async () => {
      const portal = await withoutContent.open();
      const configuration = portal.page.waitForResponse((response) => new URL(response.url()).pathname === '/cms/wp-json/wp/v2/configuration');
      await portal.visit('/');
      expect((await configuration).ok()).toBe(false);
      const failure = portal.page.getByTestId('startup-error');
      expect(await failure.getAttribute('data-service')).toBe('cms');
      expect(await failure.textContent()).toContain('Could not locate cms domain');
    });
  });

  describe('on a node that does not serve the platform service (SERVICES without platform)', () => {
    const withoutPlatform = usePortalSuite({ SERVICES: 'content,games,management' });

    it("BOOT-05 when no platform service answers its ping, it shows 'Could not locate ps domain' with code 500", async () => {
      const portal = await withoutPlatform.open();
      const pinged = portal.page.waitForResponse((response) => new URL(response.url()).pathname === '/ps/ping');
      await portal.visit('/');
      expect((await pinged).ok()).toBe(false);
      const failure = portal.page.getByTestId('startup-error');
      expect(await failure.getAttribute('data-service')).toBe('ps');
      const text = await failure.textContent();
      expect(text).toContain('Could not locate ps domain');
      expect(text).toContain('500');
    });
  });
});
