// /profile's Change password: the current password and a new one under the sign-up rules, sent to better-auth's
// change-password endpoint (the server applies the same rules). Other sessions are signed out; this one stays.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormInput, INPUT_KINDS } from '@/components/forms/form-input';
import { SubmitButton } from '@/components/forms/submit-button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toaster';
import { authClient } from '../auth-client';
import { AUTH_MESSAGES, changePasswordFailure, toAuthFailure } from '../errors';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../form-schemas';
import { NewPasswordFields } from './new-password-fields';

export function ChangePasswordCard({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const schema = useMemo(() => changePasswordFormSchema(email), [email]);
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setBusy(true);
    let failure: unknown = null;
    try {
      const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
      failure = error;
    } catch (error) {
      failure = error ?? new Error('request failed');
    }
    setBusy(false);
    if (failure) {
      const outcome = changePasswordFailure(toAuthFailure(failure));
      if (outcome.field) form.setError(outcome.field, { message: outcome.message }, { shouldFocus: true });
      else toast.error(outcome.message);
      return;
    }
    form.reset();
    toast.success(AUTH_MESSAGES.passwordChanged);
  });

  return (
    <Card className="p-6">
      <h2 id="change-password-heading" className="text-base font-semibold">
        Change password
      </h2>
      <form noValidate onSubmit={onSubmit} aria-labelledby="change-password-heading" className="mt-4 grid gap-4">
        {/* For password managers: whose password this is. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormInput form={form} name="currentPassword" label="Current Password" {...INPUT_KINDS.currentPassword} required />
        <NewPasswordFields label="New Password" form={form} names={{ password: 'newPassword', confirm: 'confirmPassword' }} />
        <div>
          <SubmitButton busy={busy} busyLabel="Changing password…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
