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

  it('refuses a common word dressed up with digits, symbols and look-alike letters, with the common message', async () => {
    for (const password of ['Password123!', 'Passw0rd!!', 'P@ssw0rd2024', '2024!!Password', 'monkey123456', 'Dragon!!!!!!', 'qwertyuiop1!']) {
      expect(await passwordProblem(password, 'ada@example.com'), password).toBe(PASSWORD_MESSAGES.common);
    }
  });

  it('keeps accepting passwords that merely contain digits, symbols or a short common fragment', async () => {
    for (const password of ['correct horse battery!1', 'Tr0ub4dor&3x!', 'blue-kettle-42-river', 'xq7!Lm2#pz']) {
      expect(await passwordProblem(password, 'ada@example.com'), password).toBeNull();
    }
  });

  it('accepts a long, uncommon password', async () => {
    expect(await passwordProblem('correct horse battery', 'ada@example.com')).toBeNull();
    expect(basicPasswordProblem('correct horse battery', 'ada@example.com')).toBeNull();
  });
});
