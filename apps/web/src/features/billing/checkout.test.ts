import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { classifyCheckoutError, inAppPath } from './checkout';

describe('classifyCheckoutError', () => {
  it('sends a signed-out visitor to sign in', () => {
    expect(classifyCheckoutError(new ApiError(401, 'Authentication required'))).toEqual({ kind: 'sign-in' });
  });

  it('keeps the server message for an existing subscription', () => {
    expect(classifyCheckoutError(new ApiError(409, 'You already have an active subscription'))).toEqual({
      kind: 'already-subscribed',
      message: 'You already have an active subscription',
    });
  });

  it('treats everything else as a failed start', () => {
    expect(classifyCheckoutError(new ApiError(500, 'boom'))).toEqual({ kind: 'failed' });
    expect(classifyCheckoutError(new ApiError(0, 'offline'))).toEqual({ kind: 'failed' });
    expect(classifyCheckoutError(new Error('no url'))).toEqual({ kind: 'failed' });
  });
});

describe('inAppPath', () => {
  const origin = 'https://fundwire.test';

  it('keeps paths and same-origin addresses in the app', () => {
    expect(inAppPath('/checkout/success?session_id=cs_1', origin)).toBe('/checkout/success?session_id=cs_1');
    expect(inAppPath('https://fundwire.test/pricing?canceled=1#plans', origin)).toBe('/pricing?canceled=1#plans');
  });

  it('leaves other hosts to the browser', () => {
    expect(inAppPath('https://checkout.stripe.com/c/pay/cs_1', origin)).toBeNull();
    expect(inAppPath('//evil.test/x', origin)).toBeNull();
    expect(inAppPath('not a url', origin)).toBeNull();
  });
});
