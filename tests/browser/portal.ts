import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser, openPage, viewports } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

/** The first frame that tells start-up discovery is over: a layout, the maintenance page or a start-up error. */
export const settled = '[data-layout], [data-testid="maintenance-page"], [data-testid="startup-error"]';

export interface Portal {
  context: BrowserContext;
  page: Page;
  /** Opens an address of the portal and waits until start-up discovery has finished. */
  visit(path: string): Promise<void>;
}

export async function openPortal(
  browser: Browser,
  server: TestServer,
  options: { viewport?: { width: number; height: number }; sessionCookie?: string } = {},
): Promise<Portal> {
  const { context, page } = await openPage(browser, server.url, options.viewport ?? viewports.desktop);
  if (options.sessionCookie) {
    const [name = '', value = ''] = options.sessionCookie.split('=');
    // As the server sets it: HttpOnly, so page scripts cannot read it (DEF-05).
    await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  return {
    context,
    page,
    async visit(path) {
      await page.goto(path);
      await page.waitForSelector(settled);
    },
  };
}

type PortalOptions = Parameters<typeof openPortal>[2];

export interface PortalSuite {
  /** The real server of this test file, on its own database. */
  readonly server: TestServer;
  /**
   * A fresh browser profile on the portal; closed after the test that opened it, or with
   * `lifetime: 'file'` kept open for the next tests of the file (closed after the last one).
   */
  open(options?: PortalOptions, lifetime?: 'test' | 'file'): Promise<Portal>;
}

/** Starts one server and one Chromium for a test file and closes what each test opened. */
export function usePortalSuite(environment: Record<string, string> = {}): PortalSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const opened: Portal[] = [];
  const kept: Portal[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(environment), launchBrowser()]);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((portal) => portal.context.close()));
  });
  afterAll(async () => {
    await Promise.all(kept.splice(0).map((portal) => portal.context.close()));
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('the test server has not started yet');
      return server;
    },
    async open(options, lifetime = 'test') {
      if (!browser || !server) throw new Error('the browser has not started yet');
      const portal = await openPortal(browser, server, options);
      (lifetime === 'file' ? kept : opened).push(portal);
      return portal;
    },
  };
}

/**
 * How the page fetched an address (its path and query), one entry per request from its resource
 * timings: `link` for what the page's head preloaded, `fetch` for a script's own request.
 */
export function initiatorsOf(page: Page, address: string): Promise<string[]> {
  return page.evaluate((wanted) => {
    const timings = performance.getEntriesByType('resource') as unknown as { name: string; initiatorType: string }[];
    return timings
      .filter((timing) => {
        const url = new URL(timing.name);
        return url.pathname + url.search === wanted;
      })
      .map((timing) => timing.initiatorType);
  }, address);
}
