import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * Cold-start time of the server until the platform answers /ps/ping (it listens only once the database is open and migrated; /management/health is for administrators), side by side with a
 * baseline measured in the same run: a bare Node.js HTTP server started the same way.
 *
 *   npm run bench:startup [-- --runs 3] [-- --postgres postgres://postgres@127.0.0.1:5432/test]
 */
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const postgresUrl = args.includes('--postgres') ? args[args.indexOf('--postgres') + 1] : process.env.DATABASE_URL;

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function timeUntilAnswering(command: string, commandArgs: string[], env: Record<string, string>, url: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, commandArgs, { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode}`);
      try {
        const response = await fetch(url);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function measure(label: string, once: () => Promise<number>): Promise<{ label: string; median: number; all: number[] }> {
  const all: number[] = [];
  for (let run = 0; run < runs; run += 1) all.push(await once());
  return { label, median: median(all), all };
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const results = [];

results.push(
  await measure('baseline: bare node:http server', async () => {
    const port = await freePort();
    return timeUntilAnswering(
      process.execPath,
      ['-e', `require('node:http').createServer((q,s)=>s.end('ok')).listen(${port},'127.0.0.1')`],
      {},
      `http://127.0.0.1:${port}/`,
    );
  }),
);

results.push(
  await measure('embedded database, empty data dir (migrate + seed)', async () => {
    const port = await freePort();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'emerald-bench-'));
    try {
      return await timeUntilAnswering(tsx, ['server/main.ts'], { PORT: String(port), DATA_DIR: dataDir }, `http://127.0.0.1:${port}/ps/ping`);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }),
);

const warmDir = await mkdtemp(path.join(os.tmpdir(), 'emerald-bench-warm-'));
{
  const port = await freePort();
  await timeUntilAnswering(tsx, ['server/main.ts'], { PORT: String(port), DATA_DIR: warmDir }, `http://127.0.0.1:${port}/ps/ping`);
}
results.push(
  await measure('embedded database, existing data dir', async () => {
    const port = await freePort();
    return timeUntilAnswering(tsx, ['server/main.ts'], { PORT: String(port), DATA_DIR: warmDir }, `http://127.0.0.1:${port}/ps/ping`);
  }),
);
await rm(warmDir, { recursive: true, force: true });

if (postgresUrl) {
  results.push(
    await measure('PostgreSQL, empty database (migrate + seed)', async () => {
      const name = `emerald_bench_${Date.now()}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      try {
        const port = await freePort();
        return await timeUntilAnswering(tsx, ['server/main.ts'], { PORT: String(port), DATABASE_URL: url.toString() }, `http://127.0.0.1:${port}/ps/ping`);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    }),
  );
}

const baseline = results[0]?.median ?? 1;
console.log(`\nStart-up until the server answers (median of ${runs} runs)\n`);
for (const result of results) {
  console.log(
    `${result.label.padEnd(56)} ${result.median.toFixed(0).padStart(6)} ms  (${(result.median / baseline).toFixed(1)}× baseline)  runs: ${result.all.map((value) => value.toFixed(0)).join(', ')}`,
  );
}
