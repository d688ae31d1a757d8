// GET /api/openapi.json (the generated document) and /api/docs, an interactive reference (Swagger UI) whose
// every script, style sheet and request stays on this origin: the bundle is served from the swagger-ui-dist
// package, the validator badge (a request to swagger.io) is off, and no inline script needs the CSP relaxed. A bar
// above the reference leads back to the app: its home, the dashboard, and the profile where API keys are made.
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const DOCS_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** The bar back to the app, in the app's neutral look; it wraps at 375 px rather than scrolling sideways. */
const DOCS_STYLE = `.fw-docs-bar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px;
  padding: 12px 20px; border-bottom: 1px solid #e4e4e7; font-family: system-ui, sans-serif; font-size: 14px; }
.fw-docs-bar a { color: #3f3f46; text-decoration: none; padding: 6px 4px; }
.fw-docs-bar a:hover, .fw-docs-bar a:focus-visible { color: #09090b; text-decoration: underline; }
.fw-docs-bar nav { display: flex; flex-wrap: wrap; gap: 4px 16px; }
.fw-docs-bar .fw-docs-brand { font-weight: 600; color: #09090b; }
`;

const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fundwire API reference</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/assets/docs.css" />
  </head>
  <body>
    <header class="fw-docs-bar">
      <a class="fw-docs-brand" href="/">Fundwire</a>
      <nav aria-label="Back to the app">
        <a href="/dashboard">Dashboard</a>
        <a href="/profile">API keys</a>
        <a href="/">Home</a>
      </nav>
    </header>
    <main id="swagger-ui"></main>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/assets/docs.js"></script>
  </body>
</html>
`;

/** The only files /api/docs/assets serves, with their types: from the package, or written here. */
const ASSETS = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
  'docs.js': { type: 'text/javascript; charset=utf-8', text: DOCS_SCRIPT },
  'docs.css': { type: 'text/css; charset=utf-8', text: DOCS_STYLE },
} as const satisfies Record<string, { type: string; file?: string; text?: string }>;
type AssetName = keyof typeof ASSETS;

const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/openapi.json', { schema: { querystring: z.object({}), response: { 200: openApiDocumentSchema } } }, async () =>
    openApiDocumentSchema.parse(app.swagger()),
  );

  app.get('/api/docs', { schema: { querystring: z.object({}), response: { 200: z.string().describe('text/html') } } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(DOCS_HTML),
  );

  const assetNames = Object.keys(ASSETS) as [AssetName, ...AssetName[]];
  app.get(
    '/api/docs/assets/:file',
    {
      schema: {
        params: z.object({ file: z.enum(assetNames, { message: 'No such asset' }) }),
        querystring: z.object({}),
        response: { 200: z.string().describe('a script or style sheet') },
      },
    },
    async (request, reply) => {
      const asset: { type: string; file?: string; text?: string } = ASSETS[request.params.file];
      reply.type(asset.type).header('cache-control', 'public, max-age=3600');
      if (asset.text !== undefined) return reply.send(asset.text);
      // A stream is sent as it is; the schema documents what it carries.
      return reply.send(createReadStream(path.join(SWAGGER_UI_DIR, asset.file ?? '')) as unknown as string);
    },
  );
};
