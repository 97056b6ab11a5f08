import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { freePort, startPortalServer } from './support/portal-server';

/**
 * Lighthouse in its default (mobile) setting — a Moto G Power sized screen, simulated slow 4G and
 * 4× CPU slowdown — on the home page, /play and a game page, against the real server started as
 * `npm start` starts it (embedded database on an empty data directory, so with the demo content).
 * Prints the four category scores and the key metrics of each page, the median of `--runs` runs
 * (scores move by a few points between runs on a busy machine).
 *
 *   npm run bench:lighthouse [-- --runs 3] [-- --dist /tmp/web-build] [-- --data-dir dir] [-- --details] [-- --reports dir] [-- --page game] [-- --cpu-slowdown 3]
 *
 * --page measures only the pages whose name contains the word (home, play, game), to compare two
 * builds of one page in less time;
 * --dist serves another build (made with `vite build --outDir`) instead of building dist/web;
 * --data-dir keeps the embedded database there (seeded on the first use) instead of a new one;
 * --details lists each page's failing audits; --reports keeps every run's JSON report;
 * --cpu-slowdown N multiplies Lighthouse's own CPU slowdown (4×) by N, to stand in for a machine N
 * times slower than this one (compare the seconds of `node -e 'let s=0;for(let i=0;i<1e9;i++)s+=i'`
 * on both): a budget tuned here must hold on the slower phones and laptops players have.
 * Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs')) || 3;
const dist = option('--dist');
const reportsDir = option('--reports');
const details = args.includes('--details');
const keptDataDir = option('--data-dir');
const cpuSlowdown = Number(option('--cpu-slowdown') ?? 1);
if (!(cpuSlowdown >= 1)) throw new Error('--cpu-slowdown takes a factor of 1 or more');
const throttling = { ...defaultSettings.throttling, cpuSlowdownMultiplier: defaultSettings.throttling.cpuSlowdownMultiplier * cpuSlowdown };

const onlyPage = option('--page');
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'play', path: '/play' },
  // A visitor opens a slot in fun mode (VISITOR_JURISDICTION IE allows it without a session).
  { name: 'game page', path: '/game-page?gameId=SR-1001' },
].filter((page) => !onlyPage || page.name.includes(onlyPage));
if (PAGES.length === 0) throw new Error(`no page named like ${onlyPage}`);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const startServer = (port: number, dataDir: string) => startPortalServer(port, dataDir, dist);

interface PageRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  bytes: number;
  failing: string[];
}

// A run whose page never painted in time (Lighthouse's NO_LCP on a busy machine) has no score: left out.
const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const dataDir = keptDataDir ? path.resolve(keptDataDir) : await mkdtemp(path.join(os.tmpdir(), 'emerald-lighthouse-'));
const port = await freePort();
const server = await startServer(port, dataDir).catch(async (error: unknown) => {
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
  throw error;
});
let chrome: chromeLauncher.LaunchedChrome | undefined;
const results = new Map<string, PageRun[]>(PAGES.map((page) => [page.name, []]));
let version = '';
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  if (reportsDir) await mkdir(reportsDir, { recursive: true });
  for (let run = 1; run <= runs; run += 1) {
    for (const page of PAGES) {
      const outcome = await lighthouse(`http://127.0.0.1:${port}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        throttling,
      });
      if (!outcome) throw new Error(`Lighthouse gave no result for ${page.path}`);
      const { lhr } = outcome;
      version = lhr.lighthouseVersion;
      if (lhr.runtimeError) {
        // A trace Lighthouse could not record (NO_NAVSTART and the like on a busy machine) is a lost
        // run, not the page's score: said, and left out.
        console.error(`run ${run}/${runs} ${page.path}: no result (${lhr.runtimeError.code})`);
        continue;
      }
      if (reportsDir) await writeFile(path.join(reportsDir, `${page.name.replace(/\W+/g, '-')}-${run}.json`), JSON.stringify(lhr));
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const failing = Object.values(lhr.categories).flatMap((category) =>
        category.auditRefs
          .filter((ref) => ref.weight > 0 || category.id === 'performance')
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
          .map((audit) => `${category.id}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
      );
      results.get(page.name)?.push({
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)])) as PageRun['scores'],
        lcp: numeric('largest-contentful-paint'),
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        fcp: numeric('first-contentful-paint'),
        bytes: numeric('total-byte-weight'),
        failing,
      });
      const performance = lhr.categories.performance?.score;
      console.error(
        `run ${run}/${runs} ${page.path}: performance ${typeof performance === 'number' ? Math.round(performance * 100) : 'none (no largest paint measured)'}`,
      );
    }
  }
} finally {
  chrome?.kill();
  await server.stop();
  if (!keptDataDir) await rm(dataDir, { recursive: true, force: true });
}

const throttlingSaid = cpuSlowdown === 1 ? 'default throttling' : `default throttling, CPU ${throttling.cpuSlowdownMultiplier}× slower`;
console.log(`\nLighthouse ${version} mobile (${throttlingSaid}), median of ${runs} run${runs === 1 ? '' : 's'}\n`);
console.log(
  `${'page'.padEnd(12)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'b.p.'.padStart(5)} ${'seo'.padStart(5)}  ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'transfer'.padStart(10)}  performance per run`,
);
for (const page of PAGES) {
  const pageRuns = results.get(page.name) ?? [];
  const m = (pick: (run: PageRun) => number) => median(pageRuns.map(pick));
  const score = (id: (typeof CATEGORIES)[number]) => String(Math.round(m((run) => run.scores[id]))).padStart(5);
  console.log(
    `${page.name.padEnd(12)} ${score('performance')} ${score('accessibility')} ${score('best-practices')} ${score('seo')}  ` +
      `${`${(m((run) => run.fcp) / 1000).toFixed(1)} s`.padStart(7)} ${`${(m((run) => run.lcp) / 1000).toFixed(1)} s`.padStart(7)} ` +
      `${`${Math.round(m((run) => run.tbt))} ms`.padStart(7)} ${m((run) => run.cls)
        .toFixed(3)
        .padStart(6)} ` +
      `${`${(m((run) => run.bytes) / 1024).toFixed(0)} KiB`.padStart(10)}  ${pageRuns.map((run) => (Number.isNaN(run.scores.performance) ? 'none' : run.scores.performance)).join(', ')}`,
  );
  if (details) {
    const seen = new Set(pageRuns.flatMap((run) => run.failing));
    for (const line of seen) console.log(`    ${line}`);
  }
}
