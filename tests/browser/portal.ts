import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { openPage, viewports, workerChromium } from '../support/browser';
import { startTestServer, type TestServer } from '../support/test-server';

/** The first frame that tells start-up discovery is over: a layout, the maintenance page or a start-up error. */
export const settled = '[data-layout], [data-testid="maintenance-page"], [data-testid="startup-error"]';

export interface Portal {
  context: BrowserContext;
  page: Page;
  /** The server the page is on (a staff sign-in types codes by its authenticator clock). */
  server: TestServer;
  /** Opens an address of the portal and waits until start-up discovery has finished. */
  visit(path: string): Promise<void>;
}

export async function openPortal(
  browser: Browser,
  server: TestServer,
  options: {
    viewport?: { width: number; height: number };
    sessionCookie?: string;
    /** The portal's language (the LANG cookie), with the cookie notice already answered. */
    language?: 'en' | 'mk';
    /** prefers-reduced-motion for the profile (`openPage`); full motion unless asked. */
    motion?: 'full' | 'reduced';
  } = {},
): Promise<Portal> {
  const { context, page } = await openPage(browser, server.url, options.viewport ?? viewports.desktop, options.motion);
  if (options.sessionCookie) {
    const [name = '', value = ''] = options.sessionCookie.split('=');
    // As the server sets it: HttpOnly, so page scripts cannot read it (DEF-05).
    await context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Lax' }]);
  }
  if (options.language) {
    await context.addCookies([
      { name: 'COOKIES_ACCEPTED', value: 'true', url: server.url },
      { name: 'LANG', value: options.language, url: server.url },
    ]);
  }
  return {
    context,
    page,
    server,
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

/**
 * Starts one server for a test file, on the worker's one Chromium, and closes the contexts each test
 * opened (a context left open would keep its pages, sockets and cookies into the next file).
 */
export function usePortalSuite(
  environment: Record<string, string> = {},
  defaults: {
    /**
     * The motion every profile of the file opens with unless its own options say: 'reduced' for a
     * file whose tests check rules and layouts of the game client, not its animations.
     */
    motion?: 'full' | 'reduced';
  } = {},
): PortalSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  const opened: Portal[] = [];
  const kept: Portal[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(environment), workerChromium()]);
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((portal) => portal.context.close()));
  });
  afterAll(async () => {
    await Promise.all(kept.splice(0).map((portal) => portal.context.close()));
    await server?.close();
  });

  return {
    get server() {
      if (!server) throw new Error('the test server has not started yet');
      return server;
    },
    async open(options, lifetime = 'test') {
      if (!browser || !server) throw new Error('the browser has not started yet');
      const portal = await openPortal(browser, server, { ...(defaults.motion ? { motion: defaults.motion } : {}), ...options });
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

/** What `recordFirstView` saw of a page the server sent with its first view drawn. */
export interface FirstViewRecord {
  /** At DOMContentLoaded, the shown elements of the first view matching the selector, in order (null: no first view). */
  delivered: { box: number[]; text: string; picture: string | null }[] | null;
  /** Whether a module script was in the document before the first contentful paint (the portal's wait in a template until the view has painted). */
  scriptsBeforePaint: boolean;
  /** Whether, once one was there, the document was ever left with no element matching the selector. */
  lost: boolean;
}

/**
 * Issue 17: a script for `page.addInitScript` (as text: the tests' types have no DOM) recording, as
 * `window.firstViewRecord`, the elements matching `selector` the page arrived with (server/portal
 * first views) and whether they were ever all gone: the portal must draw its own in the task that
 * removes the server's. Measured once the page's typefaces are in, if the view is still there then. A
 * picture is the one the element shows (its `<source>` whose media matches, else its `<img>`).
 */
export function recordFirstView(selector: string): string {
  return `
    const selector = ${JSON.stringify(selector)};
    const record = { delivered: null, scriptsBeforePaint: false, lost: false };
    window.firstViewRecord = record;
    let seen = false;
    new MutationObserver(() => {
      if (document.querySelector(selector)) seen = true;
      else if (seen) record.lost = true;
      if (document.querySelector('script[type="module"]') && performance.getEntriesByName('first-contentful-paint').length === 0) record.scriptsBeforePaint = true;
    }).observe(document, { childList: true, subtree: true });
    const measure = (elements) =>
      elements
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const box = element.getBoundingClientRect();
          const source = [...element.querySelectorAll('source')].find((candidate) => window.matchMedia(candidate.media).matches);
          const image = element.querySelector('img');
          return { box: [box.x, box.y, box.width, box.height], text: element.innerText, picture: source ? source.srcset : image && image.getAttribute('src') };
        });
    document.addEventListener('DOMContentLoaded', () => {
      if (!document.querySelector('[data-first-view]')) return;
      const elements = [...document.querySelectorAll('[data-first-view] ' + selector)];
      record.delivered = measure(elements);
      // Measured again in the page's typefaces, which may arrive after the HTML, while the view is still there.
      document.fonts.ready.then(() => {
        if (elements.every((element) => element.isConnected)) record.delivered = measure(elements);
      });
    });
  `;
}

/** The same record of what the portal drew in the first view's place, read after it has. */
export async function drawnInPlace(page: Page, selector: string): Promise<FirstViewRecord['delivered']> {
  return (await page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})]
    .filter((element) => element.getClientRects().length > 0)
    .map((element) => {
      const box = element.getBoundingClientRect();
      const image = element.querySelector('img');
      return { box: [box.x, box.y, box.width, box.height], text: element.innerText, picture: image && image.getAttribute('src') };
    })`)) as FirstViewRecord['delivered'];
}

/**
 * What sticks out past the page's right edge: the innermost elements whose box ends beyond the viewport's
 * width (what makes the page too wide, not the containers it widens), named by tag and test id or class.
 * Empty when the page fits. Tests assert on this list, not on `scrollWidth`, so a failure says what is
 * too wide.
 */
export function widerThanPage(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const wide = [...document.body.querySelectorAll('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5;
    });
    const innermost = wide.filter((element) => !wide.some((other) => other !== element && element.contains(other)));
    const named = innermost.slice(0, 8).map((element) => {
      const name = element.getAttribute('data-testid') || (typeof element.className === 'string' ? element.className.split(' ')[0] : '');
      return element.tagName.toLowerCase() + (name ? '.' + name : '') + ' ends at ' + Math.round(element.getBoundingClientRect().right) + ' px';
    });
    return named.length > 0 ? named : ['the page scrolls sideways by ' + (document.documentElement.scrollWidth - width) + ' px'];
  })()`);
}
