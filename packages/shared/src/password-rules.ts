// The password rule for new passwords (sign-up, reset, change), shared by the server and the forms.
// The common-password list is zxcvbn-ts's, loaded on first use: the web app keeps it out of its
// initial bundle, and the server pays for it once.

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** How many of the most common passwords (zxcvbn-ts's ranked list) are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  blank: 'Password cannot be only spaces',
  containsEmail: 'Password must not contain your email address',
  common: 'This password is too common. Choose one that is harder to guess',
} as const;

/** The rules that need no list: length, not blank, not built from the email's local part. */
export function basicPasswordProblem(password: string, email?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  const local = email?.trim().split('@')[0]?.toLowerCase() ?? '';
  // A one- or two-letter local part ("a@x.com") would refuse half of all passwords.
  if (local.length >= 3 && password.toLowerCase().includes(local)) return PASSWORD_MESSAGES.containsEmail;
  return null;
}

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/** The 10,000 most common passwords, lower-cased; loaded once. */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((word) => word.toLowerCase())),
  );
  return commonPasswords;
}

// Digits and symbols people use for letters ("Passw0rd", "P@ssword"); "1" may stand for i or l.
const LOOKALIKES: Record<string, string[]> = {
  '0': ['o'],
  '1': ['i', 'l'],
  '3': ['e'],
  '4': ['a'],
  '5': ['s'],
  '7': ['t'],
  '8': ['b'],
  '@': ['a'],
  $: ['s'],
  '!': ['i'],
  '|': ['l'],
};
const MAX_SPELLINGS = 64;

/** Every way of reading the look-alike characters of `word` as letters (at most MAX_SPELLINGS of them). */
function spellings(word: string): string[] {
  let results = [''];
  for (const char of word) {
    const options = [char, ...(LOOKALIKES[char] ?? [])];
    const next: string[] = [];
    for (const prefix of results) for (const option of options) if (next.length < MAX_SPELLINGS) next.push(prefix + option);
    results = next;
  }
  return results;
}

/**
 * True when the password is a common one, in any case, or a common word dressed up: digits and symbols
 * added before or after it ("Password123!", "2024monkey"), or some of its letters written as look-alikes
 * ("Passw0rd!!"). The word must keep at least 4 letters, so "Tr0ub4dor&3x!" style passwords with a short
 * common fragment are not refused for it.
 */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  const lower = password.trim().toLowerCase();
  if (common.has(password.toLowerCase()) || common.has(lower)) return true;
  // The word inside: leading and trailing runs of anything but letters removed (but not look-alikes inside it).
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const candidates = new Set([core, ...spellings(lower)]);
  for (const spelling of spellings(core)) candidates.add(spelling);
  for (const candidate of candidates) {
    const stripped = candidate.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
    if (stripped.length >= 4 && common.has(stripped)) return true;
  }
  return false;
}

/** Why a new password is refused, or null when it is acceptable. */
export async function passwordProblem(password: string, email?: string): Promise<string | null> {
  const basic = basicPasswordProblem(password, email);
  if (basic) return basic;
  return isCommonPassword(password, await loadCommonPasswords()) ? PASSWORD_MESSAGES.common : null;
}
