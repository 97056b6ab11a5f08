import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { freePort, startPortalServer } from './support/portal-server';

/**
 * The time from a click on a slot's tile in /play to a playable game: the game page opened, its
 * frame loaded and the client's spin button (`gc-spin`) enabled. A signed-in demo player
 * (demo.player) on the real server started as `npm start` starts it (embedded database on an empty
 * data directory, so with the demo content), in Chromium at 1280 px.
 *
 * Each run opens a new browser profile (nothing cached), signs in, opens /play and clicks the tile:
 * "first open". It then goes back to /play and clicks the tile again: "again" (the client's files
 * are in the browser's cache). The baseline, in the same run and the same browser: a click on a link
 * to a plain static page served by a bare node:http server, until that page's button is enabled.
 * Each open is also timed until the game's stage is drawn (its canvas names its renderer), which
 * may come after the game is playable.
 *
 *   npm run bench:tile [-- --runs 5] [-- --game SR-1001] [-- --cpu 4] [-- --dist /tmp/web-build] [-- --data-dir dir]
 *
 * --cpu N slows the pages' processor N times (Chromium's CPU throttling, as Lighthouse's mobile
 * setting does with 4), for the baseline and the game alike: closer to a mid-range phone.
 * --dist serves another build (made with `vite build --outDir`) instead of building dist/web;
 * --data-dir keeps the embedded database there (seeded on the first use) instead of a new one.
 * Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs')) || 5;
const gameId = option('--game') ?? 'SR-1001';
const dist = option('--dist');
const keptDataDir = option('--data-dir');
const cpuSlowdown = Number(option('--cpu')) || 1;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 800 };

const startServer = (port: number, dataDir: string) => startPortalServer(port, dataDir, dist);

/** The baseline's server: a page with a link, and the plain page it leads to (a button, enabled). */
async function startStaticServer(port: number): Promise<Server> {
  const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body>${body}</body></html>`;
  const server = createServer((request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(
      request.url === '/game' ? page('<p>A plain page.</p><button data-testid="ready">Spin</button>') : page('<a data-testid="tile" href="/game">Open</a>'),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

interface Timing {
  /** Click until the game page's address. */
  page: number;
  /** Click until the spin button is enabled. */
  playable: number;
  /** Click until the stage's canvas names its renderer (`data-renderer`): the reels drawn. */
  drawn: number;
}

/** Clicks the tile and waits, step by step, for the game to be playable. */
async function clickTile(page: Page): Promise<Timing> {
  const tile = page.locator(`[data-testid="game-card"][data-game-id="${gameId}"]`).first();
  await tile.waitFor();
  await tile.scrollIntoViewIfNeeded();
  const started = performance.now();
  await tile.click();
  await page.waitForURL((url) => url.pathname === '/game', { timeout: 60_000 });
  const opened = performance.now() - started;
  // The button is in the page's HTML from the start, inside the hidden game panel: waitFor waits for it
  // to be visible, which it is once the client has set the game up and shown the panel.
  await page.frameLocator('[data-testid="game-frame"]').locator('[data-testid="gc-spin"]:not([disabled])').waitFor({ state: 'visible', timeout: 60_000 });
  const playable = performance.now() - started;
  // The game may be playable before PixiJS has drawn it; the drawing is timed too.
  await page.frameLocator('[data-testid="game-frame"]').locator('[data-renderer]').first().waitFor({ state: 'attached', timeout: 60_000 });
  return { page: opened, playable, drawn: performance.now() - started };
}

async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  if (cpuSlowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return page;
}

async function baselineRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await throttledPage(context);
    await page.goto(url);
    const started = performance.now();
    await page.getByTestId('tile').click();
    await page.locator('[data-testid="ready"]:not([disabled])').waitFor();
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

async function gameRun(browser: Browser, base: string): Promise<{ first: Timing; again: Timing }> {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT });
  try {
    const signIn = await context.request.post('/ps/login', { data: { username: 'demo.player', password: 'emerald-demo-1' } });
    if (!signIn.ok()) throw new Error(`the demo player's sign-in answered ${signIn.status()}`);
    const page = await throttledPage(context);
    await page.goto('/play');
    const first = await clickTile(page);
    await page.goto('/play');
    const again = await clickTile(page);
    return { first, again };
  } finally {
    await context.close();
  }
}

const dataDir = keptDataDir ? path.resolve(keptDataDir) : await mkdtemp(path.join(os.tmpdir(), 'emerald-tile-'));
const port = await freePort();
const server = await startServer(port, dataDir).catch(async (error: unknown) => {
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
  throw error;
});
const staticServer = await startStaticServer(await freePort());
const staticAddress = staticServer.address();
const staticUrl = `http://127.0.0.1:${typeof staticAddress === 'object' && staticAddress ? staticAddress.port : 0}/`;
let browser: Browser | undefined;
const baseline: number[] = [];
const first: Timing[] = [];
const again: Timing[] = [];
try {
  browser = await chromium.launch({
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
  // One unmeasured run first: the server's first answers (content cache, compiled queries) are not
  // what a player meets on a running server.
  await gameRun(browser, `http://127.0.0.1:${port}`);
  for (let run = 1; run <= runs; run += 1) {
    baseline.push(await baselineRun(browser, staticUrl));
    const timing = await gameRun(browser, `http://127.0.0.1:${port}`);
    first.push(timing.first);
    again.push(timing.again);
    console.error(
      `run ${run}/${runs}: baseline ${baseline.at(-1)?.toFixed(0)} ms, first open ${timing.first.playable.toFixed(0)} ms, again ${timing.again.playable.toFixed(0)} ms`,
    );
  }
} finally {
  await browser?.close();
  await new Promise((resolve) => staticServer.close(resolve));
  await server.stop();
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
}

const line = (label: string, values: number[]) =>
  `${label.padEnd(52)} ${`${median(values).toFixed(0)} ms`.padStart(9)}  (${(median(values) / (median(baseline) || 1)).toFixed(1)}× baseline)  runs: ${values.map((value) => value.toFixed(0)).join(', ')}`;
console.log(
  `\nClick on the ${gameId} tile in /play until its spin button is enabled, signed in, ${VIEWPORT.width} px${cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slower` : ''}, median of ${runs} runs\n`,
);
console.log(line('baseline: link to a plain page (bare node:http)', baseline));
console.log(
  line(
    'first open (new profile): game page shown',
    first.map((timing) => timing.page),
  ),
);
console.log(
  line(
    'first open (new profile): playable',
    first.map((timing) => timing.playable),
  ),
);
console.log(
  line(
    'first open (new profile): drawn',
    first.map((timing) => timing.drawn),
  ),
);
console.log(
  line(
    'again (files cached): playable',
    again.map((timing) => timing.playable),
  ),
);
console.log(
  line(
    'again (files cached): drawn',
    again.map((timing) => timing.drawn),
  ),
);
