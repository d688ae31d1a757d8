import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, basicPasswordProblem, passwordProblem } from './password-rules.js';

describe('passwordProblem', () => {
  it('refuses short, blank, email-based and common passwords', async () => {
    expect(await passwordProblem('password')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await passwordProblem('12345678')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(await passwordProblem('          ')).toBe(PASSWORD_MESSAGES.blank);
    expect(await passwordProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(await passwordProblem('my-Ada.Lovelace-key', 'ada.lovelace@example.com')).toBe(PASSWORD_MESSAGES.containsEmail);
    // Ten characters or more, yet among the most common passwords (any case).
    expect(await passwordProblem('1234567890')).toBe(PASSWORD_MESSAGES.common);
    expect(await passwordProblem('QwertyUiop')).toBe(PASSWORD_MESSAGES.common);
  });

  it('accepts a long, uncommon password', async () => {
    expect(await passwordProblem('correct horse battery', 'ada@example.com')).toBeNull();
    expect(basicPasswordProblem('correct horse battery', 'ada@example.com')).toBeNull();
  });
});
