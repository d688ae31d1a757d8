// Builds the server into apps/server/dist: one ES module bundle of apps/server/src/server.ts and the workspace code it
// imports (@fundwire/shared is TypeScript source), with every npm dependency left to node_modules, plus the SQL
// migrations it applies at start-up. Production runs this output with plain `node`; no TypeScript loader at run time.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
const dependencies = (file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {});
const external = [...new Set([...dependencies(path.join(server, 'package.json')), ...dependencies(path.join(root, 'packages/shared/package.json'))])].filter(
  (name) => !name.startsWith('@fundwire/'),
);

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [path.join(server, 'src/server.ts')],
  outfile: path.join(dist, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Subpaths of a dependency (drizzle-orm/pglite, @electric-sql/pglite/contrib/…) stay external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
cpSync(path.join(server, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
