// Sign-in and sign-up answer with a session `token` (JSON) and a `set-auth-token` header for bearer API
// clients. The web app runs on the HttpOnly cookie alone and must never keep those tokens where
// scripts can read them: this guards the source against it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The files allowed to use web storage, none of them for credentials: a toast's text parked across a reload,
 * a user's screen choices (one of a few allowed words: cards or table, filters folded, table density), and the time
 * of the previous dashboard visit (an ISO date) kept for the tab's session. */
const STORAGE_ALLOWED = new Set(['lib/flash-toast.ts', 'lib/leads/stored-choice.ts', 'features/leads/hooks/use-dashboard-visit.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('session tokens in the web app', () => {
  const files = sourceFiles(SRC).map((file) => ({ name: path.relative(SRC, file).split(path.sep).join('/'), text: readFileSync(file, 'utf8') }));

  it('reads no set-auth-token header and configures no bearer client', () => {
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter(({ text }) => /set-auth-token|bearer/i.test(text)).map(({ name }) => name);
    expect(offenders).toEqual([]);
  });

  it('uses web storage and cookies from script only in the files allowed to', () => {
    const offenders = files
      .filter(({ name, text }) => !STORAGE_ALLOWED.has(name) && /localStorage|sessionStorage|indexedDB|document\.cookie/.test(text))
      .map(({ name }) => name);
    expect(offenders).toEqual([]);
  });
});
