import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.EMERALD_BACKEND ?? 'http://127.0.0.1:3000';

/**
 * Vite adds its modulepreload polyfill to every page; shared by two pages it would become a chunk of
 * its own and change the portal's. The game client has no dynamic imports, so it goes without.
 */
function gameClientWithoutPreloadPolyfill(): Plugin {
  return {
    name: 'emerald:game-client-without-preload-polyfill',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!id.endsWith('/game-client/index.html')) return null;
      return { code: code.replace(/^import\s+["']vite\/modulepreload-polyfill["'];?\n?/m, ''), map: null };
    },
  };
}

/**
 * PixiJS (the game client's slot reels) loads its renderer and environment modules with dynamic
 * imports; each would make Vite add its preload helper, a chunk the game client would then share
 * with the portal, changing the portal's chunks. The game client loads Pixi whole anyway, so its
 * dynamic imports become static ones.
 */
function pixiWithoutDynamicImports(): Plugin {
  return {
    name: 'emerald:pixi-without-dynamic-imports',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]pixi\.js[\\/]lib[\\/].*\.mjs$/.test(id) || !code.includes('import(')) return null;
      const statics: string[] = [];
      const rewritten = code.replace(/\bimport\(\s*(['"])([^'"]+)\1\s*\)/g, (_whole, _quote: string, specifier: string) => {
        statics.push(`import * as __pixiStatic${statics.length} from ${JSON.stringify(specifier)};`);
        return `Promise.resolve(__pixiStatic${statics.length - 1})`;
      });
      return { code: `${statics.join('\n')}\n${rewritten}`, map: null };
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; fonts and images are compressed formats already (SVG excepted). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every compressible file
 * of the build, once, with node:zlib, so the server sends them as they are (server/portal:
 * @fastify/static `preCompressed`) instead of compressing on every request or not at all. A copy
 * is kept only when it is smaller than the file.
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'emerald:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && !entry.parentPath.includes(`${path.sep}.vite`))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzipped(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The portal runs on Preact's React-compatible runtime: the same components, hooks and libraries
 * (react-router, TanStack Query, Radix, react-hook-form, react-i18next) for about 4 KiB instead of
 * React's 60-odd, which is what brings the home route's JavaScript under its 120 KiB budget
 * (`npm run bench:bundle`). Types still come from @types/react; only the build swaps the runtime.
 */
const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: reactOnPreact },
  // Relative asset URLs resolve against the page's <base href> (BOOT-09).
  base: './',
  plugins: [react(), gameClientWithoutPreloadPolyfill(), pixiWithoutDynamicImports(), precompressed()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Country flags are files of their own, fetched when shown, not data addresses in the bundle.
    assetsInlineLimit: (file) => (file.includes('country-flag-icons') ? false : undefined),
    rollupOptions: {
      // The game client is a second page with its own entry: nothing of the portal's bundle loads
      // in it, and it adds nothing to the portal's chunks. The game server serves it at /gs/play/:gameId.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'game-client': fileURLToPath(new URL('game-client/index.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/cms', '/ps', '/gs', '/management'].map((prefix) => [prefix, backend])),
  },
});
