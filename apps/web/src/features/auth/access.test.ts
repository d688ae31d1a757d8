import { describe, expect, it } from 'vitest';
import { canViewLeads, isAdmin } from './access';
import type { Me } from './api';

function me(overrides: { role?: 'user' | 'admin'; hasActiveSubscription?: boolean } = {}): Me {
  return {
    user: { id: 'u1', email: 'ada@example.com', name: 'ada', role: overrides.role ?? 'user', emailVerified: true },
    adminVerificationPending: false,
    subscription: null,
    hasActiveSubscription: overrides.hasActiveSubscription ?? false,
  };
}

describe('canViewLeads', () => {
  it('needs a signed-in user with an active subscription', () => {
    expect(canViewLeads(null)).toBe(false);
    expect(canViewLeads(undefined)).toBe(false);
    expect(canViewLeads(me())).toBe(false);
    expect(canViewLeads(me({ hasActiveSubscription: true }))).toBe(true);
  });

  it('lets the admin in without a subscription, as the server does', () => {
    expect(canViewLeads(me({ role: 'admin' }))).toBe(true);
  });
});

describe('isAdmin', () => {
  it('is true only for the admin role', () => {
    expect(isAdmin(me({ role: 'admin' }))).toBe(true);
    expect(isAdmin(me())).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});
