import { describe, expect, inject, it } from 'vitest';
import type { HealthResponse } from '../../contracts/management/health';
import { usePortalSuite, type Portal } from './portal';

const isHealthCall = (url: string) => new URL(url).pathname === '/management/health';

describe('operations area (OPS-01, OPS-02, OPS-10, NAV-33)', () => {
  const suite = usePortalSuite();
  let portal: Portal;

  async function openAsAdmin(path = '/admin'): Promise<Portal> {
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    portal = await suite.open({ sessionCookie: admin.cookie });
    await portal.visit(path);
    return portal;
  }

  it('OPS-02 OPS-10 NAV-33 ROLE_ADMIN sees the Health tab: UP, the database driver and version, the application version and uptime', async () => {
    const { page } = await openAsAdmin();
    await page.getByRole('heading', { level: 1, name: 'Operations' }).waitFor();

    const tabs = page.getByRole('tablist', { name: 'Operations views' });
    const health = tabs.getByRole('tab', { name: 'Health' });
    expect(await health.getAttribute('aria-selected')).toBe('true');
    const panel = page.getByRole('tabpanel', { name: 'Health' });
    await panel.waitFor();

    await page.getByTestId('health-status').filter({ hasText: 'UP' }).waitFor();
    expect(await page.getByTestId('health-db-status').textContent()).toBe('UP');
    expect(await page.getByTestId('health-db-driver').textContent()).toBe(inject('testDatabase').kind);
    expect(await page.getByTestId('health-db-version').textContent()).toMatch(/\d/);
    expect(await page.getByTestId('health-version').textContent()).not.toBe('');
    expect(await page.getByTestId('health-uptime').textContent()).toMatch(/^\d+ (d|h|min|s)( \d+ (h|min|s))?$/);
    expect(await page.getByRole('tab').count()).toBe(1);
  });

  it('OPS-02 Refresh reads the health endpoint again', async () => {
    const { page } = await openAsAdmin();
    await page.getByTestId('health-status').waitFor();
    const again = page.waitForResponse((response) => isHealthCall(response.url()));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await again).status()).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
  });

  it('OPS-02 a 503 answer reporting DOWN is shown as DOWN, not as an error toast', async () => {
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    portal = await suite.open({ sessionCookie: admin.cookie });
    const down: HealthResponse = {
      status: 'DOWN',
      version: '9.9.9',
      uptimeSeconds: 7_500,
      components: { db: { status: 'DOWN', details: { driver: 'postgres', error: 'connection refused' } } },
    };
    await portal.page.route('**/management/health', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(down) }),
    );
    await portal.visit('/admin');
    const { page } = portal;
    await page.getByTestId('health-status').filter({ hasText: 'DOWN' }).waitFor();
    expect(await page.getByTestId('health-db-status').textContent()).toBe('DOWN');
    expect(await page.getByTestId('health-db-error').textContent()).toBe('connection refused');
    expect(await page.getByTestId('health-uptime').textContent()).toBe('2 h 5 min');
    await page.waitForTimeout(300);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
  });

  it('OPS-10 NAV-33 DEF-01 a ROLE_USER player on /admin sees "You are not authorized to access this page." and no health is read', async () => {
    const staff = await suite.server.createSignedInPlayer({ roles: ['ROLE_USER'] });
    portal = await suite.open({ sessionCookie: staff.cookie });
    let healthCalls = 0;
    portal.page.on('request', (request) => {
      if (isHealthCall(request.url())) healthCalls += 1;
    });
    await portal.visit('/admin');
    expect(await portal.page.getByTestId('access-denied').textContent()).toContain('You are not authorized to access this page.');
    expect(await portal.page.getByRole('tablist').count()).toBe(0);
    expect(healthCalls).toBe(0);
  });

  it('I18N-03 OPS-01 the operations area reads in Macedonian', async () => {
    const { page } = await openAsAdmin('/admin?locale=mk');
    await page.getByRole('heading', { level: 1, name: 'Операции' }).waitFor();
    await page.getByRole('tab', { name: 'Состојба' }).waitFor();
    await page.getByTestId('health-status').filter({ hasText: 'РАБОТИ' }).waitFor();
    await page.getByRole('button', { name: 'Освежи' }).waitFor();
  });

  // The keyboard walk along the tab list (ArrowRight, Home) waits for a second view: with one tab there is nowhere to go.
});
