// `npm run db:generate` (CONTRIBUTING: adding a migration) diffs the Drizzle schema against the newest snapshot in
// migrations/meta. When a migration lands without its snapshot, the next generate writes the tables and columns of
// every migration since the last snapshot again. Generated into a copy of the folder, the schema as committed must
// need no migration: the snapshot is current and every migration's schema change is declared in src/db/schema.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const migrations = path.join(server, 'src/db/migrations');
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve('drizzle-kit')), 'bin.cjs');
const copy = mkdtempSync(path.join(tmpdir(), 'fundwire-snapshot-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

it('the committed schema needs no new migration: db:generate finds nothing to write', () => {
  cpSync(migrations, copy, { recursive: true });
  const before = readdirSync(copy).sort();
  // drizzle-kit reads --out relative to the working directory, an absolute path included.
  const output = execFileSync(
    process.execPath,
    [drizzleKit, 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema/index.ts', '--out', path.relative(server, copy), '--name', 'snapshot_check'],
    { cwd: server, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  expect(output).toContain('No schema changes');
  expect(readdirSync(copy).sort()).toEqual(before);
}, 60_000);
