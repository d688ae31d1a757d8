import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { nameFromEmail, newPasswordFormSchema, resetRequestFormSchema, signInFormSchema, signUpFormSchema } from './form-schemas';

/** Each failing field's first message, as react-hook-form would show it. */
function fieldErrors(schema: ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

describe('signInFormSchema', () => {
  it('requires both fields', () => {
    expect(fieldErrors(signInFormSchema, { email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('accepts any non-empty password and trims the email', () => {
    expect(signInFormSchema.parse({ email: '  ada@example.com ', password: 'x' })).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('rejects an address that is not an email', () => {
    expect(fieldErrors(signInFormSchema, { email: 'ada', password: 'x' })).toEqual({ email: 'Please enter a valid email address.' });
  });
});

describe('signUpFormSchema', () => {
  const valid = { email: 'ada@example.com', password: 'password-123', confirmPassword: 'password-123' };

  it('accepts matching passwords of at least 8 characters', () => {
    expect(signUpFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says "Passwords do not match" on the confirmation field', () => {
    expect(fieldErrors(signUpFormSchema, { ...valid, confirmPassword: 'password-124' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('still reports the mismatch when the password is also too short', () => {
    expect(fieldErrors(signUpFormSchema, { ...valid, password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('requires the confirmation without calling an empty one a mismatch', () => {
    expect(fieldErrors(signUpFormSchema, { ...valid, confirmPassword: '' })).toEqual({ confirmPassword: 'Please confirm your password' });
  });

  it('enforces the server length limits', () => {
    expect(fieldErrors(signUpFormSchema, { ...valid, password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    const long = 'a'.repeat(129);
    expect(fieldErrors(signUpFormSchema, { ...valid, password: long, confirmPassword: long })).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });
});

describe('resetRequestFormSchema', () => {
  it('asks for an email when empty or blank', () => {
    expect(fieldErrors(resetRequestFormSchema, { email: '' })).toEqual({ email: 'Please enter your email address' });
    expect(fieldErrors(resetRequestFormSchema, { email: '   ' })).toEqual({ email: 'Please enter your email address' });
  });
});

describe('newPasswordFormSchema', () => {
  it('checks the confirmation and the minimum length', () => {
    expect(fieldErrors(newPasswordFormSchema, { newPassword: 'new-password-1', confirmPassword: 'new-password-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(fieldErrors(newPasswordFormSchema, { newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 8 characters',
    });
    expect(newPasswordFormSchema.safeParse({ newPassword: 'new-password-1', confirmPassword: 'new-password-1' }).success).toBe(true);
  });
});

describe('nameFromEmail', () => {
  it("is the address's local part", () => {
    expect(nameFromEmail('ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(nameFromEmail(' grace@example.com ')).toBe('grace');
  });

  it('falls back to the whole text when there is no local part', () => {
    expect(nameFromEmail('@example.com')).toBe('@example.com');
    expect(nameFromEmail('plain')).toBe('plain');
  });
});
