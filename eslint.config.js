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

const coreForbiddenPaths = [
  ...nodeBuiltins.map((name) => ({ name, message: 'No Node built-ins in packages/core.' })),
  { name: 'undici', message: 'The Node faces pass an undici fetch to createClient.' },
];
const coreForbiddenPatterns = [
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
];

/** The core modules (under packages/core/src) that `@assent/core/runtime` bundles. */
const runtimeModules = [
  'banner/ab-variant',
  'banner/runtime',
  'banner/consent-lifetime',
  'banner/rules',
  'banner/us-signal',
  'banner/vendor-sets',
  'banner/visit',
  'messages',
  'pick-language',
  'regions',
  'validation',
];
/** How runtime modules name each other in relative imports (from src/ and from src/banner/). */
const runtimeModuleSpecifiers = runtimeModules.flatMap((m) =>
  m.startsWith('banner/') ? [`./${m.slice(7)}`, `../${m}`] : [`./${m}`, `../${m}`],
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
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
        { paths: coreForbiddenPaths, patterns: coreForbiddenPatterns },
      ],
    },
  },
  {
    // The modules behind `@assent/core/runtime` (packages/core/package.json): zod-free, and they
    // import only each other (types from schema modules are erased, so type imports are allowed).
    files: runtimeModules.map((m) => `packages/core/src/${m}.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...coreForbiddenPaths,
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                'The consent runtime is zod-free: declare the table or rule in a zod-free module.',
            },
          ],
          patterns: [
            ...coreForbiddenPatterns,
            {
              regex: `^(?!(?:${runtimeModuleSpecifiers.map((s) => s.replace(/\./g, '\\.')).join('|')})$)\\.{1,2}/`,
              allowTypeImports: true,
              message:
                'A runtime module imports only runtime modules (list it in eslint.config.js runtimeModules if it is zod-free).',
            },
          ],
        },
      ],
    },
  },
  {
    // The consent runtime reaches core only through `@assent/core/runtime`, and never zod.
    files: ['packages/banner/src/**/*.ts'],
    ignores: ['packages/banner/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The consent runtime is zod-free.' }],
          patterns: [
            {
              regex: '^@assent/core(?!/runtime$)(/.*)?$',
              message: 'The consent runtime may import only @assent/core/runtime.',
            },
          ],
        },
      ],
    },
  },
  {
    // Banner tests also build configs: the compiler and fixtures (`/banner`), the kernel, `/testing`.
    files: ['packages/banner/src/**/*.test.ts', 'packages/banner/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@assent/core/(?!(runtime|banner|testing)$)',
              message:
                'Banner tests import @assent/core/runtime, /banner (configs and fixtures), the kernel and /testing.',
            },
          ],
        },
      ],
    },
  },
);
