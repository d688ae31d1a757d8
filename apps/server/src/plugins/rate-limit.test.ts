// The in-process window counter behind the per-key API rate limit.
import { describe, expect, it } from 'vitest';
import { createLocalRateLimiter } from './rate-limit.js';

describe('createLocalRateLimiter', () => {
  it('allows max requests per window from the first one, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = createLocalRateLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect(limiter.hit('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    now += 10_500;
    expect(limiter.hit('a')).toEqual({ allowed: true, limit: 3, remaining: 1, resetSeconds: 50 });
    expect(limiter.hit('a')).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 50 });
    expect(limiter.hit('a')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 50 });
    // Another key has its own window.
    expect(limiter.hit('b')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    now += 49_499;
    expect(limiter.hit('a')).toMatchObject({ allowed: false, resetSeconds: 1 });
    now += 1;
    expect(limiter.hit('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('keeps counting through a sweep of ended windows', () => {
    let now = 0;
    const limiter = createLocalRateLimiter({ max: 2, windowMs: 1_000 }, () => now);
    limiter.hit('old');
    now = 500;
    limiter.hit('live');
    now = 1_200;
    // 'old' ended and is swept; 'live' (started at 500) still counts.
    expect(limiter.hit('live')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('live')).toMatchObject({ allowed: false });
    expect(limiter.hit('old')).toMatchObject({ allowed: true, remaining: 1 });
  });
});
