import { describe, expect, it } from 'vitest';
import {
  changePasswordFailure,
  AUTH_MESSAGES,
  oauthRedirectErrorMessage,
  resetPasswordFailureOutcome,
  resetRequestFailureMessage,
  signInFailureMessage,
  signOutFailureMessage,
  signUpFailureMessage,
  socialSignInFailureMessage,
  toAuthFailure,
} from './errors';

describe('toAuthFailure', () => {
  it("reads better-auth's {status, message, code} error", () => {
    expect(toAuthFailure({ status: 401, statusText: 'Unauthorized', message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' })).toEqual({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it("falls back to our server's {error} text when there is no message", () => {
    expect(toAuthFailure({ status: 429, statusText: 'Too Many Requests', error: 'Too many attempts. Please try again later.' })).toEqual({
      status: 429,
      message: 'Too many attempts. Please try again later.',
    });
  });

  it('ignores blank texts', () => {
    expect(toAuthFailure({ status: 500, statusText: '', message: '  ', error: '' })).toEqual({ status: 500 });
  });

  it('treats a thrown error as no response, dropping its technical message', () => {
    expect(toAuthFailure(new TypeError('Failed to fetch'))).toEqual({ status: 0 });
    expect(toAuthFailure(undefined)).toEqual({ status: 0 });
    expect(toAuthFailure('boom')).toEqual({ status: 0 });
  });
});

describe('signInFailureMessage', () => {
  it('says the credentials are wrong for a refused sign-in, whatever the server text', () => {
    expect(signInFailureMessage({ status: 401, message: 'Invalid email or password' })).toBe(AUTH_MESSAGES.signInInvalid);
    expect(signInFailureMessage({ status: 400, message: 'Invalid email' })).toBe('Invalid email or password.');
  });

  it('names the rate limit', () => {
    expect(signInFailureMessage({ status: 429, message: 'anything' })).toBe('Too many attempts. Please try again later.');
  });

  it('does not blame the password for an outage', () => {
    expect(signInFailureMessage({ status: 0 })).toBe('Failed to sign in');
    expect(signInFailureMessage({ status: 503 })).toBe('Failed to sign in');
  });
});

describe('signUpFailureMessage', () => {
  it("shows the server's message, else the fallback", () => {
    expect(signUpFailureMessage({ status: 422, message: 'User already exists. Use another email.' })).toBe('User already exists. Use another email.');
    expect(signUpFailureMessage({ status: 0 })).toBe('Failed to create account');
    expect(signUpFailureMessage({ status: 429 })).toBe('Too many attempts. Please try again later.');
  });
});

describe('social and sign-out failures', () => {
  it("show the error's message, else their fallback", () => {
    expect(socialSignInFailureMessage({ status: 404, message: 'Provider not found' })).toBe('Provider not found');
    expect(socialSignInFailureMessage({ status: 0 })).toBe('Failed to sign in');
    expect(signOutFailureMessage({ status: 500, message: 'Session store down' })).toBe('Session store down');
    expect(signOutFailureMessage({ status: 0 })).toBe('Failed to sign out');
  });
});

describe('resetRequestFailureMessage', () => {
  it('maps the status to the spec texts', () => {
    expect(resetRequestFailureMessage({ status: 400, message: 'Invalid email' })).toBe('Please enter a valid email address.');
    expect(resetRequestFailureMessage({ status: 429 })).toBe('Too many attempts. Please try again later.');
    expect(resetRequestFailureMessage({ status: 500, message: 'internal' })).toBe('Failed to send reset email. Please try again.');
    expect(resetRequestFailureMessage({ status: 0 })).toBe('Failed to send reset email. Please try again.');
  });

  it('never says whether an account exists', () => {
    expect(resetRequestFailureMessage({ status: 404, message: 'User not found' })).not.toMatch(/account|not found/i);
  });
});

describe('resetPasswordFailureOutcome', () => {
  it('shows the invalid-link view for a bad, used or expired token', () => {
    expect(resetPasswordFailureOutcome({ status: 400, code: 'INVALID_TOKEN', message: 'Invalid token' })).toEqual({ kind: 'invalid-link' });
    expect(resetPasswordFailureOutcome({ status: 400 })).toEqual({ kind: 'invalid-link' });
  });

  it('toasts a password-length refusal instead', () => {
    expect(resetPasswordFailureOutcome({ status: 400, code: 'PASSWORD_TOO_SHORT', message: 'Password too short' })).toEqual({
      kind: 'toast',
      message: 'Password too short',
    });
  });

  it("toasts the server's reason for refusing a weak password", () => {
    const message = 'This password is too common. Choose one that is harder to guess';
    expect(resetPasswordFailureOutcome({ status: 400, code: 'PASSWORD_TOO_WEAK', message })).toEqual({ kind: 'toast', message });
  });

  it('toasts rate limits and outages', () => {
    expect(resetPasswordFailureOutcome({ status: 429 })).toEqual({ kind: 'toast', message: AUTH_MESSAGES.tooManyAttempts });
    expect(resetPasswordFailureOutcome({ status: 0 })).toEqual({ kind: 'toast', message: AUTH_MESSAGES.passwordUpdateFailed });
    expect(resetPasswordFailureOutcome({ status: 502, message: 'Bad gateway' })).toEqual({ kind: 'toast', message: AUTH_MESSAGES.passwordUpdateFailed });
  });
});

describe('oauthRedirectErrorMessage', () => {
  it('prefers the description that came with the error', () => {
    expect(oauthRedirectErrorMessage('access_denied', 'The user denied access.')).toBe('The user denied access.');
  });

  it('words known codes readably', () => {
    expect(oauthRedirectErrorMessage('access_denied', null)).toBe('Sign-in was cancelled.');
    expect(oauthRedirectErrorMessage('STATE_MISMATCH', '')).toBe('The sign-in session expired. Please try again.');
  });

  it('falls back to "Failed to sign in" for anything else', () => {
    expect(oauthRedirectErrorMessage('something_new', null)).toBe('Failed to sign in');
    expect(oauthRedirectErrorMessage(null, null)).toBe('Failed to sign in');
  });
});

describe('changePasswordFailure', () => {
  it('puts a wrong current password and a refused new one on their fields', () => {
    expect(changePasswordFailure({ status: 400, code: 'INVALID_PASSWORD', message: 'Invalid password' })).toEqual({
      field: 'currentPassword',
      message: AUTH_MESSAGES.currentPasswordWrong,
    });
    expect(changePasswordFailure({ status: 400, code: 'PASSWORD_TOO_WEAK', message: 'This password is too common.' })).toEqual({
      field: 'newPassword',
      message: 'This password is too common.',
    });
  });

  it('toasts the rest', () => {
    expect(changePasswordFailure({ status: 429 })).toEqual({ field: null, message: AUTH_MESSAGES.tooManyAttempts });
    expect(changePasswordFailure({ status: 0 })).toEqual({ field: null, message: AUTH_MESSAGES.passwordChangeFailed });
    expect(changePasswordFailure({ status: 500, message: 'boom' })).toEqual({ field: null, message: AUTH_MESSAGES.passwordChangeFailed });
  });
});
