import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = path.resolve(import.meta.dirname, '../.artifacts/screenshots');

export const viewports = {
  desktop: { width: 1440, height: 900 },
  tablet: { width: 1024, height: 768 },
  mobile: { width: 390, height: 844 },
} as const;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium not found at ${chromiumPath}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * One Chromium for every browser file a worker runs (the browser project does not isolate files, so
 * this module's state lives as long as the worker): each test still gets a fresh context, which is
 * a fresh profile, so files share the process and nothing else. Launched again if it went away.
 * Playwright ends it when the worker exits.
 */
export function workerChromium(): Promise<Browser> {
  const current = workerBrowser;
  if (current) {
    return current.then((browser) => (browser.isConnected() ? browser : ((workerBrowser = undefined), workerChromium())));
  }
  const launched = launchBrowser();
  workerBrowser = launched;
  launched.catch(() => {
    if (workerBrowser === launched) workerBrowser = undefined;
  });
  return launched;
}

/**
 * `npm run test:soak` sets TEST_CPU_SLOWDOWN (e.g. 4): every page of every context then runs with
 * Chromium's CPU throttled by that factor, as a slow machine or a low-end phone would run it, so a
 * test that passes only on a fast machine shows itself here first.
 */
const cpuSlowdown = Number(process.env.TEST_CPU_SLOWDOWN ?? '1');

async function throttle(context: BrowserContext, page: Page): Promise<void> {
  const session = await context.newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * A fresh browser profile (no cookies) pointed at the test server. `motion: 'reduced'` opens it
 * with prefers-reduced-motion, as a player who asked their system for less motion has it: the
 * game client then places the roulette ball, cards and reels without their flights, which a test
 * of rules, words or a settled layout does not need to wait out.
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = viewports.desktop,
  motion: 'full' | 'reduced' = 'full',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, ...(motion === 'reduced' ? { reducedMotion: 'reduce' as const } : {}) });
  if (cpuSlowdown > 1) context.on('page', (opened) => void throttle(context, opened).catch(() => undefined));
  const page = await context.newPage();
  if (cpuSlowdown > 1) await throttle(context, page);
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
