// An InputField bound to one field of a react-hook-form form by its name: registered, and showing that field's
// validation message. The kinds below give inputs of the same kind the same attributes in every form.
import { useFormState, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { InputField, type InputFieldProps } from '@/components/ui/form-field';

export type FormInputProps<T extends FieldValues> = Omit<InputFieldProps, 'name' | 'error' | 'form'> & {
  form: UseFormReturn<T>;
  name: Path<T>;
};

export function FormInput<T extends FieldValues>({ form, name, ...inputProps }: FormInputProps<T>) {
  const { error } = form.getFieldState(name, useFormState({ control: form.control, name }));
  return <InputField error={error?.message} {...inputProps} {...form.register(name)} />;
}

/** Attributes for the kinds of input several forms ask for; spread one into a FormInput or an InputField. */
export const INPUT_KINDS = {
  /** The user's own address, which the browser may fill in. */
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  /** A web address the user pastes, never filled in from the browser's memory. */
  url: { type: 'url', inputMode: 'url', autoComplete: 'off' },
  /** The password the user signs in with now. */
  currentPassword: { type: 'password', autoComplete: 'current-password' },
} as const;
