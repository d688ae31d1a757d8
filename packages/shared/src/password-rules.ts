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

/** Why a new password is refused, or null when it is acceptable. */
export async function passwordProblem(password: string, email?: string): Promise<string | null> {
  const basic = basicPasswordProblem(password, email);
  if (basic) return basic;
  const common = await loadCommonPasswords();
  return common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase()) ? PASSWORD_MESSAGES.common : null;
}
