import { describe, expect, it } from 'vitest';
import { backoffMs, newWorkerId, parseRetryAfter, sleep } from './retry.js';

describe('retry helpers', () => {
  it('backs off by doubling up to the bound', () => {
    const options = { baseMs: 1000, maxMs: 5000 };
    expect([1, 2, 3, 4, 5].map((attempt) => backoffMs(attempt, options))).toEqual([1000, 2000, 4000, 5000, 5000]);
    expect(backoffMs(0, options)).toBe(1000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('0.5', now)).toBe(500);
  });

  it('names workers apart', () => {
    expect(newWorkerId()).not.toBe(newWorkerId());
  });

  it('sleeps until the time is up, or rejects at once when aborted', async () => {
    const started = Date.now();
    await sleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    await expect(sleep(0, controller.signal)).rejects.toThrow('stopped');
    await expect(sleep(0)).resolves.toBeUndefined();
  });
});
