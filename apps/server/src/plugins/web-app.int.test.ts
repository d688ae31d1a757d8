import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

// The web build's output as scripts/prerender.ts writes it: prerendered pages, the app shell and the page list.
describe('web app: prerendered pages, app shell, sitemap and robots', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    const dist = t.config.webDistDir;
    mkdirSync(path.join(dist, 'pricing'), { recursive: true });
    writeFileSync(path.join(dist, 'pricing', 'index.html'), '<!doctype html><title>Pricing prerendered</title>');
    writeFileSync(path.join(dist, 'app.html'), '<!doctype html><title>App shell</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'prerendered.json'), JSON.stringify({ paths: ['/', '/pricing', '/privacy'] }));
    writeFileSync(path.join(dist, 'pricing', 'index.html.br'), brotliCompressSync('<!doctype html><title>Pricing prerendered</title>'));
  });
  afterAll(async () => t.close());

  it('serves a prerendered page for its path, with or without a trailing slash or query', async () => {
    for (const url of ['/pricing', '/pricing/', '/pricing?checkout=canceled']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('Pricing prerendered');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('sends the pre-compressed file to a browser that accepts it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('serves the app shell for every other path, and never a file outside dist', async () => {
    for (const url of ['/dashboard', '/does-not-exist', '/admin/subscribers?x=1', '/../package.json', '/pricing/../../secret']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('App shell');
    }
  });

  it('lists the prerendered pages under APP_URL in sitemap.xml', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    const origin = t.config.appUrl.replace(/\/$/, '');
    expect([...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])).toEqual([`${origin}/`, `${origin}/pricing`, `${origin}/privacy`]);
  });

  it('points crawlers to the sitemap and keeps them out of the app and the API in robots.txt', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`Sitemap: ${t.config.appUrl.replace(/\/$/, '')}/sitemap.xml`);
    for (const prefix of ['/api/', '/dashboard', '/admin', '/profile']) expect(response.body).toContain(`Disallow: ${prefix}`);
  });
});
