// Step two of a password reset, opened from the mailed link: choose the new password. A bad, used or
// expired token turns the form into an explanation with a way to ask for a fresh link.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { toast } from '@/components/ui/toaster';
import { authClient } from '../auth-client';
import { AUTH_MESSAGES, resetPasswordFailureOutcome, toAuthFailure } from '../errors';
import { newPasswordFormSchema, type NewPasswordFormValues } from '../form-schemas';
import { NewPasswordFields } from './new-password-fields';

export interface NewPasswordFormProps {
  token: string;
  /** The password changed; the caller moves on (to /signin). */
  onUpdated: () => void | Promise<void>;
  /** The token was refused. */
  onInvalidLink: () => void;
}

export function NewPasswordForm({ token, onUpdated, onInvalidLink }: NewPasswordFormProps) {
  const [busy, setBusy] = useState(false);
  const form = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    setBusy(true);
    let failure: unknown = null;
    try {
      const { error } = await authClient.resetPassword({ newPassword, token });
      failure = error;
    } catch (error) {
      failure = error ?? new Error('request failed');
    }
    if (failure) {
      setBusy(false);
      const outcome = resetPasswordFailureOutcome(toAuthFailure(failure));
      if (outcome.kind === 'invalid-link') onInvalidLink();
      else toast.error(outcome.message);
      return;
    }
    toast.success(AUTH_MESSAGES.passwordUpdated);
    await onUpdated();
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <NewPasswordFields label="New Password" autoFocus form={form} names={{ password: 'newPassword', confirm: 'confirmPassword' }} />
      <SubmitButton busy={busy} busyLabel="Updating..." className="mt-2 w-full">
        Update Password
      </SubmitButton>
    </form>
  );
}
