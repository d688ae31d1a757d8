// Build step after `vite build` and `vite build --ssr`: renders every public page to static HTML
// (dist/index.html for /, dist/<path>/index.html for the rest), keeps the empty shell as dist/app.html
// for every other path, lists the pages for the server's sitemap.xml, and fails the build when the
// landing page's initial JavaScript is over budget. See docs/decisions/009-prerendered-public-pages.md
// and 010-landing-page-islands.md.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { INITIAL_JS_BUDGET_BYTES, measureInitialJs, routeChunk } from './initial-js';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface EntryServer {
  renderPage(pathname: string): Promise<string>;
  PRERENDERED_PATHS: string[];
  PUBLIC_PAGES: Record<string, { title: string; description: string }>;
}

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');
const ssrDir = path.join(webDir, 'dist-ssr');

/** The route module of each page that runs the whole app, which imports it before hydrating (app/start.tsx). */
const ROUTE_SOURCES: Record<string, string> = {
  '/privacy': 'src/routes/marketing/privacy.tsx',
  '/terms': 'src/routes/marketing/terms.tsx',
  '/cookies': 'src/routes/marketing/cookies.tsx',
  '/about': 'src/routes/marketing/about.tsx',
  '/careers': 'src/routes/marketing/careers.tsx',
  '/blog': 'src/routes/marketing/blog.tsx',
};
/**
 * The pages that load an islands entry instead of the whole app: only the parts that need JavaScript
 * run, and the whole app takes over for someone signed in (src/islands/hand-over.ts).
 */
const ISLANDS_SOURCES: Record<string, string> = {
  '/': 'src/islands/landing.ts',
  '/pricing': 'src/islands/pricing.ts',
  '/free-leads': 'src/islands/free-leads.tsx',
};

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A chunk's file and every chunk it imports statically, depth first, each once. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen))];
}

function preloadTags(files: string[]): string {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
}

const COMPRESSIBLE = /\.(html|js|css|svg|json)$/;

/**
 * Writes file.br and file.gz beside every text file over 1 KB, which the server's static handler sends
 * to browsers that accept them (preCompressed), so nothing is compressed per request.
 */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

async function main() {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const server = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as EntryServer;

  // The latin Inter file every English page uses: preloaded so font-display: optional can use it at once.
  const latinFont = readdirSync(path.join(distDir, 'assets')).find((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file));
  const fontPreload = latinFont ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${latinFont}">` : '';

  // The shell for every path that is not prerendered: the app renders it from scratch. It preloads the
  // font too, or a page opened first (say /admin, or a mailed /newsletter/confirm link) would find Inter
  // late and, with font-display: optional, keep the fallback font for its whole life (decision 012).
  writeFileSync(path.join(distDir, 'app.html'), template.replace('</title>', `</title>\n    ${fontPreload}`));

  for (const pagePath of server.PRERENDERED_PATHS) {
    const meta = server.PUBLIC_PAGES[pagePath];
    if (!meta || !(ISLANDS_SOURCES[pagePath] ?? ROUTE_SOURCES[pagePath])) throw new Error(`No entry, route module or meta for ${pagePath}`);
    const markup = await server.renderPage(pagePath);

    let html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
      .replace('</title>', `</title>\n    ${fontPreload}`)
      // The content is there without JavaScript.
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');

    const islandsSource = ISLANDS_SOURCES[pagePath];
    if (islandsSource) {
      // The islands entry instead of the whole app, with its static imports preloaded.
      const islands = manifest[islandsSource];
      if (!islands) throw new Error(`${islandsSource} is missing from the Vite manifest`);
      const islandFiles = staticClosure(manifest, islandsSource);
      html = html
        .replace(/<script type="module"[^>]*src="[^"]+"><\/script>/, `<script type="module" crossorigin src="/${islands.file}"></script>`)
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace('</head>', `  ${preloadTags(islandFiles.slice(1))}\n  </head>`);
    } else {
      // The whole app, without modulepreload hints: on a slow connection they compete with the CSS and font
      // the first paint needs (Lighthouse mobile measured FCP 2.3 s with them). The content is already here.
      html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
    }

    const outFile = pagePath === '/' ? path.join(distDir, 'index.html') : path.join(distDir, pagePath.slice(1), 'index.html');
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, html);
  }

  // The server builds sitemap.xml from this list and its APP_URL.
  writeFileSync(path.join(distDir, 'prerendered.json'), `${JSON.stringify({ paths: server.PRERENDERED_PATHS }, null, 2)}\n`);
  rmSync(ssrDir, { recursive: true, force: true });
  precompress(distDir);

  const rows = server.PRERENDERED_PATHS.map((pagePath) => {
    const file = pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`;
    // The whole-app pages also import their route chunk before hydrating (app/start.tsx).
    const routeSource = ROUTE_SOURCES[pagePath];
    const chunk = routeSource ? routeChunk(distDir, routeSource) : null;
    const initial = measureInitialJs(distDir, file, chunk ? [chunk] : []);
    return { page: pagePath, entry: pagePath in ISLANDS_SOURCES ? 'islands' : 'whole app', initialJsKbGzip: Number((initial.gzipBytes / 1024).toFixed(1)), gzipBytes: initial.gzipBytes };
  });
  console.log('prerendered pages, initial JavaScript (KB gzipped):');
  console.table(rows.map(({ gzipBytes: _bytes, ...row }) => row));
  // Issue 8's budget is the landing page's; /free-leads needs React at once for its list and is over it.
  const landing = rows.find((row) => row.page === '/');
  if (landing && landing.gzipBytes > INITIAL_JS_BUDGET_BYTES) {
    throw new Error(`The landing page's initial JavaScript is ${landing.initialJsKbGzip} KB gzipped, over the ${INITIAL_JS_BUDGET_BYTES / 1024} KB budget`);
  }
}

await main();
