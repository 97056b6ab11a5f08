import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openPage, viewports } from '../support/browser';
import type { TestServer } from '../support/test-server';

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
