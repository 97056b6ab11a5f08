import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import features from './lint/feature-boundaries.js';
import emerald from './lint/module-boundaries.js';

/** The web app's import direction: app → features → shared. */
const webBoundaries = {
  files: ['web/src/features/**/*.{ts,tsx}'],
  plugins: { features },
  rules: {
    // A feature reaches another only through the files at its root (issue 30, step 4).
    'features/feature-boundaries': 'error',
    'no-restricted-imports': [
      'error',
      {
        patterns: [{ group: ['**/app/**'], message: 'Features must not import from app/; the app composes features.' }],
      },
    ],
  },
};

const sharedBoundaries = {
  files: ['web/src/shared/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'shared/ must not import features or app.' }] }],
  },
};

const serverBoundaries = {
  files: ['server/**/*.ts', 'contracts/**/*.ts'],
  plugins: { emerald },
  rules: {
    'emerald/module-boundaries': 'error',
    'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'Server and contracts never import the web app.' }] }],
  },
};

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'coverage/', 'tests/.artifacts/', 'server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Scripts the portal's pages load as they are, without the build.
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser }, sourceType: 'script' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'tests/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  webBoundaries,
  sharedBoundaries,
  serverBoundaries,
);
