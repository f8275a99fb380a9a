// Lint enforces the layers (design.md §2): shared/ imports nothing outside itself,
// renderer/ imports only shared/ and browser packages, SQL stays in db/, and the
// demo generator (demo/) imports only shared/. Each domain folder of db/, and
// demo/, is reached from outside through its entry module (index.ts).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './scripts/eslint/no-deep-import.js';

const NODE_BUILTINS = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'worker_threads',
  'stream',
  'util',
  'zlib',
  'events',
  'readline',
];

/** Folders reached from outside only through their entry module (index.ts); 'db/*' is every folder in db/. */
const MODULE_FOLDERS = ['db/*', 'demo', 'shared/audit', 'shared/report-parse'];

const layer = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'dist-cli/',
      'release/',
      'coverage/',
      '.bench/',
      '.scratch/',
      'tests/fixtures/hostile/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // shared/ imports nothing outside itself: from shared/x.ts '../' leaves it, from shared/sub/x.ts '../../' does.
  {
    files: ['shared/*.ts'],
    rules: layer(
      ['../*', ...NODE_BUILTINS, 'electron', 'better-sqlite3', 'react', 'react-dom'],
      'shared/ imports nothing outside itself (only zod).',
    ),
  },
  {
    files: ['shared/*/**/*.ts'],
    rules: layer(
      ['../../*', ...NODE_BUILTINS, 'electron', 'better-sqlite3', 'react', 'react-dom'],
      'shared/ imports nothing outside itself (only zod).',
    ),
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: layer(
      [
        '**/db',
        '**/db/**',
        '**/cli',
        '**/cli/**',
        '**/electron',
        '**/electron/**',
        '**/demo',
        '**/demo/**',
        'electron',
        'better-sqlite3',
        ...NODE_BUILTINS,
      ],
      'renderer/ imports only shared/ and browser packages: data arrives through the typed API.',
    ),
  },
  {
    files: ['db/**/*.ts'],
    rules: layer(
      ['**/cli/**', '**/electron/**', '**/renderer/**', '**/demo', '**/demo/**', 'electron'],
      'db/ imports only shared/: the hosts hand the service the demo workspace.',
    ),
  },
  {
    files: ['demo/**/*.ts'],
    rules: layer(
      ['../*', '!../shared', 'electron', 'better-sqlite3', 'react', 'react-dom'],
      'demo/ imports only shared/: it writes files, which the service imports like any others.',
    ),
  },
  {
    files: ['cli/**/*.ts', 'electron/**/*.ts'],
    rules: layer(['**/renderer/**'], 'hosts never import the renderer.'),
  },
  // Tests may import the internals of the module they test; product code goes through entry modules.
  {
    files: [
      'shared/**/*.ts',
      'renderer/**/*.ts',
      'renderer/**/*.tsx',
      'db/**/*.ts',
      'demo/**/*.ts',
      'cli/**/*.ts',
      'electron/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'scripts/**/*.js',
    ],
    plugins: { local },
    rules: { 'local/no-deep-import': ['error', { root: import.meta.dirname, modules: MODULE_FOLDERS }] },
  },
);
