// The JavaScript a page needs before it runs: the module entry in its HTML, every modulepreload beside
// it, and whatever those import statically, gzipped. The prerender step and bench/web report it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJs {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

/** The landing page's budget (issue 8): 100 KB of gzipped JavaScript before it is interactive. */
export const INITIAL_JS_BUDGET_BYTES = 100 * 1024;

const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
const HTML_SCRIPT = /<script[^>]*type="module"[^>]*src="([^"]+)"/g;
const HTML_PRELOAD = /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g;

/**
 * Every JS file `htmlFile` (inside `distDir`) loads up front, with its static imports, plus `alsoLoaded`
 * (dist-relative files the page imports on start, such as its route chunk).
 */
export function measureInitialJs(distDir: string, htmlFile: string, alsoLoaded: string[] = []): InitialJs {
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const roots = [...html.matchAll(HTML_SCRIPT), ...html.matchAll(HTML_PRELOAD)].map((match) => match[1]!).concat(alsoLoaded);
  const seen = new Set<string>();
  const queue = roots.map((src) => path.resolve(distDir, src.replace(/^\//, '')));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(path.resolve(path.dirname(file), match[1]!));
  }
  const files = [...seen].map((file) => {
    const code = readFileSync(file);
    return { file: path.relative(distDir, file), bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
  });
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

/** The chunk a route's source module became, per the Vite manifest (dist/.vite/manifest.json), or null. */
export function routeChunk(distDir: string, source: string): string | null {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return manifest[source]?.file ?? null;
}
