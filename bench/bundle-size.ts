import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { reactOnPreact } from '../web/vite.config';

/**
 * JavaScript the home route loads (entry chunk, its static imports and the home route's lazy
 * chunk), gzipped, beside two baselines built in the same run with the same Vite: a page that only
 * renders one paragraph with React, the floor any React portal pays, and the same page on the
 * portal's own runtime (React's API on Preact, as web/vite.config.ts aliases it).
 *
 *   npm run build && npm run bench:bundle [-- --dist /tmp/web-build]
 */
const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
// --dist measures another build (e.g. one made with `vite build --outDir`) beside dist/web.
const dist = args.includes('--dist') ? path.resolve(args[args.indexOf('--dist') + 1] ?? '') : path.join(root, 'dist/web');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
  name?: string;
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

function collect(key: string, seen: Set<string>): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
}

// The portal's entry (the game client is a second entry of the same build).
const entryKey = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest: run `npm run build` first');
const homeKey = Object.keys(manifest).find((key) => /app\/routes\/home\.tsx$/.test(key));

const keys = new Set<string>();
collect(entryKey, keys);
if (homeKey) collect(homeKey, keys);

let total = 0;
const rows: [string, number][] = [];
for (const key of keys) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const size = gzipped(path.join(dist, file));
  total += size;
  rows.push([file, size]);
}

async function floorSize(alias: typeof reactOnPreact | []): Promise<number> {
  const workDir = await mkdtemp(path.join(root, 'node_modules/.emerald-bench-'));
  try {
    await writeFile(path.join(workDir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.tsx"></script>');
    await writeFile(
      path.join(workDir, 'main.tsx'),
      "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<p>Emerald</p>);\n",
    );
    const outDir = path.join(workDir, 'dist');
    await build({ root: workDir, base: './', logLevel: 'silent', configFile: false, plugins: [react()], resolve: { alias }, build: { outDir } });
    const assets = path.join(outDir, 'assets');
    return (await readdir(assets)).filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipped(path.join(assets, file)), 0);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

const reactFloor = await floorSize([]);
const runtimeFloor = await floorSize(reactOnPreact);

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log('\nHome route JavaScript, gzipped (level 9)\n');
for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${file.padEnd(48)} ${kib(size).padStart(10)}`);
console.log(`\n  ${'total'.padEnd(48)} ${kib(total).padStart(10)}`);
console.log(`  ${'baseline: a React page rendering one paragraph'.padEnd(48)} ${kib(reactFloor).padStart(10)}`);
console.log(`  ${"baseline: the same page on the portal's runtime".padEnd(48)} ${kib(runtimeFloor).padStart(10)}`);
console.log(`  ${"home route beyond the runtime's floor".padEnd(48)} ${kib(total - runtimeFloor).padStart(10)}`);
