import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start`: builds the portal when its sources are newer than the last build, then runs the
 * server. A fresh clone therefore needs only `npm ci && npm start`.
 */
const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
const sources = ['web', 'contracts', 'package-lock.json'].map((entry) => path.join(root, entry));

function newestChange(entry: string): number {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

const stale = !existsSync(builtIndex) || sources.some((entry) => existsSync(entry) && newestChange(entry) > statSync(builtIndex).mtimeMs);
if (stale) {
  console.log('Building the portal…');
  const build = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import('../server/main');
