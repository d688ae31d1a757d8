// Serves the built React app. Public pages are prerendered (dist/<path>/index.html, the landing page
// at dist/index.html); any other non-API path gets the app shell (dist/app.html) for client-side
// routing; unknown /api paths get a JSON 404. sitemap.xml and robots.txt name APP_URL.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Prerendered pages are plain lower-case paths ("/pricing", "/free-leads"): nothing to escape the dist directory with. */
const PAGE_PATH = /^(\/[a-z0-9-]+)+$/;

/** Paths a crawler has no business in: signed-in screens, checkout and the API. */
const DISALLOWED = ['/api/', '/dev/', '/dashboard', '/historical', '/profile', '/admin', '/checkout', '/signin', '/signup', '/reset-password'];

export async function registerWebApp(app: FastifyInstance, options: { distDir: string; appUrl: string }): Promise<void> {
  const { distDir } = options;
  const origin = options.appUrl.replace(/\/+$/, '');
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Files are looked up per request, so a rebuild is served without a restart;
      // a missing file falls through to the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      // The web build writes .br and .gz beside each text file; they go to browsers that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; pages answer 503 until then');
  }

  /** The prerendered page list the web build wrote, or null before a build with prerendering. */
  function prerenderedPaths(): string[] | null {
    try {
      const listed = JSON.parse(readFileSync(path.join(distDir, 'prerendered.json'), 'utf8')) as { paths?: unknown };
      return Array.isArray(listed.paths) ? listed.paths.filter((entry): entry is string => typeof entry === 'string') : null;
    } catch {
      return null;
    }
  }

  app.get('/sitemap.xml', async (_request, reply) => {
    const pages = prerenderedPaths();
    if (!pages) return reply.status(404).type('text/plain').send('No sitemap: the web app is not built.');
    const urls = pages.map((page) => `  <url><loc>${escapeXml(`${origin}${page}`)}</loc></url>`).join('\n');
    return reply
      .header('cache-control', 'no-cache')
      .type('application/xml; charset=utf-8')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...DISALLOWED.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
    return reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(lines.join('\n'));
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ error: `No API route for ${request.method} ${pathname}` });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: `Not found: ${request.method} ${pathname}` });
    }
    if (!built) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build`, then restart.');
    }
    reply.header('cache-control', 'no-cache');
    // A prerendered public page ("/pricing" -> pricing/index.html).
    const page = pathname.replace(/\/+$/, '');
    if (PAGE_PATH.test(page) && existsSync(path.join(distDir, page, 'index.html'))) return reply.sendFile(`${page.slice(1)}/index.html`);
    // Everything else: the empty app shell, which routes on the client (an older build has only index.html).
    return reply.sendFile(existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html');
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
