import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The web app imports one way: app -> routes -> features -> components, lib, config.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const upward = (layers, message) => ({ regex: `^(@/|(\\.\\./)+)(${layers})(/|$)`, message });
const WEB_BELOW_FEATURES = upward('app|routes|features|islands', 'components, lib and config sit below features: they import no feature, route, island or app file.');

/** A server module's own files are its business: others import only what its index.ts exports. */
const MODULE_INTERNALS = 'Import another server module through its index.ts (apps/server/src/modules/<name>/index.ts), not its internals.';

// Cycles between the server's folders (each module under modules/, each other folder of apps/server/src, each
// top-level file): a module that imports another which imports it back is one module in two places. Read from the
// files on disk when a file imports across folders, so a new cycle is reported on both sides.
const SERVER_SRC = fileURLToPath(new URL('./apps/server/src/', import.meta.url));
function serverFolderOf(file) {
  const relative = path.relative(SERVER_SRC, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  if (parts[0] === 'modules') return parts.length > 2 ? `modules/${parts[1]}` : undefined;
  return parts.length === 1 ? parts[0].replace(/\.tsx?$/, '') : parts[0];
}
const VALUE_IMPORT = /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.[^']+)'/gms;
function serverFolderGraph() {
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const from = serverFolderOf(full);
        if (!from) continue;
        for (const match of readFileSync(full, 'utf8').matchAll(VALUE_IMPORT)) {
          const to = serverFolderOf(path.resolve(path.dirname(full), match[1]));
          if (to && to !== from) graph.set(from, (graph.get(from) ?? new Set()).add(to));
        }
      }
    }
  };
  walk(SERVER_SRC);
  return graph;
}
/** The folders from `start` to `goal` along imports, or undefined when goal is out of reach. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (node === goal) {
      const route = [];
      for (let at = goal; at !== undefined; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(node) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, node);
      queue.push(next);
    }
  }
  return undefined;
}
const folderCycles = {
  meta: { type: 'problem', schema: [], messages: { cycle: '{{from}} imports {{to}}, which imports it back ({{route}}): move what both need to one side.' } },
  create(context) {
    const from = serverFolderOf(context.filename);
    if (!from) return {};
    let graph;
    const check = (node) => {
      if (!node.source || node.importKind === 'type' || node.exportKind === 'type' || !node.source.value.startsWith('.')) return;
      const to = serverFolderOf(path.resolve(path.dirname(context.filename), node.source.value));
      if (!to || to === from) return;
      graph ??= serverFolderGraph();
      const back = pathBetween(graph, to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { from, to, route: [from, ...back].join(' -> ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

// Leads and their contacts are read and written by one path, modules/leads: companies, contacts, the change outbox
// and the cache version stay in step only when no other file queries those tables (issue 35). Caught: importing
// `leads` or `contacts` from the Drizzle schema (by name or through a namespace), and SQL text naming either table
// after FROM, JOIN, UPDATE or INTO (DELETE FROM and INSERT INTO included).
const LEADS_TABLE_SQL = /\b(?:from|join|update|into)\s+"?(leads|contacts)"?\b/i;
const LEADS_TABLES = new Set(['leads', 'contacts']);
const isSchemaPath = (source) => /(^|\/)db\/schema(\/[^/]*)?$/.test(source.replace(/\.js$/, '').replace(/\/index$/, ''));
const leadsThroughModule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      table: 'This queries the {{table}} table directly: go through modules/leads (add a function there and export it from its index.ts), which keeps companies, contacts, the change outbox and the cache version in step.',
    },
  },
  create(context) {
    const namespaces = new Set();
    const report = (node, table) => context.report({ node, messageId: 'table', data: { table } });
    const checkText = (node, text) => {
      const match = LEADS_TABLE_SQL.exec(text);
      if (match) report(node, match[1].toLowerCase());
    };
    return {
      ImportDeclaration(node) {
        if (!isSchemaPath(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(specifier.local.name);
          else if (specifier.type === 'ImportSpecifier' && LEADS_TABLES.has(specifier.imported.name)) report(specifier, specifier.imported.name);
        }
      },
      MemberExpression(node) {
        if (node.object.type === 'Identifier' && namespaces.has(node.object.name) && node.property.type === 'Identifier' && LEADS_TABLES.has(node.property.name)) {
          report(node, node.property.name);
        }
      },
      Literal(node) {
        if (typeof node.value === 'string') checkText(node, node.value);
      },
      TemplateLiteral(node) {
        checkText(node, node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' '));
      },
    };
  },
};

const fundwire = { rules: { 'no-folder-cycle': folderCycles, 'leads-through-module': leadsThroughModule } };

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
    // No two server folders import each other, directly or around a loop (folderCycles above).
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { fundwire },
    rules: { 'fundwire/no-folder-cycle': 'error' },
  },
  {
    // Only modules/leads queries the leads and contacts tables (leadsThroughModule above). db/ defines and migrates
    // them (it imports no module); tests read what was stored to assert it; bench/ and e2e/ are outside this glob.
    files: ['apps/server/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/modules/leads/**', 'apps/server/src/db/**', '**/*.test.ts', '**/*.test.tsx'],
    plugins: { fundwire },
    rules: { 'fundwire/leads-through-module': 'error' },
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
