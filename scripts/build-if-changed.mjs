// `npm start`'s first step: builds the web app and the server only when their sources changed since the last build.
// The fingerprint is a SHA-256 over every source file the two builds read (and the lock file), kept beside the
// server's build output; an unchanged tree starts at once from the existing build.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INPUTS = [
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
  'packages/shared',
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'apps/web',
];
const SKIP = new Set(['node_modules', 'dist', 'dist-ssr', '.data', 'test-results']);
const OUTPUTS = ['apps/server/dist/server.js', 'apps/web/dist/app.html'];
const STAMP = path.join(root, 'apps/server/dist/.sources-sha256');

function* files(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield relative;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    yield* files(path.join(relative, entry.name));
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) for (const file of files(input)) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

const current = fingerprint();
const built = OUTPUTS.every((output) => existsSync(path.join(root, output))) && existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : '';
if (built === current) {
  console.log('build: sources unchanged since the last build, starting it');
} else {
  console.log(built ? 'build: sources changed, building again' : 'build: no build yet, building');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  writeFileSync(STAMP, `${current}\n`);
}
