import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = process.env.EMERALD_BACKEND ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // Relative asset URLs resolve against the page's <base href> (BOOT-09).
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(['/cms', '/ps', '/gs', '/management'].map((prefix) => [prefix, backend])),
  },
});
