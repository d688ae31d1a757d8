// Turns what better-auth's client (or a thrown network error) reports into the toast texts that
// docs/product/SPEC.md section 8 names. Pure, so the wording is unit-tested without a browser.

export const AUTH_MESSAGES = {
  signInSuccess: 'Signed in successfully!',
  signInInvalid: 'Invalid email or password.',
  signInFailed: 'Failed to sign in',
  signUpSuccess: 'Account created successfully!',
  signUpFailed: 'Failed to create account',
  signOutSuccess: 'Signed out successfully.',
  signOutFailed: 'Failed to sign out',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  resetSent: 'Password reset email sent!',
  resetInvalidEmail: 'Please enter a valid email address.',
  resetFailed: 'Failed to send reset email. Please try again.',
  passwordUpdated: 'Password updated. Sign in with your new password.',
  passwordUpdateFailed: 'Failed to update password. Please try again.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  /** The admin address signed up: the admin role waits for the mailed link (decision 021). */
  adminSignUpSuccess: (email: string) => `Account created. We sent a verification link to ${email}: it is the admin address, and admin access opens once it is verified.`,
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  currentPasswordWrong: 'Your current password is not right.',
  passwordChangeFailed: 'Failed to change the password. Please try again.',
} as const;

/** What went wrong with an auth call, whatever shape it arrived in. */
export interface AuthFailure {
  /** HTTP status; 0 when no response arrived (offline, blocked). */
  status: number;
  /** better-auth's machine-readable code, e.g. INVALID_TOKEN. */
  code?: string;
  /** Text fit to show the user, when the server sent one. */
  message?: string;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Normalises the `error` of a better-auth client result (`{status, statusText, message?, code?, error?}`)
 * or an exception the client threw. A thrown error's own message ("Failed to fetch") is technical, so
 * it is dropped and the caller's fallback text is shown instead.
 */
export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof Error || typeof error !== 'object' || error === null) return { status: 0 };
  const record = error as Record<string, unknown>;
  const status = typeof record.status === 'number' ? record.status : 0;
  const failure: AuthFailure = { status };
  const code = nonEmptyString(record.code);
  if (code) failure.code = code;
  // better-auth answers {message, code}; our server adds {error} with the same text, and sends only
  // {error} when it answers first (rate limits).
  const message = nonEmptyString(record.message) ?? nonEmptyString(record.error);
  if (message) failure.message = message;
  return failure;
}

/** Email sign-in: a refused login reads the same whatever the cause, so accounts stay private. */
export function signInFailureMessage(failure: AuthFailure): string {
  if (failure.status === 429) return AUTH_MESSAGES.tooManyAttempts;
  if (failure.status >= 400 && failure.status < 500) return AUTH_MESSAGES.signInInvalid;
  return AUTH_MESSAGES.signInFailed;
}

export function signUpFailureMessage(failure: AuthFailure): string {
  if (failure.status === 429) return AUTH_MESSAGES.tooManyAttempts;
  return failure.message ?? AUTH_MESSAGES.signUpFailed;
}

export function socialSignInFailureMessage(failure: AuthFailure): string {
  return failure.message ?? AUTH_MESSAGES.signInFailed;
}

export function signOutFailureMessage(failure: AuthFailure): string {
  return failure.message ?? AUTH_MESSAGES.signOutFailed;
}

/** "Send Reset Email" failures. Whether the account exists is never revealed (docs/product/DECISIONS.md). */
export function resetRequestFailureMessage(failure: AuthFailure): string {
  if (failure.status === 429) return AUTH_MESSAGES.tooManyAttempts;
  if (failure.status === 400) return AUTH_MESSAGES.resetInvalidEmail;
  return AUTH_MESSAGES.resetFailed;
}

export type ResetPasswordOutcome = { kind: 'invalid-link' } | { kind: 'toast'; message: string };

// better-auth's length codes, and the server's own for a password its rule refuses.
const PASSWORD_RULE_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_WEAK']);

/** "Update Password" failures: a bad, used or expired token gets the inline invalid-link view. */
export function resetPasswordFailureOutcome(failure: AuthFailure): ResetPasswordOutcome {
  if (failure.status === 429) return { kind: 'toast', message: AUTH_MESSAGES.tooManyAttempts };
  if (failure.code === 'INVALID_TOKEN') return { kind: 'invalid-link' };
  if (failure.status === 400 && !(failure.code && PASSWORD_RULE_CODES.has(failure.code))) return { kind: 'invalid-link' };
  if (failure.status >= 400 && failure.status < 500 && failure.message) return { kind: 'toast', message: failure.message };
  return { kind: 'toast', message: AUTH_MESSAGES.passwordUpdateFailed };
}

// Readable text for the codes better-auth and OAuth providers put in `?error=` after a failed
// social sign-in, when no `error_description` came with them.
const OAUTH_ERROR_TEXT: Record<string, string> = {
  access_denied: 'Sign-in was cancelled.',
  account_not_linked: 'This email already has an account. Sign in with your password.',
  email_not_found: 'The provider did not share an email address, so we could not sign you in.',
  email_not_verified: 'Verify your email address with the provider, then try again.',
  oauth_provider_not_found: 'This sign-in provider is not configured.',
  please_restart_the_process: 'The sign-in session expired. Please try again.',
  state_mismatch: 'The sign-in session expired. Please try again.',
  signup_disabled: 'New accounts cannot be created with this provider.',
  unable_to_link_account: 'This account could not be linked. Sign in with your password.',
};

/**
 * The toast for `/signin?error=<code>&error_description=<text>`: the error's message when there is one
 * (the description, or our wording for a known code), otherwise "Failed to sign in".
 */
export function oauthRedirectErrorMessage(code: string | null, description: string | null): string {
  const text = nonEmptyString(description);
  if (text) return text;
  const known = code ? OAUTH_ERROR_TEXT[code.toLowerCase()] : undefined;
  return known ?? AUTH_MESSAGES.signInFailed;
}

export type ChangePasswordOutcome = { field: 'currentPassword' | 'newPassword'; message: string } | { field: null; message: string };

/** Change password failures: a wrong current password and a refused new one belong to their fields; the rest is a toast. */
export function changePasswordFailure(failure: AuthFailure): ChangePasswordOutcome {
  if (failure.status === 429) return { field: null, message: AUTH_MESSAGES.tooManyAttempts };
  if (failure.code === 'INVALID_PASSWORD') return { field: 'currentPassword', message: AUTH_MESSAGES.currentPasswordWrong };
  if (failure.code && PASSWORD_RULE_CODES.has(failure.code) && failure.message) return { field: 'newPassword', message: failure.message };
  if (failure.status >= 400 && failure.status < 500 && failure.message) return { field: null, message: failure.message };
  return { field: null, message: AUTH_MESSAGES.passwordChangeFailed };
}
