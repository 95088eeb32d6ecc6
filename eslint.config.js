import { builtinModules } from 'node:module';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = builtinModules.filter((m) => !m.startsWith('_'));

/** Browser and Node globals that must never appear in packages/core (platform services are injected). */
const platformGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'history',
  'fetch',
  'XMLHttpRequest',
  'HTMLElement',
  'Element',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
  'setImmediate',
].map((name) => ({
  name,
  message: 'packages/core is platform-free: inject this service instead.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.tools/**',
      '.assent/**',
      'coverage/**',
      'artifacts/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { alwaysTryTypes: true }, node: true },
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/banner/src/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['packages/core/src/**/*.test.ts'],
    languageOptions: { globals: { ...globals.es2021 } },
    rules: {
      'no-restricted-globals': ['error', ...platformGlobals],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'No Node built-ins in packages/core.',
            })),
            { name: 'undici', message: 'The Node faces pass an undici fetch to createClient.' },
          ],
          patterns: [
            { group: ['node:*'], message: 'No Node built-ins in packages/core.' },
            {
              group: [
                'react',
                'react/*',
                'react-dom',
                'react-dom/*',
                'ink',
                '@blueprintjs/*',
                '@tanstack/react-query',
              ],
              message: 'No React in packages/core.',
            },
          ],
        },
      ],
    },
  },
);
