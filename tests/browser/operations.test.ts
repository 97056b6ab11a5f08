import { describe, expect, inject, it } from 'vitest';
import { screenshot } from '../support/browser';
import { usePortalSuite, type Portal } from './portal';

const isHealthCall = (url: string) => new URL(url).pathname === '/management/health';

// A configured secret, to see it masked on the page (OPS-12).
const METRICS_TOKEN = 'browser-metrics-token-5e1f0a9c7b3d';

describe('operations area (OPS-01, OPS-02, OPS-10, NAV-33)', () => {
  const suite = usePortalSuite({ METRICS_TOKEN });
  let portal: Portal;

  async function openAsAdmin(path = '/admin'): Promise<Portal> {
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    // The operator's desk: 1280 px wide.
    portal = await suite.open({ sessionCookie: admin.cookie, viewport: { width: 1280, height: 900 } });
    await portal.visit(path);
    // The cookie notice would cover the views in the screenshots.
    const accept = portal.page.getByRole('button', { name: /^(Accept|Прифати)$/ });
    await accept.waitFor({ timeout: 3_000 }).then(
      () => accept.click(),
      () => undefined,
    );
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
    // OPS-01: one view per management endpoint.
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Health', 'Metrics', 'Thread dump', 'Loggers', 'Configuration', 'Environment']);
    // The other components, reported as they are: no event bus is configured, so it is not UP.
    expect(await page.getByTestId('health-migrations-status-badge').getAttribute('data-status')).toBe('UP');
    expect(await page.getByTestId('health-paymentProvider-status-badge').getAttribute('data-status')).toBe('UP');
    expect(await page.getByTestId('health-rng-status-badge').getAttribute('data-status')).toBe('UP');
    expect(await page.getByTestId('health-eventBus-status-badge').getAttribute('data-status')).toBe('UNKNOWN');
    expect(await page.getByTestId('health-mail-transport').textContent()).toBe('Outbox only (not delivered)');
    await screenshot(page, 'operations-health-desktop-en');
    await page.getByTestId('health-eventBus-note').scrollIntoViewIfNeeded();
    await screenshot(page, 'operations-health-components-desktop-en');
  });

  it('OPS-02 Refresh reads the health endpoint again', async () => {
    const { page } = await openAsAdmin();
    await page.getByTestId('health-status').waitFor();
    const again = page.waitForResponse((response) => isHealthCall(response.url()));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await again).status()).toBe(200);
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
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

  it('OPS-01 the tab list is walked with the keyboard and the open view is kept in the address', async () => {
    const { page } = await openAsAdmin();
    const health = page.getByRole('tab', { name: 'Health' });
    await health.focus();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tabpanel', { name: 'Metrics' }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('metrics');
    await page.keyboard.press('Home');
    await page.getByRole('tabpanel', { name: 'Health' }).waitFor();
  });

  it('OPS-03 the metrics view charts real readings and lists requests by route pattern', async () => {
    const { page } = await openAsAdmin('/admin?view=metrics');
    const panel = page.getByRole('tabpanel', { name: 'Metrics' });
    await panel.getByTestId('metrics-requests').waitFor();
    expect(await page.getByTestId('metrics-heap-used').textContent()).toMatch(/^\d[\d.,]* (MB|GB)$/);
    expect(await page.getByTestId('metrics-pool-driver').textContent()).toBe(inject('testDatabase').kind);
    // The portal's own calls show under their patterns, never a raw address with a query.
    const routes = await page
      .getByTestId('metrics-requests')
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-route')));
    expect(routes).toContain('/ps/checkSessionAlive');
    expect(routes.every((route) => route !== null && !route.includes('?'))).toBe(true);
    // A second reading arrives by itself and both charts draw it.
    await expect
      .poll(async () => Number(await page.getByTestId('metrics-memory-chart').getAttribute('data-points')), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('metrics-memory-chart').locator('canvas').count()).toBe(1);
    await expect.poll(() => page.getByTestId('metrics-lag-chart').locator('canvas').count()).toBe(1);
    await screenshot(page, 'operations-metrics-desktop-en');
  });

  it('OPS-04 the thread dump view shows the stack and the open handles of the real process', async () => {
    const { page } = await openAsAdmin('/admin?view=threaddump');
    await page.getByTestId('threads-handles').waitFor();
    expect(Number(await page.getByTestId('threads-pid').textContent())).toBe(process.pid);
    expect(await page.getByTestId('threads-handles').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('threads-js-stack').textContent()).toMatch(/at /);
    await screenshot(page, 'operations-threaddump-desktop-en');
  });

  it('OPS-05 OPS-08 a logger level is changed from the view and the server applies it', async () => {
    const { page } = await openAsAdmin('/admin?view=loggers');
    await page.getByTestId('loggers-table').waitFor();
    // A module without its own level follows ROOT.
    expect(await page.getByTestId('logger-effective-games').textContent()).toBe(await page.getByTestId('logger-effective-ROOT').textContent());
    const saved = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/management/loggers/games' && response.request().method() === 'POST',
    );
    await page.getByTestId('logger-level-games').click();
    await page.getByRole('option', { name: 'WARN' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByTestId('logger-effective-games').filter({ hasText: 'WARN' }).waitFor();
    // The server holds the new level: a fresh read of its loggers says so.
    const admin = await suite.server.createSignedInPlayer({ roles: ['ROLE_ADMIN'] });
    const loggers = (await (await fetch(`${suite.server.url}/management/loggers`, { headers: { cookie: admin.cookie } })).json()) as {
      loggers: Record<string, { configuredLevel: string | null }>;
    };
    expect(loggers.loggers.games?.configuredLevel).toBe('warn');
    await screenshot(page, 'operations-loggers-desktop-en');
    // Back to following ROOT.
    await page.getByTestId('logger-level-games').click();
    await page.getByRole('option', { name: 'As ROOT' }).click();
    await page.getByTestId('logger-level-games').filter({ hasText: 'As ROOT' }).waitFor();
  });

  it('OPS-06 OPS-07 OPS-12 configuration and environment show real settings, secrets masked', async () => {
    const { page } = await openAsAdmin('/admin?view=configprops');
    await page.getByTestId('configprops').waitFor();
    expect(await page.locator('[data-property="NODE_ENV"] td code').textContent()).toBe('test');
    expect(await page.locator('[data-property="PAYMENT_METHODS"] td code').textContent()).toContain('NETELLER');
    await page.getByTestId('configprops-filter').fill('SESSION');
    expect(await page.locator('[data-property="NODE_ENV"]').count()).toBe(0);
    expect(await page.locator('[data-property="SESSION_IDLE_TIMEOUT_MINUTES"]').count()).toBe(1);
    await page.getByTestId('configprops-filter').fill('');
    expect(await page.locator('[data-property="METRICS_TOKEN"] td').textContent()).toBe('MASKED');
    expect(await page.content()).not.toContain(METRICS_TOKEN);
    await page.locator('[data-group="metrics"]').scrollIntoViewIfNeeded();
    await screenshot(page, 'operations-configprops-desktop-en');

    await page.getByRole('tab', { name: 'Environment' }).click();
    await page.getByTestId('env').waitFor();
    expect(await page.locator('[data-group="runtime"] [data-property="node.version"] td code').textContent()).toBe(process.version);
    await screenshot(page, 'operations-env-desktop-en');
  });

  it('I18N-03 the new views read in Macedonian (screenshots of each)', async () => {
    const { page } = await openAsAdmin('/admin?locale=mk&view=metrics');
    await page.getByRole('tab', { name: 'Метрики' }).waitFor();
    await page.getByTestId('metrics-requests').waitFor();
    await page.getByRole('heading', { name: 'HTTP-барања по рута' }).waitFor();
    await screenshot(page, 'operations-metrics-desktop-mk');
    for (const [tab, marker, name] of [
      ['Состојба', 'health-status', 'health'],
      ['Нишки', 'threads-handles', 'threaddump'],
      ['Дневници', 'loggers-table', 'loggers'],
      ['Конфигурација', 'configprops', 'configprops'],
      ['Околина', 'env', 'env'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByTestId(marker).first().waitFor();
      await screenshot(page, `operations-${name}-desktop-mk`);
    }
    // The phone: every view stays inside the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [tab, marker, name] of [
      ['Метрики', 'metrics-requests', 'metrics'],
      ['Дневници', 'loggers-table', 'loggers'],
    ] as const) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.getByTestId(marker).waitFor();
      const pageWidth = await page.evaluate(
        () => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth,
      );
      expect(pageWidth).toBeLessThanOrEqual(390);
      await screenshot(page, `operations-${name}-mobile-mk`);
    }
  });
});
