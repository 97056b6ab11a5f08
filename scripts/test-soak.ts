/**
 * Flakes found before CI finds them (issue 28): runs browser test files several rounds under load
 * — Chromium's CPU throttled (TEST_CPU_SLOWDOWN, read by `tests/support/browser.ts`) and a second
 * core kept busy by a spinning worker — and reports every test that passed in one round and failed
 * in another, and every test that failed in all. Each round writes its own Vitest JSON report to
 * `tests/.artifacts/soak/round-<n>.json`.
 *
 * `npm run test:soak -- [files…] [--rounds 3] [--slowdown 4] [--no-busy-core]`; with no files, every
 * browser file. Exits 1 when any test was flaky or failed.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

interface Report {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const rounds = Number(option('--rounds', '3'));
const slowdown = Number(option('--slowdown', '4'));
const busyCore = !args.includes('--no-busy-core');
const valued = new Set(['--rounds', '--slowdown']);
const files = args.filter((arg, index) => !arg.startsWith('--') && !valued.has(args[index - 1] ?? ''));
if (!Number.isInteger(rounds) || rounds < 2) throw new Error('--rounds must be a whole number of at least 2');
if (!(slowdown >= 1)) throw new Error('--slowdown must be at least 1');

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'tests/.artifacts/soak');
mkdirSync(out, { recursive: true });

// The second core: a loop that never yields, in a worker of this process, for the whole soak.
const spinner = busyCore ? new Worker('for (;;) {}', { eval: true }) : undefined;

const outcomes = new Map<string, string[]>();
try {
  for (let round = 1; round <= rounds; round++) {
    const report = path.join(out, `round-${round}.json`);
    console.log(`\nround ${round} of ${rounds}: CPU ${slowdown}× slower${busyCore ? ', a second core busy' : ''}`);
    // A round that wrote no report (vitest crashed) must not be read as the last round's.
    rmSync(path.join(root, 'tests/.artifacts/last-run.json'), { force: true });
    spawnSync('npx', ['vitest', 'run', '--project', 'browser', ...files], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, TEST_CPU_SLOWDOWN: String(slowdown) },
    });
    // Every run writes its JSON report (vitest.config.ts); each round keeps its own copy.
    copyFileSync(path.join(root, 'tests/.artifacts/last-run.json'), report);
    const parsed = JSON.parse(readFileSync(report, 'utf8')) as Report;
    for (const file of parsed.testResults) {
      for (const test of file.assertionResults) {
        const key = `${path.relative(root, file.name)} › ${test.fullName}`;
        outcomes.set(key, [...(outcomes.get(key) ?? []), test.status]);
      }
    }
  }
} finally {
  await spinner?.terminate();
}

const flaky = [...outcomes].filter(([, statuses]) => statuses.includes('passed') && statuses.includes('failed'));
const broken = [...outcomes].filter(([, statuses]) => statuses.includes('failed') && !statuses.includes('passed'));
console.log(`\n${outcomes.size} tests over ${rounds} rounds at ${slowdown}× CPU: ${flaky.length} flaky, ${broken.length} failing every round`);
for (const [name, statuses] of flaky) console.log(`FLAKY  ${name}  (${statuses.join(', ')})`);
for (const [name] of broken) console.log(`FAILS  ${name}`);
process.exitCode = flaky.length + broken.length > 0 ? 1 : 0;
