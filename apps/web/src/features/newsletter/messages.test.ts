import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { subscribeFormSchema } from './api';
import { NEWSLETTER_MESSAGES, subscribeFailureMessage } from './messages';

describe('subscribeFailureMessage', () => {
  it('shows the server text when there is one', () => {
    expect(subscribeFailureMessage(new ApiError(429, 'Too many requests. Please try again later.'))).toBe('Too many requests. Please try again later.');
  });
  it('falls back to the generic failure without text, and for a missing endpoint', () => {
    expect(subscribeFailureMessage(new ApiError(500, ''))).toBe(NEWSLETTER_MESSAGES.failed);
    expect(subscribeFailureMessage(new ApiError(404, 'No API route for POST /api/subscribe-email'))).toBe(NEWSLETTER_MESSAGES.failed);
  });
  it('calls a request without an answer a network failure', () => {
    expect(subscribeFailureMessage(new ApiError(0, 'whatever'))).toBe('Something went wrong. Please try again.');
    expect(subscribeFailureMessage(new TypeError('Failed to fetch'))).toBe('Something went wrong. Please try again.');
  });
});

describe('subscribeFormSchema', () => {
  it('asks for an address when the field is empty or blank', () => {
    for (const email of ['', '   ']) {
      const result = subscribeFormSchema.safeParse({ email });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter your email address');
    }
  });
  it('rejects a malformed address and trims a good one', () => {
    expect(subscribeFormSchema.safeParse({ email: 'not-an-email' }).error?.issues[0]?.message).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    expect(subscribeFormSchema.parse({ email: '  ada@example.com ' })).toEqual({ email: 'ada@example.com' });
  });
});

describe('the form and the server', () => {
  it('use the same words for a missing or malformed address', async () => {
    const { EMAIL_INVALID_MESSAGE, EMAIL_REQUIRED_MESSAGE } = await import('@fundwire/shared');
    expect(NEWSLETTER_MESSAGES.emailRequired).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(NEWSLETTER_MESSAGES.emailInvalid).toBe(EMAIL_INVALID_MESSAGE);
  });
});
