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
 * GPU does, so the frame rate is a floor. What the phone's processor must do each frame is measured
 * apart from that: from a trace of the spins, the page's main thread's busy time per frame drawn,
 * beside the GPU process's. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
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
  performance.mark('emerald-frames-start');
  const record = { running: true, times: [] };
  globalThis.__frames = record;
  const step = (now) => {
    record.times.push(now);
    if (record.running) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})()`;
const STOP_COUNTING = `(() => {
  performance.mark('emerald-frames-stop');
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

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}
/** The spins' trace: where each frame's time goes. */
let trace: { traceEvents: TraceEvent[] } | undefined;

/**
 * Busy time per frame drawn, per thread, over the spins after the first (between the page's
 * emerald-frames-start and -stop marks): the page's main thread (our frame's work: the game's ticker,
 * Pixi's render calls, style, layout, paint and the commit) and the GPU process's main thread (here
 * SwiftShader drawing WebGL on the processor, a phone's GPU's work). A main thread busy under 16.7 ms
 * a frame could keep up with 60 frames a second.
 */
function busyPerFrame(events: TraceEvent[], framesDrawn: number[]): { main: number[]; script: number[]; commit: number[]; gpu: number[] } {
  const threadNamed = (name: string) =>
    events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === name).map((event) => `${event.pid}:${event.tid}`);
  const starts = events
    .filter((event) => event.name === 'emerald-frames-start')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const stops = events
    .filter((event) => event.name === 'emerald-frames-stop')
    .map((event) => event.ts)
    .sort((a, b) => a - b);
  const spans = (name: string) => events.filter((event) => event.name === name && event.ph === 'X' && event.dur);
  const tasks = spans('RunTask');
  const busy = (threads: string[], from: number, to: number, among = tasks) =>
    among
      .filter((task) => threads.includes(`${task.pid}:${task.tid}`))
      .reduce((sum, task) => sum + Math.max(0, Math.min(task.ts + (task.dur ?? 0), to) - Math.max(task.ts, from)), 0) / 1000;
  // The page's main thread is the renderer main thread that recorded the marks.
  const marked = events.find((event) => event.name === 'emerald-frames-start');
  const main = threadNamed('CrRendererMain').filter((thread) => marked && thread === `${marked.pid}:${marked.tid}`);
  const gpu = threadNamed('CrGpuMain');
  // The first spin is left out, as in the frame counts.
  const windows = starts.slice(1).map((start, index) => [start, stops[index + 1] ?? start] as const);
  const perFrame = (threads: string[], among = tasks) =>
    windows.map(([from, to], index) => busy(threads, from, to, among) / Math.max(1, framesDrawn[index] ?? 1));
  return {
    main: perFrame(main),
    // The animation-frame callbacks: the game's ticker and Pixi's render calls, our code's share.
    script: perFrame(main, spans('FireAnimationFrame')),
    // Handing the frame to the compositor, which without a GPU waits there for the canvas's read-back.
    commit: perFrame(main, spans('Commit')),
    gpu: perFrame(gpu),
  };
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
    await browser.startTracing(page, { categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'] });
    for (let run = 0; run <= spins; run += 1) {
      const stop = await recordFrames(frame);
      await spin.click();
      // The click disables Spin until the round has been shown.
      await frame
        .locator('[data-testid="gc-spin"][disabled]')
        .waitFor({ state: 'attached', timeout: 10_000 })
        .catch(() => undefined);
      await spin.waitFor({ state: 'visible', timeout: 60_000 });
      const record = await stop();
      // The first spin also finishes drawing the blurred symbols: it is not what a player meets after.
      if (run > 0) records.push(record);
      await frame.locator('[data-renderer][data-stage="idle"]').first().waitFor({ state: 'attached', timeout: 60_000 });
    }
    trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
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
console.log(
  `\n${gameId} spinning at ${VIEWPORT.width} px, free play${cpuSlowdown > 1 ? `, CPU ${cpuSlowdown}× slower` : ''}, ${spinsRecorded.length} spins (median)\n`,
);
console.log(`baseline: a page that only counts its frames   ${ceiling.toFixed(1).padStart(6)} frames/s`);
console.log(
  `the slot from Spin until Spin again             ${rate.toFixed(1).padStart(6)} frames/s  (${((rate / (ceiling || 1)) * 100).toFixed(0)}% of baseline)  spins: ${spinsRecorded.map((record) => perSecond(record).toFixed(1)).join(', ')}`,
);
console.log(
  `frame gaps: median ${median(allGaps).toFixed(1)} ms, 95th percentile ${percentile(allGaps, 0.95).toFixed(1)} ms, longest ${Math.max(0, ...allGaps).toFixed(1)} ms`,
);
console.log(`frames dropped (a gap over 1.5 display frames): ${dropped} of ${allGaps.length}`);
if (trace) {
  const perFrame = busyPerFrame(
    trace.traceEvents,
    spinsRecorded.map((record) => record.gaps.length + 1),
  );
  console.log(`busy time per frame drawn (a 60 frames/s frame is 16.7 ms):`);
  console.log(
    `  the page's main thread ${median(perFrame.main).toFixed(1)} ms, of it the game's animation-frame work (ticker, Pixi's render calls) ${median(perFrame.script).toFixed(1)} ms and the commit to the compositor ${median(perFrame.commit).toFixed(1)} ms`,
  );
  console.log(`  the GPU process's main thread ${median(perFrame.gpu).toFixed(1)} ms (here WebGL drawn on the processor; a phone's GPU draws it)`);
}
