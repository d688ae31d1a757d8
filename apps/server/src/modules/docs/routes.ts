// GET /api/openapi.json (the generated document) and /api/docs, the interactive reference: Swagger UI served by
// @fastify/swagger-ui (decision 045) from its own package, so every script, style sheet and request stays on this
// origin: the validator badge (a request to swagger.io) is off, and its page has no inline script for the CSP to
// allow. A bar above the reference leads back to the app: its home, the dashboard, and the profile where API keys
// are made. The plugin's routes get zod schemas here like every other route (route-schemas.int.test.ts).
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const DOCS_PREFIX = '/api/docs';

/** The bar back to the app, in the app's neutral look; it wraps at 375 px rather than scrolling sideways. */
const DOCS_STYLE = `.fw-docs-bar { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px 16px;
  padding: 12px 20px; border-bottom: 1px solid #e4e4e7; font-family: system-ui, sans-serif; font-size: 14px; }
.fw-docs-bar a { color: #3f3f46; text-decoration: none; padding: 6px 4px; }
.fw-docs-bar a:hover, .fw-docs-bar a:focus-visible { color: #09090b; text-decoration: underline; }
.fw-docs-bar nav { display: flex; flex-wrap: wrap; gap: 4px 16px; }
.fw-docs-bar .fw-docs-brand { font-weight: 600; color: #09090b; }
`;

/** Put first in the page's body: plain links, so the way back works before (and without) the reference's script. */
const DOCS_BAR = `<header class="fw-docs-bar">
        <a class="fw-docs-brand" href="/">Fundwire</a>
        <nav aria-label="Back to the app">
          <a href="/dashboard">Dashboard</a>
          <a href="/profile">API keys</a>
          <a href="/">Home</a>
        </nav>
      </header>`;

const VIEWPORT = '<meta name="viewport" content="width=device-width, initial-scale=1" />';

const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/** What each of the plugin's routes answers, by its path under DOCS_PREFIX. */
function uiRouteSchema(path: string): FastifySchema {
  const querystring = z.object({});
  if (path === '/json') return { querystring, response: { 200: openApiDocumentSchema } };
  if (path === '/static/index.html') return { querystring, response: { 302: z.string().describe(`a redirect to ${DOCS_PREFIX}/`) } };
  const body = path === '/yaml' ? 'the OpenAPI document as YAML' : path === '' || path === '/' ? 'text/html' : 'a script, style sheet or image';
  const params = path.includes('*') ? { params: z.object({ '*': z.string() }) } : {};
  return { querystring, ...params, response: { 200: z.string().describe(body) } };
}

export const docsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/openapi.json', { schema: { querystring: z.object({}), response: { 200: openApiDocumentSchema } } }, async () =>
    openApiDocumentSchema.parse(app.swagger()),
  );

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) return;
    // In place: the access table's catalog already holds this object.
    Object.assign((route.schema ??= {}), uiRouteSchema(route.url.slice(DOCS_PREFIX.length)));
  });
  // The package's own index.html (a second page without the bar or the viewport) is not served: /api/docs is the page.
  app.addHook('onRequest', async (request, reply) => {
    const file = (request.params as Record<string, string> | undefined)?.['*'];
    if (request.routeOptions.url !== `${DOCS_PREFIX}/static/*` || !(file === '' || file?.endsWith('/'))) return;
    reply.callNotFound();
    return reply;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if ((url !== DOCS_PREFIX && url !== `${DOCS_PREFIX}/`) || typeof payload !== 'string') return payload;
    reply.header('cache-control', 'no-cache');
    return payload.replace('<head>', `<head>\n      ${VIEWPORT}`).replace('<body>', `<body>\n      ${DOCS_BAR}`);
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No logo (it is shown only by the standalone layout's top bar, which this page replaces with its own).
    logo: null as never,
    theme: { title: 'Fundwire API reference', css: [{ filename: 'docs.css', content: DOCS_STYLE }] },
    uiConfig: { deepLinking: true, layout: 'BaseLayout' },
    validatorUrl: false,
  });
};
