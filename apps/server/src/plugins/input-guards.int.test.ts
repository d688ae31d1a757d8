import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead } from '@fundwire/shared';
import { cancellationFeedback, leads, users } from '../db/schema/index.js';
import { buildTestApp, signInAs, type TestApp } from '../../test/helpers.js';
import { BAD_ENCODING_MESSAGE, MAX_JSON_DEPTH } from './input-guards.js';

const NUL_ERROR = { error: 'Text must not contain NUL characters' };

function leadInput(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Guarded Robotics',
    domain: 'guarded.example.com',
    industry: 'Robotics',
    fundingAmount: 1_000_000,
    fundingRound: 'Seed',
    location: 'Austin, TX',
    fundingDate: '2026-11-20',
    description: 'Robots.',
    contacts: [{ name: 'Pat Example', role: 'CEO', email: 'pat@guarded.example.com', linkedIn: '' }],
    ...overrides,
  };
}

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('input guards', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let subscriber: Record<string, string>;
  let user: Record<string, string>;
  let lead: Lead;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = { ...(await signInAs(t, 'admin')), origin: t.config.appUrl };
    subscriber = await signInAs(t, 'subscriber');
    user = { ...(await signInAs(t, 'user')), origin: t.config.appUrl };
    const created = await t.app.inject({ method: 'POST', url: '/api/leads', headers: admin, payload: leadInput() });
    expect(created.statusCode).toBe(201);
    lead = (created.json() as { lead: Lead }).lead;
  });
  afterAll(async () => t.close());

  const rowCounts = async () => {
    const [leadCount] = await t.database.db.select({ value: count() }).from(leads);
    const [userCount] = await t.database.db.select({ value: count() }).from(users);
    const [feedbackCount] = await t.database.db.select({ value: count() }).from(cancellationFeedback);
    return { leads: leadCount?.value, users: userCount?.value, feedback: feedbackCount?.value };
  };

  it('refuses a NUL character in the query or path with a 400, before any query runs', async () => {
    for (const url of [
      '/api/leads?q=%00',
      '/api/leads?industry=Robo%00tics',
      '/api/leads?location=%00Austin',
      '/api/leads/stats?q=%00',
      '/api/leads/export.csv?q=a%00',
      '/api/free-leads?anything=%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(NUL_ERROR);
    }
    const checkout = await t.app.inject({ method: 'GET', url: '/api/checkout/test/%00', headers: user });
    expect(checkout.statusCode).toBe(400);
    expect(checkout.json()).toEqual(NUL_ERROR);
  });

  it('refuses percent-encoding that is not UTF-8 with a 400, on every route, better-auth included', async () => {
    for (const url of [
      '/api/auth/verify-email?token=99999999999999999999&callbackURL=%FF%FE',
      '/api/leads?q=%E0%A4',
      '/api/free-leads?x=%C3',
      '/api/companies/%FF',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: BAD_ENCODING_MESSAGE });
    }
    // Well-formed multi-byte characters are fine.
    expect((await t.app.inject({ method: 'GET', url: '/api/leads?q=M%C3%BCnchen', headers: subscriber })).statusCode).toBe(200);
  });

  it('refuses a NUL character anywhere in a JSON body, and writes nothing', async () => {
    const before = await rowCounts();
    const requests = [
      { method: 'POST' as const, url: '/api/leads', headers: admin, payload: leadInput({ companyName: 'Nul\u0000 Robotics', domain: 'nul.example.com' }) },
      { method: 'PUT' as const, url: `/api/leads/${lead.id}`, headers: admin, payload: leadInput({ description: 'Edited\u0000' }) },
      { method: 'POST' as const, url: '/api/leads/batch', headers: admin, payload: { leads: [leadInput({ domain: 'batch.example.com', tags: ['a\u0000'] })] } },
      { method: 'POST' as const, url: '/api/submit-feedback', headers: user, payload: { reason: 'other', details: 'bye\u0000' } },
      { method: 'POST' as const, url: '/api/auth/sign-up/email', headers: { origin: t.config.appUrl }, payload: { email: 'nul@example.com', password: 'correct horse battery', name: 'Nul\u0000' } },
      { method: 'POST' as const, url: '/api/subscribe-email', headers: {}, payload: { email: 'nul@example.com', ['key\u0000']: 1 } },
    ];
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json(), request.url).toEqual(NUL_ERROR);
    }
    expect(await rowCounts()).toEqual(before);
    const unchanged = (await t.app.inject({ method: 'GET', url: `/api/leads?q=guarded`, headers: subscriber })).json() as { leads: Lead[] };
    expect(unchanged.leads.map((row) => row.description)).toEqual(['Robots.']);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels on every JSON route, auth included`, async () => {
    const deep = `{"email":"deep@example.com","password":"correct horse battery","name":${nested(20_000)}}`;
    for (const [url, headers] of [
      ['/api/auth/sign-up/email', { origin: t.config.appUrl }],
      ['/api/auth/sign-in/email', { origin: t.config.appUrl }],
      ['/api/leads', admin],
      ['/api/leads/batch', admin],
      ['/api/submit-feedback', user],
      ['/api/subscribe-email', {}],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: deep });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'JSON nested too deeply' });
    }
    // Brackets inside strings are text, not nesting; the limit itself is allowed through to validation.
    const inString = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify(leadInput({ description: nested(5_000), fundingRound: 'Series Q' })),
    });
    expect(inString.statusCode).toBe(400);
    expect(inString.json().error).toContain('fundingRound');
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"tags":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error).toContain('Invalid lead');
  });

  it('refuses prototype poisoning, on the newsletter routes with their own JSON parser too', async () => {
    for (const [url, headers] of [
      ['/api/leads', admin],
      ['/api/subscribe-email', {}],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"email":"proto@example.com","__proto__":{"isAdmin":true}}',
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses year 0000 and impossible dates in filters and leads, and amounts beyond any round', async () => {
    const before = await rowCounts();
    for (const url of ['/api/leads?dateStart=0000-01-01', '/api/leads?dateEnd=0000-12-31', '/api/leads/export.csv?dateStart=0000-01-01', '/api/leads?dateStart=2020-02-30']) {
      const response = await t.app.inject({ method: 'GET', url, headers: subscriber });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toMatch(/date(Start|End): must be a real calendar date/);
    }
    const writes = [
      { method: 'POST' as const, url: '/api/leads', payload: leadInput({ domain: 'zero.example.com', fundingDate: '0000-06-01' }) },
      { method: 'PUT' as const, url: `/api/leads/${lead.id}`, payload: leadInput({ fundingDate: '0000-06-01' }) },
      { method: 'POST' as const, url: '/api/leads', payload: leadInput({ domain: 'huge.example.com', fundingAmount: 1e300 }) },
      { method: 'POST' as const, url: '/api/leads/batch', payload: [leadInput({ domain: 'huge.example.com', fundingAmount: 1e300 })] },
      { method: 'POST' as const, url: '/api/leads/batch', payload: [leadInput({ domain: 'zero.example.com', fundingDate: '0000-06-01' })] },
    ];
    for (const write of writes) {
      const response = await t.app.inject({ ...write, headers: admin });
      expect(response.statusCode, JSON.stringify(write.payload)).toBe(400);
      // A single lead names the field as sent; a batch names the lead and the field in words (issue 17).
      const expected = write.url === '/api/leads/batch' ? /Lead 1 \(Guarded Robotics\): (funding date must be a real calendar date|funding amount is too large)$/ : /fundingDate must be a real calendar date|fundingAmount is too large/;
      expect(response.json().error).toMatch(expected);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('treats a session cookie that is not valid percent-encoding as no session', async () => {
    const headers = { cookie: 'better-auth.session_token=%' };
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/leads', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/free-leads', headers })).statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers });
    expect(session.statusCode).toBeLessThan(500);
    expect(session.body === 'null' || session.body === '').toBe(true);
  });
});
