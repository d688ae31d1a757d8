import { describe, expect, it } from 'vitest';
import { planCheckoutPath, readChosenPlan, signInPath, signUpPath } from './paths';

describe('the chosen plan in URLs', () => {
  it('reads only a known plan', () => {
    expect(readChosenPlan('?plan=monthly')).toBe('monthly');
    expect(readChosenPlan(new URLSearchParams('plan=annual&x=1'))).toBe('annual');
    for (const search of ['', '?plan=', '?plan=weekly', '?plan=Monthly', '?plans=monthly']) expect(readChosenPlan(search), search).toBeNull();
  });

  it('carries the plan through sign-up and sign-in to its checkout on /pricing', () => {
    expect(signUpPath('annual')).toBe('/signup?plan=annual');
    expect(signUpPath(null)).toBe('/signup');
    expect(signInPath('monthly')).toBe('/signin?plan=monthly');
    expect(planCheckoutPath('monthly')).toBe('/pricing?plan=monthly');
    expect(readChosenPlan(new URL(`https://x.example${signUpPath('annual')}`).search)).toBe('annual');
  });
});
