/**
 * Where the test suite's time goes: the slowest files and tests of a Vitest JSON report (by
 * default the last run's, `tests/.artifacts/last-run.json`, which every run writes; CI's are in
 * `tests/.artifacts/ci/`). `npm run test:slowest -- [report.json] [--top N]`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface AssertionResult {
  fullName: string;
  status: string;
  duration?: number | null;
}
interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  status: string;
  assertionResults: AssertionResult[];
}
interface Report {
  startTime: number;
  numTotalTests: number;
  numFailedTests: number;
  testResults: FileResult[];
}

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 20;
// Any argument but a flag and --top's value (without --top, the first argument is the report's path).
const reportPath = args.find((arg, index) => !arg.startsWith('--') && (topAt < 0 || index !== topAt + 1)) ?? 'tests/.artifacts/last-run.json';

const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const relative = (file: string) => path.relative(process.cwd(), file);

const files = report.testResults.map((file) => ({
  name: relative(file.name),
  ms: file.endTime - file.startTime,
  tests: file.assertionResults.length,
  status: file.status,
}));
const tests = report.testResults.flatMap((file) =>
  file.assertionResults.map((test) => ({ name: `${relative(file.name)} › ${test.fullName}`, ms: test.duration ?? 0, status: test.status })),
);
const total = files.reduce((sum, file) => sum + file.ms, 0);

console.log(
  `${reportPath}: ${files.length} files, ${report.numTotalTests} tests (${report.numFailedTests} failed); the files' own times add up to ${seconds(total).trim()}`,
);
console.log(`\nThe ${Math.min(top, files.length)} slowest files (wall time from the file's start to its end, its tests and hooks):`);
for (const file of [...files].sort((a, b) => b.ms - a.ms).slice(0, top))
  console.log(`${seconds(file.ms)}  ${String(file.tests).padStart(3)} tests  ${file.name}${file.status === 'passed' ? '' : `  [${file.status}]`}`);
console.log(`\nThe ${Math.min(top, tests.length)} slowest tests (the test's own time, hooks not included):`);
for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, top))
  console.log(`${seconds(test.ms)}  ${test.name}${test.status === 'passed' ? '' : `  [${test.status}]`}`);
