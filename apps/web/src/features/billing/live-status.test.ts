import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './live-status';

describe('reconnectDelay', () => {
  it('doubles from 2 s up to a minute', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(reconnectDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('treats a nonsense attempt count as the first', () => {
    expect(reconnectDelay(-1)).toBe(2_000);
    expect(reconnectDelay(Number.NaN)).toBe(2_000);
  });
});
