// The dashboard's visits: each answers when the previous one was, per user, exactly once each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAs, type TestApp } from '../../../test/helpers.js';

describe('dashboard visits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const visit = (headers: Record<string, string>, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url: '/api/me/visits', headers, payload: payload as object });

  it('the first visit has no previous one; each later visit answers the one before it', async () => {
    const subscriber = await signInAs(t, 'subscriber');
    const first = await visit(subscriber);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ previousVisitAt: null, visitAt: expect.any(String) });
    const second = await visit(subscriber);
    expect(second.json().previousVisitAt).toBe(first.json().visitAt);
    const third = await visit(subscriber);
    expect(third.json().previousVisitAt).toBe(second.json().visitAt);
    expect(Date.parse(third.json().visitAt)).toBeGreaterThanOrEqual(Date.parse(second.json().visitAt));
  });

  it('visits at the same moment each see a different previous visit, and none is lost', async () => {
    const subscriber = await signInAs(t, 'subscriber');
    await visit(subscriber);
    const answers = await Promise.all(Array.from({ length: 6 }, () => visit(subscriber)));
    const bodies = answers.map((answer) => answer.json() as { previousVisitAt: string; visitAt: string });
    // The row lock serialises them: together they form a chain, each answer's previous is another's visit.
    const previous = bodies.map((body) => body.previousVisitAt).sort();
    const visits = bodies.map((body) => body.visitAt).sort();
    expect(previous.slice(1)).toEqual(visits.slice(0, -1));
  });

  it('is per user, only for subscribers, and refuses a body with anything in it', async () => {
    const admin = await signInAs(t, 'admin');
    expect((await visit(admin)).json().previousVisitAt).toBeNull();
    const user = await signInAs(t, 'user');
    expect((await visit(user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/me/visits', payload: {} })).statusCode).toBe(401);
    const subscriber = await signInAs(t, 'subscriber');
    const before = await t.database.rawTransaction((query) => query('select count(*)::int as n from user_visits'));
    const bad = await visit(subscriber, { at: '2020-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: expect.any(String) });
    const after = await t.database.rawTransaction((query) => query('select count(*)::int as n from user_visits'));
    expect(after.rows).toEqual(before.rows);
  });
});
