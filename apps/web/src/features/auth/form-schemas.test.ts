import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { changePasswordFormSchema, nameFromEmail, newPasswordFormSchema, resetRequestFormSchema, signInFormSchema, signUpFormSchema } from './form-schemas';

/** Each failing field's first message, as react-hook-form would show it. */
async function fieldErrors(schema: ZodType, values: unknown): Promise<Record<string, string>> {
  const result = await schema.safeParseAsync(values);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

describe('signInFormSchema', () => {
  it('requires both fields', async () => {
    expect(await fieldErrors(signInFormSchema, { email: '', password: '' })).toEqual({
      email: 'Please enter your email address',
      password: 'Please enter your password',
    });
  });

  it('accepts any non-empty password and trims the email', async () => {
    expect(signInFormSchema.parse({ email: '  ada@example.com ', password: 'x' })).toEqual({ email: 'ada@example.com', password: 'x' });
  });

  it('rejects an address that is not an email', async () => {
    expect(await fieldErrors(signInFormSchema, { email: 'ada', password: 'x' })).toEqual({ email: 'Please enter a valid email address.' });
  });
});

describe('signUpFormSchema', () => {
  const valid = { email: 'ada@example.com', password: 'lantern-harbor-123', confirmPassword: 'lantern-harbor-123' };

  it('accepts matching passwords of at least 10 characters', async () => {
    expect((await signUpFormSchema.safeParseAsync(valid)).success).toBe(true);
  });

  it('says "Passwords do not match" on the confirmation field', async () => {
    expect(await fieldErrors(signUpFormSchema, { ...valid, confirmPassword: 'lantern-harbor-124' })).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('still reports the mismatch when the password is also too short', async () => {
    expect(await fieldErrors(signUpFormSchema, { ...valid, password: 'abc', confirmPassword: 'abd' })).toEqual({
      password: 'Password must be at least 10 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('requires the confirmation without calling an empty one a mismatch', async () => {
    expect(await fieldErrors(signUpFormSchema, { ...valid, confirmPassword: '' })).toEqual({ confirmPassword: 'Please confirm your password' });
  });

  it('enforces the server length limits', async () => {
    expect(await fieldErrors(signUpFormSchema, { ...valid, password: 'short', confirmPassword: 'short' })).toEqual({
      password: 'Password must be at least 10 characters',
    });
    const long = 'a'.repeat(129);
    expect(await fieldErrors(signUpFormSchema, { ...valid, password: long, confirmPassword: long })).toEqual({
      password: 'Password must be at most 128 characters',
    });
  });
});

describe('the shared password rule in the forms', () => {
  it('refuses blank, common and email-based passwords before anything is sent', async () => {
    const blank = ' '.repeat(10);
    expect(await fieldErrors(signUpFormSchema, { email: 'ada@example.com', password: blank, confirmPassword: blank })).toEqual({
      password: 'Password cannot be only spaces',
    });
    expect(await fieldErrors(signUpFormSchema, { email: 'ada@example.com', password: 'qwertyuiop', confirmPassword: 'qwertyuiop' })).toEqual({
      password: 'This password is too common. Choose one that is harder to guess',
    });
    expect(await fieldErrors(signUpFormSchema, { email: 'Grace.Hopper@example.com', password: 'grace.hopper!2026', confirmPassword: 'grace.hopper!2026' })).toEqual({
      password: 'Password must not contain your email address',
    });
    expect(await fieldErrors(newPasswordFormSchema, { newPassword: '1234567890', confirmPassword: '1234567890' })).toEqual({
      newPassword: 'This password is too common. Choose one that is harder to guess',
    });
  });
});

describe('resetRequestFormSchema', () => {
  it('asks for an email when empty or blank', async () => {
    expect(await fieldErrors(resetRequestFormSchema, { email: '' })).toEqual({ email: 'Please enter your email address' });
    expect(await fieldErrors(resetRequestFormSchema, { email: '   ' })).toEqual({ email: 'Please enter your email address' });
  });
});

describe('newPasswordFormSchema', () => {
  it('checks the confirmation and the minimum length', async () => {
    expect(await fieldErrors(newPasswordFormSchema, { newPassword: 'new-password-1', confirmPassword: 'new-password-2' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(await fieldErrors(newPasswordFormSchema, { newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: 'Password must be at least 10 characters',
    });
    expect((await newPasswordFormSchema.safeParseAsync({ newPassword: 'new-password-1', confirmPassword: 'new-password-1' })).success).toBe(true);
  });
});

describe('changePasswordFormSchema', () => {
  const schema = changePasswordFormSchema('Grace.Hopper@example.com');
  it('refuses a new password with the account email in it, and a confirmation that differs even while the password is too short', async () => {
    expect(await fieldErrors(schema, { currentPassword: 'old', newPassword: 'grace.hopper!2026', confirmPassword: 'grace.hopper!2026' })).toEqual({
      newPassword: 'Password must not contain your email address',
    });
    expect(await fieldErrors(schema, { currentPassword: 'old', newPassword: 'short', confirmPassword: 'shirt' })).toEqual({
      newPassword: 'Password must be at least 10 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(await fieldErrors(schema, { currentPassword: '', newPassword: 'lantern-harbor-123', confirmPassword: 'lantern-harbor-123' })).toEqual({
      currentPassword: 'Please enter your current password',
    });
    expect((await schema.safeParseAsync({ currentPassword: 'old', newPassword: 'lantern-harbor-123', confirmPassword: 'lantern-harbor-123' })).success).toBe(true);
  });
});

describe('nameFromEmail', () => {
  it("is the address's local part", async () => {
    expect(nameFromEmail('ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(nameFromEmail(' grace@example.com ')).toBe('grace');
  });

  it('falls back to the whole text when there is no local part', async () => {
    expect(nameFromEmail('@example.com')).toBe('@example.com');
    expect(nameFromEmail('plain')).toBe('plain');
  });
});
