import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs resolve against the page's <base href> (BOOT-09).
  base: './',
  plugins: [react(), gameClientWithoutPreloadPolyfill()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
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
