// The two fields that choose a password (sign-up, the reset's second step, Change password): the password with the
// rules as its hint, then the same again to confirm it.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormInput } from '@/components/forms/form-input';
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH, preloadPasswordRules } from '../form-schemas';

export interface NewPasswordFieldsProps<T extends FieldValues> {
  /** "Password" or "New Password"; the second field is "Confirm <label>". */
  label: string;
  form: UseFormReturn<T>;
  /** The form's fields for the password and its confirmation. */
  names: { password: Path<T>; confirm: Path<T> };
  autoFocus?: boolean;
}

export function NewPasswordFields<T extends FieldValues>({ label, form, names, autoFocus }: NewPasswordFieldsProps<T>) {
  return (
    <>
      <FormInput
        form={form}
        name={names.password}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        onFocus={preloadPasswordRules}
      />
      <FormInput form={form} name={names.confirm} label={`Confirm ${label}`} type="password" autoComplete="new-password" required />
    </>
  );
}
