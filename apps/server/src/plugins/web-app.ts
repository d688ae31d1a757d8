// Serves the built React app. Unknown non-API paths get index.html (client-side routing);
// unknown /api paths get a JSON 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, options: { distDir: string }): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      // Files are looked up per request, so a rebuild is served without a restart;
      // a missing file falls through to the not-found handler below.
      wildcard: true,
      index: ['index.html'],
      setHeaders(res, filePath) {
        // Vite fingerprints everything under assets/, so those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn({ distDir: options.distDir }, 'web app not built: run `npm run build`; pages answer 503 until then');
  }

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
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
