import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

// The web app imports one way: app -> routes -> features -> components, lib, config.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const upward = (layers, message) => ({ regex: `^(@/|(\\.\\./)+)(${layers})(/|$)`, message });
const WEB_BELOW_FEATURES = upward('app|routes|features|islands', 'components, lib and config sit below features: they import no feature, route, island or app file.');

/** A server module's own files are its business: others import only what its index.ts exports. */
const MODULE_INTERNALS = 'Import another server module through its index.ts (apps/server/src/modules/<name>/index.ts), not its internals.';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Only config.ts reads the environment (docs/style.md habit 4).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through config.ts.' }],
    },
  },
  {
    // Import cycles anywhere in the code (tests may import what they test from anywhere).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.int.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript dependencies too (the default follows .js only, so no cycle through a .ts file would show).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/shared/tsconfig.json'] }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // A module reaches another module only through that module's index.ts.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.js$)', message: MODULE_INTERNALS }] }],
    },
  },
  {
    // Jobs, sources, plugins and the seed likewise; app.ts, the composition root, registers each module's routes.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/**', 'apps/server/src/app.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.js$)[^/]+$', message: MODULE_INTERNALS }] }],
    },
  },
  {
    // The database layer knows tables, not features.
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(modules|sources|jobs|plugins|seed)/', message: 'db/ imports no module: it is the layer every module builds on.' }] }],
    },
  },
  ...WEB_FEATURES.map((feature) => ({
    // A feature stands on components, lib and config; it imports neither the app shell, a route nor another feature.
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            upward('app|routes|islands', 'A feature never imports app/, routes/ or islands/: they import features, not the other way round.'),
            { regex: `^@/features/(?!${feature}/)`, message: 'A feature never imports another feature: move what both need to components/, lib/ or config/.' },
            {
              // The same by a relative path (../billing/api, ../../features/billing/api).
              regex: `^(\\.\\./)+(features/)?(${WEB_FEATURES.filter((other) => other !== feature).join('|')})(/|$)`,
              message: 'A feature never imports another feature, by alias or relative path: move what both need to components/, lib/ or config/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_BELOW_FEATURES] }] },
  },
  {
    files: ['apps/web/src/routes/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upward('app|islands', 'Routes never import app/ or islands/: the app shell imports routes.')] }] },
  },
  {
    // Islands are the public pages' small entries (docs/decisions/010): they stand on features, components, lib and
    // config like the app shell does, but never on a screen, or the page would load the whole app.
    files: ['apps/web/src/islands/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upward('routes', 'An island never imports a route: it would bring the whole app into a public page.')] }] },
  },
);
