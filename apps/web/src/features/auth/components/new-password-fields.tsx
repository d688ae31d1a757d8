// The two fields that choose a password (sign-up and the reset's second step): the password with the rules
// as its hint, then the same again to confirm it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '@/components/ui/form-field';
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH, preloadPasswordRules } from '../form-schemas';

export interface NewPasswordFieldsProps {
  /** "Password" or "New Password"; the second field is "Confirm <label>". */
  label: string;
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  passwordError?: string | undefined;
  confirmError?: string | undefined;
  autoFocus?: boolean;
}

export function NewPasswordFields({ label, password, confirm, passwordError, confirmError, autoFocus }: NewPasswordFieldsProps) {
  return (
    <>
      <InputField
        label={label}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        onFocus={preloadPasswordRules}
        error={passwordError}
        {...password}
      />
      <InputField label={`Confirm ${label}`} type="password" autoComplete="new-password" required error={confirmError} {...confirm} />
    </>
  );
}
