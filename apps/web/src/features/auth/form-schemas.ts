// The sign-in, sign-up and password-reset forms' rules (docs/product/SPEC.md section 5), with their field messages.
// New passwords follow the server's rule (packages/shared password-rules); the common-password check is
// async, as its list loads on first use, so these schemas are parsed with parseAsync (zodResolver does).
import { basicPasswordProblem, isCommonPassword, loadCommonPasswords, PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@fundwire/shared';
import { z } from 'zod';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const FIELD_MESSAGES = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password',
  passwordTooShort: PASSWORD_MESSAGES.tooShort,
  passwordTooLong: PASSWORD_MESSAGES.tooLong,
  passwordBlank: PASSWORD_MESSAGES.blank,
  passwordContainsEmail: PASSWORD_MESSAGES.containsEmail,
  passwordCommon: PASSWORD_MESSAGES.common,
  confirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;

const emailField = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.emailRequired)
  .pipe(z.email(FIELD_MESSAGES.emailInvalid));

const newPasswordField = z
  .string()
  .min(1, FIELD_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong)
  .refine((password) => password.trim() !== '', FIELD_MESSAGES.passwordBlank)
  .refine(async (password) => {
    // Only a password that passes the cheap rules is worth loading the list for.
    if (basicPasswordProblem(password) !== null) return true;
    const common = await loadCommonPasswords();
    return !isCommonPassword(password, common);
  }, FIELD_MESSAGES.passwordCommon);

export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not a common password or your email address.`;

/** Starts loading the common-password list (on focus of a new-password field), so checking it is instant. */
export function preloadPasswordRules(): void {
  void loadCommonPasswords().catch(() => undefined);
}

/** True when the password and its confirmation are both non-empty strings. */
function bothFilled(value: unknown, passwordKey: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const password = record[passwordKey];
  const confirmation = record.confirmPassword;
  return typeof password === 'string' && password !== '' && typeof confirmation === 'string' && confirmation !== '';
}

/**
 * The rules every form with a new password adds across its fields: the confirmation matches (reported even while the
 * password has another problem, e.g. too short), and the password does not contain the account's email, read from
 * the form's values by `emailOf` (sign-up) or known already (change password); the reset form has no email.
 */
function withNewPasswordRules<S extends z.ZodObject>(schema: S, passwordKey: 'password' | 'newPassword', emailOf?: (values: Record<string, unknown>) => unknown): S {
  const field = (values: unknown) => (values as Record<string, unknown>)[passwordKey];
  const matched = schema.refine((values) => field(values) === (values as Record<string, unknown>).confirmPassword, {
    message: FIELD_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: ({ value }) => bothFilled(value, passwordKey),
  });
  if (!emailOf) return matched;
  return matched.refine((values) => basicPasswordProblem(String(field(values)), String(emailOf(values as Record<string, unknown>))) !== PASSWORD_MESSAGES.containsEmail, {
    message: FIELD_MESSAGES.passwordContainsEmail,
    path: [passwordKey],
    when: ({ value }) => typeof value === 'object' && value !== null && typeof field(value) === 'string' && typeof emailOf(value as Record<string, unknown>) === 'string',
  });
}

// Sign-in checks presence only: a length rule here could lock out an account made under older rules.
export const signInFormSchema = z.object({
  email: emailField,
  password: z.string().min(1, FIELD_MESSAGES.passwordRequired),
});
export type SignInFormValues = z.infer<typeof signInFormSchema>;

export const signUpFormSchema = withNewPasswordRules(
  z.object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: z.string().min(1, FIELD_MESSAGES.confirmRequired),
  }),
  'password',
  (values) => values.email,
);
export type SignUpFormValues = z.infer<typeof signUpFormSchema>;

export const resetRequestFormSchema = z.object({ email: emailField });
export type ResetRequestFormValues = z.infer<typeof resetRequestFormSchema>;

export const newPasswordFormSchema = withNewPasswordRules(
  z.object({
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, FIELD_MESSAGES.confirmRequired),
  }),
  'newPassword',
);
export type NewPasswordFormValues = z.infer<typeof newPasswordFormSchema>;

/** The display name sent at sign-up: the email's local part ("ada" for "ada@example.com"). */
export function nameFromEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.indexOf('@');
  const local = at === -1 ? trimmed : trimmed.slice(0, at);
  return local === '' ? trimmed : local;
}

/** /profile's Change password: the current password, then a new one under the sign-up rules (the server checks both). */
export function changePasswordFormSchema(email: string) {
  return withNewPasswordRules(
    z.object({
      currentPassword: z.string().min(1, 'Please enter your current password'),
      newPassword: newPasswordField,
      confirmPassword: z.string().min(1, FIELD_MESSAGES.confirmRequired),
    }),
    'newPassword',
    () => email,
  );
}
export type ChangePasswordFormValues = z.infer<ReturnType<typeof changePasswordFormSchema>>;
