import { describe, expect, it } from 'vitest';
import { usePortalSuite, type Portal } from './portal';

describe('private routes and the session (NAV-36…38, DEF-01, DEF-05)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  it('NAV-36 a visitor on /account?tab=x is sent to /login?tab=x with the login sidebar open', async () => {
    portal = await suite.open();
    await portal.visit('/account?tab=x');
    await portal.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(portal.page.url()).search).toBe('?tab=x');
    await portal.page.getByTestId('sidebar-login').waitFor();
    const origin = await portal.page.evaluate('history.state?.usr?.from?.pathname');
    expect(origin).toBe('/account');
  });

  it('NAV-27 a signed-in player opens /account', async () => {
    const player = await suite.server.createSignedInPlayer();
    portal = await suite.open({ sessionCookie: player.cookie });
    await portal.visit('/account?tab=responsible-gaming');
    await portal.page.getByTestId('account-page').waitFor();
    expect(new URL(portal.page.url()).pathname).toBe('/account');
  });

  it("NAV-38 DEF-01 a player without ROLE_ADMIN on /admin sees 'You are not authorized to access this page.'", async () => {
    const player = await suite.server.createSignedInPlayer({ roles: ['ROLE_USER'] });
    portal = await suite.open({ sessionCookie: player.cookie });
    await portal.visit('/admin');
    expect(await portal.page.getByTestId('access-denied').textContent()).toContain('You are not authorized to access this page.');
  });

  it('NAV-33 DEF-01 BOOT-17 ROLE_ADMIN opens /admin, loaded as its own chunk', async () => {
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    portal = await suite.open({ sessionCookie: admin.cookie });
    const scripts: string[] = [];
    portal.page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await portal.visit('/admin');
    await portal.page.getByTestId('operations').waitFor();
    expect(scripts.some((script) => /\/admin-[\w-]+\.js$/.test(script))).toBe(true);
  });

  it('NAV-34 NS-28 /entity is the back office: a player session of any role opens only the staff sign-in, never staff views', async () => {
    for (const roles of [['ROLE_USER'], ['ROLE_ADMIN'], []] as const) {
      const player = await suite.server.createSignedInPlayer({ roles: [...roles] });
      portal = await suite.open({ sessionCookie: player.cookie });
      await portal.visit('/entity');
      await portal.page.getByTestId('bo-sign-in').waitFor();
      expect(await portal.page.getByTestId('bo-staff').count()).toBe(0);
      await portal.context.close();
    }
  });

  it('NAV-70 a signed-in player gets the account dropdown instead of LOG IN and JOIN NOW', async () => {
    const player = await suite.server.createSignedInPlayer();
    portal = await suite.open({ sessionCookie: player.cookie });
    await portal.visit('/');
    await portal.page.getByTestId('account-menu').click();
    const menu = portal.page.getByRole('menu');
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['My Account', 'Responsible Gaming', 'Promotions', 'Refer A Friend', 'Logout']);
    expect(await portal.page.getByTestId('visitor-actions').count()).toBe(0);
  });

  it('DEF-05 the page script never sees the session key', async () => {
    const player = await suite.server.createSignedInPlayer();
    portal = await suite.open({ sessionCookie: player.cookie });
    await portal.visit('/');
    const [, token = ''] = player.cookie.split('=');
    const visible = await portal.page.evaluate('[document.cookie, JSON.stringify(localStorage), JSON.stringify(sessionStorage)].join("|")');
    expect(String(visible)).not.toContain(token);
  });
});
