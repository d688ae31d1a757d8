// The OpenAPI document covers every route with access 'api' (and nothing else), and /api/docs (Swagger UI through
// @fastify/swagger-ui) loads nothing from another origin and leads back to the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../route-table.js';
import { buildTestApp, type TestApp } from '../../../test/helpers.js';

interface Operation {
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  security: Record<string, string[]>[];
}

/** /api/v1/leads/:id as OpenAPI spells it: /api/v1/leads/{id}. */
const openApiPath = (pattern: string) => pattern.replace(/:([a-zA-Z]+)/g, '{$1}');

const API_ROUTES = Object.entries(ROUTE_TABLE)
  .filter(([, access]) => access === 'api')
  .map(([key]) => key.split(' ') as [string, string]);

describe('OpenAPI document and reference', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    document = response.json();
  });
  afterAll(async () => t?.close());

  it('is OpenAPI 3.1 with a bearer scheme', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const schemes = Object.values(document.components.securitySchemes);
    expect(schemes).toContainEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    const [name] = Object.keys(document.components.securitySchemes);
    expect(document.security).toEqual([{ [name!]: [] }]);
  });

  it("documents every route with access 'api' in ROUTE_TABLE, with its parameters, answer and {error} answers", () => {
    expect(API_ROUTES.length).toBeGreaterThanOrEqual(4);
    const missing = API_ROUTES.filter(([method, pattern]) => !document.paths[openApiPath(pattern)]?.[method.toLowerCase()]).map((route) => route.join(' '));
    expect(missing).toEqual([]);
    for (const [method, pattern] of API_ROUTES) {
      const operation = document.paths[openApiPath(pattern)]![method.toLowerCase()]!;
      const name = `${method} ${pattern}`;
      for (const [, parameter] of pattern.matchAll(/:([a-zA-Z]+)/g)) {
        expect(operation.parameters, name).toContainEqual(expect.objectContaining({ in: 'path', name: parameter }));
      }
      expect(
        Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status)),
        name,
      ).toBe(true);
      for (const status of ['400', '401', '403', '429', ...(pattern.includes('/:') ? ['404'] : [])]) {
        expect(operation.responses[status]?.content?.['application/json']?.schema.properties, `${name} ${status}`).toHaveProperty('error');
      }
    }
    const csv = document.paths['/api/v1/leads/export.csv']!.get!.responses;
    expect(Object.keys(csv['200']?.content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(csv['400']?.content ?? {})).toEqual(['application/json']);
    const list = document.paths['/api/v1/leads']!.get!;
    for (const name of ['cursor', 'limit', 'sort', 'dir', 'industry', 'fundingRound', 'minFunding', 'q', 'hasContacts']) {
      expect(list.parameters, name).toContainEqual(expect.objectContaining({ in: 'query', name }));
    }
  });

  it('holds only the public API: no web-app, admin, billing or internal route', () => {
    const documented = Object.keys(document.paths);
    const expected = [...new Set(API_ROUTES.map(([, pattern]) => openApiPath(pattern)))];
    expect(documented.sort()).toEqual(expected.sort());
    for (const path of ['/api/leads', '/api/admin/sources', '/api/stripe/webhook', '/api/api-keys', '/api/openapi.json', '/api/docs']) {
      expect(documented).not.toContain(path);
    }
  });

  it('serves /api/docs with only same-origin scripts, styles and requests', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The site-wide CSP applies unrelaxed: nothing but this origin may be loaded or called.
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    // No inline script (a script tag holds nothing but white space).
    expect(page.body).not.toMatch(/<script>|<script [^>]*>\s*[^<\s]/);

    // What the page loads (scripts, style sheets and icons); its links back to the app are checked below.
    const references = [...page.body.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(5);
    const types = { css: /^text\/css/, js: /^(text|application)\/javascript/, png: /^image\/png/ } as Record<string, RegExp>;
    for (const reference of references) {
      expect(reference, reference).toMatch(/^\/api\/docs\/static\/[^/]/);
      const asset = await t.app.inject({ method: 'GET', url: reference });
      expect(asset.statusCode, reference).toBe(200);
      expect(asset.headers['content-type'], reference).toMatch(types[reference.split('.').pop()!]!);
      if (reference.endsWith('.css')) expect(asset.body).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
    }
    expect(references).toEqual(expect.arrayContaining(['/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/swagger-initializer.js', '/api/docs/static/theme/docs.css']));
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    // The document it reads is this origin's, the same as /api/openapi.json.
    expect(script.body).toContain("url: resolveUrl('./json')");
    const [viaUi, document] = await Promise.all(['/api/docs/json', '/api/openapi.json'].map((url) => t.app.inject({ method: 'GET', url })));
    expect(viaUi!.statusCode).toBe(200);
    expect(viaUi!.json()).toEqual(document!.json());
    // Swagger UI's validator badge would call validator.swagger.io.
    expect(script.body).toContain('validatorUrl: null');
    // No other origin in the code (a comment may cite one).
    expect(script.body.replace(/\/\/ .*$/gm, '')).not.toMatch(/https?:/);
  });

  it('links back to the app: home, the dashboard and the profile (where API keys are made), all on this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const links = [...page.body.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => ({ href: match[1]!, text: match[2]!.trim() }));
    expect(links).toEqual(
      expect.arrayContaining([
        { href: '/', text: 'Fundwire' },
        { href: '/dashboard', text: 'Dashboard' },
        { href: '/profile', text: 'API keys' },
      ]),
    );
    for (const { href } of links) expect(href, href).toMatch(/^\/(?!\/|api\/)/);
    expect(page.body).toContain('name="viewport"');
    // With a trailing slash, the same page (its files then named relative to it).
    const slashed = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(slashed.body).toContain('<a href="/profile">API keys</a>');
    expect(slashed.body).toContain('href="./static/theme/docs.css"');
    const style = await t.app.inject({ method: 'GET', url: '/api/docs/static/theme/docs.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/text\/css/);
    expect(style.body).toContain('.fw-docs-bar');
  });

  it('serves only the package\'s files from its static path, and not its stock index page', async () => {
    for (const url of ['/api/docs/static/', '/api/docs/static/theme/', '/api/docs/static/..%2Fpackage.json', '/api/docs/static/package.json', '/api/docs/static/../../package.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error, url).toMatch(/No API route/);
    }
    const old = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/api/docs/');
  });
});
