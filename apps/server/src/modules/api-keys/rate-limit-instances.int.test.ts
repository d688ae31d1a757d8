// The per-key rate limit is one limit however many instances answer: two servers on one PostgreSQL share each key's
// window, so together they let 120 requests through in a minute, not 120 each.
import { API_RATE_LIMIT_PER_MINUTE } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import { buildAppOn, createPostgresDatabase, signUp } from '../../../test/helpers.js';

describe('API key rate limit across instances', () => {
  it(`two instances share one window of ${API_RATE_LIMIT_PER_MINUTE} requests a minute per account`, { timeout: 120_000 }, async () => {
    const db = await createPostgresDatabase();
    const one = await buildAppOn(db.url);
    const two = await buildAppOn(db.url);
    try {
      const owner = await signUp(one.app, `twin-keys-${Date.now()}@example.com`);
      await one.app.database.db.insert(subscriptions).values({ userId: owner.userId, status: 'active', priceId: 'price_test_monthly' });
      const created = await one.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner.cookie, origin: one.app.config.appUrl }, payload: { name: 'Twin' } });
      expect(created.statusCode, created.body).toBe(201);
      const headers = { authorization: `Bearer ${(created.json() as { key: string }).key}` };
      const statuses: number[] = [];
      const remaining: number[] = [];
      // Alternate between the instances: each sees the other's requests in its count.
      for (let index = 0; index < API_RATE_LIMIT_PER_MINUTE + 2; index++) {
        const app = index % 2 === 0 ? one.app : two.app;
        const response = await app.inject({ method: 'GET', url: '/api/v1/leads?limit=1', headers });
        statuses.push(response.statusCode);
        remaining.push(Number(response.headers['ratelimit-remaining']));
      }
      expect(statuses.slice(0, API_RATE_LIMIT_PER_MINUTE).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(API_RATE_LIMIT_PER_MINUTE)).toEqual([429, 429]);
      expect(remaining.slice(0, 3)).toEqual([API_RATE_LIMIT_PER_MINUTE - 1, API_RATE_LIMIT_PER_MINUTE - 2, API_RATE_LIMIT_PER_MINUTE - 3]);
    } finally {
      await one.close();
      await two.close();
      await db.dispose();
    }
  });
});
