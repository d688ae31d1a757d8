import { describe, expect, it } from 'vitest';
import { lockedReason, readLockedScreen } from './components/locked-notice';

describe('the locked-screen notice', () => {
  it('says why, in the account’s terms', () => {
    expect(lockedReason(null)).toMatch(/no subscription yet.*7-day free trial/);
    expect(lockedReason('past_due')).toMatch(/payment .* did not go through/);
    expect(lockedReason('canceled')).toMatch(/subscription has ended/);
  });

  it('reads the screen from router state, and nothing else', () => {
    expect(readLockedScreen({ lockedScreen: 'Recent Leads' })).toBe('Recent Leads');
    for (const state of [null, undefined, 'Recent Leads', {}, { lockedScreen: '' }, { lockedScreen: 3 }]) expect(readLockedScreen(state)).toBeNull();
  });
});
