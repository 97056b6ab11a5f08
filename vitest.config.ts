import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: Vitest's default on two cores is one, and the browser files spend most of
    // their time waiting on a page or the server, not computing.
    maxWorkers: 2,
    // Every run keeps its per-file and per-test durations (`npm run test:slowest` reads them). The
    // path is the top-level `outputFile`, not the reporter's own option, so a caller's
    // `--outputFile.json=…` (as .ci/run passes) still decides where the report goes.
    reporters: ['default', 'json'],
    outputFile: { json: 'tests/.artifacts/last-run.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'contracts/**/*.test.ts',
            'web/src/**/*.test.ts',
            'web/game-client/**/*.test.ts',
            'scripts/**/*.test.ts',
            'lint/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          // Components of the web app in a DOM (issue 28): a rule a browser test would check by
          // driving Chromium through the portal, checked on the component itself in milliseconds.
          name: 'component',
          include: ['web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['web/src/shared/testing/component-setup.ts'],
          // Typing a form key by key takes a second or two on a busy machine; the bound is for a hang.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // As the browser files: the server's thousand modules are loaded once per worker, not once
          // per file (a third of the API suite's time went to loading them again). Each file still
          // starts its own server on its own database, and none mocks a module.
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll's own default gives up after 1 s, which a slow machine's page can take to
          // answer; a passing poll returns as soon as it passes.
          expect: { poll: { timeout: 10_000 } },
          // The browser files share one module graph per worker (each starts its own server and
          // browser), so the server's modules are loaded once, not once per file.
          isolate: false,
        },
      },
    ],
  },
});
