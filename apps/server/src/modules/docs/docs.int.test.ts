// The OpenAPI document covers every route with access 'api' (and nothing else), and /api/docs loads
// nothing from another origin.
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
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);

    // What the page loads (scripts and style sheets); its links back to the app are checked below.
    const references = [...page.body.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      expect(reference, reference).toMatch(/^\/(?!\/)/);
      const asset = await t.app.inject({ method: 'GET', url: reference });
      expect(asset.statusCode, reference).toBe(200);
      expect(asset.headers['content-type'], reference).toMatch(reference.endsWith('.css') ? /text\/css/ : /text\/javascript/);
      if (reference.endsWith('.css')) expect(asset.body).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
    }
    const script = await t.app.inject({ method: 'GET', url: '/api/docs/assets/docs.js' });
    expect(script.body).toContain("url: '/api/openapi.json'");
    // Swagger UI's validator badge would call validator.swagger.io.
    expect(script.body).toContain('validatorUrl: null');
    expect(script.body).not.toMatch(/https?:/);
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
    const style = await t.app.inject({ method: 'GET', url: '/api/docs/assets/docs.css' });
    expect(style.statusCode).toBe(200);
    expect(style.headers['content-type']).toMatch(/text\/css/);
    expect(style.body).toContain('.fw-docs-bar');
  });

  it('serves no other file from the assets path', async () => {
    for (const url of ['/api/docs/assets/index.html', '/api/docs/assets/..%2Fpackage.json', '/api/docs/assets/package.json']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toMatch(/No such asset/);
    }
  });
});
