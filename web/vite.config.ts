import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type HtmlTagDescriptor, type Plugin, type Rolldown } from 'vite';
import { configurationPath } from '../contracts/content/configuration';
import { pingPath } from '../contracts/platform/ping';
import { candidateBases } from './src/boot/candidate-bases';
import { joinUrl } from './src/shared/api/service-addresses';
import { en } from './src/shared/i18n/en';
import { gamePageEn } from './src/shared/i18n/game-page/en';
import { gamePageMk } from './src/shared/i18n/game-page/mk';
import { mk } from './src/shared/i18n/mk';

const backend = process.env.EMERALD_BACKEND ?? 'http://127.0.0.1:3000';

/**
 * PixiJS (the game client's stages) loads its renderer and environment modules with dynamic imports
 * as a stage starts; each would be a chunk fetched only then, one round trip after another before
 * the first picture. Pixi is already loading beside the game's launch, so its dynamic imports become
 * static ones: one chunk, fetched once.
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

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const MANIFEST = '.vite/manifest.json';
const GAME_CLIENT_MANIFEST = '.vite/game-client-manifest.json';

/**
 * The game client (served by the game server at /gs/play/:gameId) is a build of its own, run after
 * the portal's into the same directory: two pages of one build would share chunks (Vite's preload
 * helper, Rolldown's runtime, common libraries), so the game client's chunks (its kinds, PixiJS)
 * would reshape the portal's. Its manifest's entries join the portal's manifest, where the game
 * server finds `game-client/index.html` and the files it loads.
 */
function gameClientBuild(): Plugin {
  let outDir = '';
  return {
    name: 'emerald:game-client-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: webRoot,
        base: './',
        // The portal's build copies public/; this one writes only the game client's files.
        publicDir: false,
        logLevel: 'warn',
        plugins: [pixiWithoutDynamicImports(), precompressed()],
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: true,
          manifest: GAME_CLIENT_MANIFEST,
          // Every browser the client supports preloads modules itself.
          modulePreload: { polyfill: false },
          // PixiJS is one chunk of its own by design (above), fetched beside the game's launch.
          chunkSizeWarningLimit: 800,
          rollupOptions: { input: { 'game-client': path.join(webRoot, 'game-client/index.html') } },
        },
      });
      const portal = JSON.parse(await readFile(path.join(outDir, MANIFEST), 'utf8')) as Record<string, unknown>;
      const gameClient = JSON.parse(await readFile(path.join(outDir, GAME_CLIENT_MANIFEST), 'utf8')) as Record<string, unknown>;
      await writeFile(path.join(outDir, MANIFEST), JSON.stringify({ ...portal, ...gameClient }, null, 2));
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
 * the build wrote, once, with node:zlib, so the server sends them as they are (server/portal:
 * @fastify/static `preCompressed`) instead of compressing on every request or not at all. A copy
 * is kept only when it is smaller than the file. Each build (the portal's, the game client's)
 * compresses the files it wrote, and the files copied from `public/` with the portal's.
 */
function precompressed(): Plugin {
  let outDir = '';
  let publicDir: string | false = false;
  let written: string[] = [];
  return {
    name: 'emerald:precompressed',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir && config.build.copyPublicDir ? config.publicDir : false;
    },
    writeBundle(_options, bundle) {
      written = Object.keys(bundle).map((fileName) => path.join(outDir, fileName));
    },
    async closeBundle() {
      const copied = publicDir
        ? (await readdir(publicDir, { recursive: true, withFileTypes: true }).catch(() => []))
            .filter((entry) => entry.isFile())
            .map((entry) => path.join(outDir, path.relative(publicDir as string, path.join(entry.parentPath, entry.name))))
        : [];
      const files = [...written, ...copied].filter((file) => COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`));
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
 * The shell (`src/app/app.tsx`: router, query client, layout) is imported dynamically, so the splash
 * paints before it has loaded, and Vite would fetch it only once the entry runs. Every page needs it,
 * so the page names it and its static imports as module preloads: they download beside the entry
 * instead of one round trip after it.
 */
function shellPreloaded(): Plugin {
  return {
    name: 'emerald:shell-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
        const shell = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/app/app.tsx'));
        if (!shell) throw new Error('the shell chunk (src/app/app.tsx) is missing from the build');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of (bundle[fileName] as Rolldown.OutputChunk | undefined)?.imports ?? []) visit(imported);
        };
        visit(shell.fileName);
        const tags: HtmlTagDescriptor[] = [...files]
          .filter((fileName) => !html.includes(fileName))
          .map((fileName) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` }, injectTo: 'head' }));
        return { html, tags };
      },
    },
  };
}

/**
 * Start-up discovery's first two requests (BOOT-01, BOOT-02): the configuration from the first
 * content-service address and the ping of the first platform-service address, as
 * `discoverServices` asks for them first. The page names them, so they are on their way while the
 * scripts download; the portal's own requests (same address, credentials included) take the answers.
 */
function discoveryPreloaded(): Plugin {
  let env: Record<string, string> = {};
  return {
    name: 'emerald:discovery-preloaded',
    apply: 'build',
    configResolved(config) {
      env = config.env;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const content = candidateBases([], env.VITE_CMS_FALLBACKS, '/cms')[0];
        const platform = candidateBases([], env.VITE_PS_FALLBACKS, '/ps')[0];
        const addresses = [content && joinUrl(content, configurationPath), platform && joinUrl(platform, pingPath)].filter((address): address is string =>
          Boolean(address),
        );
        const tags: HtmlTagDescriptor[] = addresses.map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
  };
}

/**
 * The bundled interface strings of each language (the shell's and the game page's), as `.vite/interface-strings.json` beside the
 * manifest (not served: the portal's static files leave dot-folders out). The server draws a page's
 * first view (server/portal) in the portal's own words, and it never imports the web app.
 */
function interfaceStrings(): Plugin {
  return {
    name: 'emerald:interface-strings',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/interface-strings.json',
        source: JSON.stringify({ en: { ...en, ...gamePageEn }, mk: { ...mk, ...gamePageMk } }),
      });
    },
  };
}

/**
 * The portal runs on Preact's React-compatible runtime: the same components, hooks and libraries
 * (react-router, TanStack Query, Radix, react-hook-form, react-i18next) for about 4 KiB instead of
 * React's 60-odd, which is what brings the home route's JavaScript under its 120 KiB budget
 * (`npm run bench:bundle`). Types still come from @types/react; only the build swaps the runtime.
 */
export const reactOnPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * react-router's package exports name only its development build (remix-run/react-router#12532,
 * #14102), which keeps its development warnings and checks in a production bundle; a build takes its
 * production build, which the package ships beside it.
 */
const reactRouterProduction = {
  find: /^react-router$/,
  replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)),
};

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: command === 'build' ? [...reactOnPreact, reactRouterProduction] : reactOnPreact },
  // Relative asset URLs resolve against the page's <base href> (BOOT-09).
  base: './',
  plugins: [react(), shellPreloaded(), discoveryPreloaded(), interfaceStrings(), precompressed(), gameClientBuild()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Country flags are files of their own, fetched when shown, not data addresses in the bundle.
    assetsInlineLimit: (file) => (file.includes('country-flag-icons') ? false : undefined),
    rollupOptions: {
      // The game client is a second page, built on its own after this one (gameClientBuild): nothing
      // of the portal's bundle loads in it, and it adds nothing to the portal's chunks.
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
      },
    },
  },
  server: {
    proxy: Object.fromEntries(['/cms', '/ps', '/gs', '/management'].map((prefix) => [prefix, backend])),
  },
}));
