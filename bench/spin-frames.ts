import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { freePort, startPortalServer } from './support/portal-server';

/**
 * Frames a second while a slot spins: the issue's "smooth on a mid-range phone (60 frames a second
 * while spinning)". A visitor opens the slot in free play at 390 px on the real server started as
 * `npm start` starts it; once the reels are drawn and at rest, the game's page counts its
 * requestAnimationFrame callbacks from the click on Spin until Spin is enabled again (the reels
 * started, stopped and the win shown), and the gaps between them.
 *
 * The baseline, in the same run and the same browser: a page that does nothing but count its frames
 * for as long, which is the most this browser draws on this machine (its display's rate).
 *
 *   npm run bench:frames [-- --spins 5] [-- --game SR-1001] [-- --cpu 4] [-- --dist /tmp/web-build] [-- --data-dir dir]
 *
 * --cpu N slows the pages' processor N times (Chromium's CPU throttling), closer to a mid-range phone.
 * Headless Chromium here has no GPU: WebGL is drawn by the processor (SwiftShader), which a phone's
 * GPU does, so the figure is a floor. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const spins = Number(option('--spins')) || 5;
const gameId = option('--game') ?? 'SR-1001';
const dist = option('--dist');
const keptDataDir = option('--data-dir');
const cpuSlowdown = Number(option('--cpu')) || 1;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 390, height: 844 };

interface Frames {
  /** Milliseconds recorded. */
  duration: number;
  /** Gaps between consecutive frames, in milliseconds. */
  gaps: number[];
}

/** Starts counting frames in a page or frame; the returned function stops and answers the record. */
// Page scripts go as text: tsx names the functions it compiles with a helper the page does not have.
const START_COUNTING = `(() => {
  const record = { running: true, times: [] };
  globalThis.__frames = record;
  const step = (now) => {
    record.times.push(now);
    if (record.running) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})()`;
const STOP_COUNTING = `(() => {
  const record = globalThis.__frames;
  record.running = false;
  const times = record.times;
  const gaps = times.slice(1).map((time, index) => time - times[index]);
  return { duration: (times.at(-1) ?? 0) - (times[0] ?? 0), gaps };
})()`;

/** Starts counting frames in a page or frame; the returned function stops and answers the record. */
async function recordFrames(target: Page | Frame): Promise<() => Promise<Frames>> {
  await target.evaluate(START_COUNTING);
  return () => target.evaluate(STOP_COUNTING) as Promise<Frames>;
}

async function throttle(page: Page): Promise<void> {
  if (cpuSlowdown > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

async function baselineRun(browser: Browser, milliseconds: number): Promise<Frames> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await throttle(page);
    await page.setContent('<!doctype html><html lang="en"><body><p>A plain page.</p></body></html>');
    const stop = await recordFrames(page);
    await page.waitForTimeout(milliseconds);
    return await stop();
  } finally {
    await context.close();
  }
}

/** Opens the slot in free play and records each spin. */
async function spinRuns(browser: Browser, base: string): Promise<Frames[]> {
  const context = await browser.newContext({ baseURL: base, viewport: VIEWPORT, reducedMotion: 'no-preference' });
  try {
    await context.addCookies([{ name: 'COOKIES_ACCEPTED', value: 'true', url: base }]);
    const page = await context.newPage();
    await throttle(page);
    await page.goto(`/game?gameId=${gameId}&playForReal=false`);
    const frameElement = await page.waitForSelector('[data-testid="game-frame"]', { timeout: 60_000 });
    const frame = await frameElement.contentFrame();
    if (!frame) throw new Error('the game frame has no document');
    const spin = frame.locator('[data-testid="gc-spin"]:not([disabled])');
    await spin.waitFor({ state: 'visible', timeout: 60_000 });
    await frame.locator('[data-renderer][data-stage="idle"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    const records: Frames[] = [];
    for (let run = 0; run <= spins; run += 1) {
      const stop = await recordFrames(frame);
      await spin.click();
      // The click disables Spin until the round has been shown.
      await frame.locator('[data-testid="gc-spin"][disabled]').waitFor({ state: 'attached', timeout: 10_000 }).catch(() => undefined);
      await spin.waitFor({ state: 'visible', timeout: 60_000 });
      const record = await stop();
      // The first spin also finishes drawing the blurred symbols: it is not what a player meets after.
      if (run > 0) records.push(record);
      await frame.locator('[data-renderer][data-stage="idle"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    }
    return records;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;
const perSecond = (frames: Frames) => (frames.duration > 0 ? (frames.gaps.length * 1000) / frames.duration : 0);

const dataDir = keptDataDir ? path.resolve(keptDataDir) : await mkdtemp(path.join(os.tmpdir(), 'emerald-frames-'));
const port = await freePort();
const server = await startPortalServer(port, dataDir, dist).catch(async (error: unknown) => {
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
  throw error;
});
let browser: Browser | undefined;
let spinsRecorded: Frames[] = [];
let baseline: Frames | undefined;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  spinsRecorded = await spinRuns(browser, `http://127.0.0.1:${port}`);
  baseline = await baselineRun(browser, median(spinsRecorded.map((record) => record.duration)));
} finally {
  await browser?.close();
  await server.stop();
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
}

const allGaps = spinsRecorded.flatMap((record) => record.gaps);
const ceiling = baseline ? perSecond(baseline) : 0;
const rate = median(spinsRecorded.map(perSecond));
// A frame that took more than one and a half display frames is one the player sees dropped.
const displayFrame = 1000 / (ceiling || 60);
const dropped = allGaps.filter((gap) => gap > displayFrame * 1.5).length;
console.log(`\n${gameId} spinning at ${VIEWPORT.width} px, free play${cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slower` : ''}, ${spinsRecorded.length} spins (median)\n`);
console.log(`baseline: a page that only counts its frames   ${ceiling.toFixed(1).padStart(6)} frames/s`);
console.log(`the slot from Spin until Spin again             ${rate.toFixed(1).padStart(6)} frames/s  (${((rate / (ceiling || 1)) * 100).toFixed(0)}% of baseline)  spins: ${spinsRecorded.map((record) => perSecond(record).toFixed(1)).join(', ')}`);
console.log(`frame gaps: median ${median(allGaps).toFixed(1)} ms, 95th percentile ${percentile(allGaps, 0.95).toFixed(1)} ms, longest ${Math.max(0, ...allGaps).toFixed(1)} ms`);
console.log(`frames dropped (a gap over 1.5 display frames): ${dropped} of ${allGaps.length}`);
