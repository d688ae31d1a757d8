// Step one of a password reset: ask for the email and send the link. The server answers the same
// whether or not the account exists, so the next view never reveals it (docs/product/DECISIONS.md).
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paths } from '@/config/paths';
import { FormInput, INPUT_KINDS } from '@/components/forms/form-input';
import { SubmitButton } from '@/components/forms/submit-button';
import { toast } from '@/components/ui/toaster';
import { authClient } from '../auth-client';
import { AUTH_MESSAGES, resetRequestFailureMessage, toAuthFailure } from '../errors';
import { resetRequestFormSchema, type ResetRequestFormValues } from '../form-schemas';

export interface ResetRequestFormProps {
  /** Called with the address once the server accepted the request. */
  onSent: (email: string) => void;
}

export function ResetRequestForm({ onSent }: ResetRequestFormProps) {
  const [busy, setBusy] = useState(false);
  const form = useForm<ResetRequestFormValues>({ resolver: zodResolver(resetRequestFormSchema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setBusy(true);
    let failure: unknown = null;
    try {
      // The link in the mail opens /reset-password?token=...
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
      failure = error;
    } catch (error) {
      failure = error ?? new Error('request failed');
    }
    setBusy(false);
    if (failure) {
      toast.error(resetRequestFailureMessage(toAuthFailure(failure)));
      return;
    }
    toast.success(AUTH_MESSAGES.resetSent);
    onSent(email);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4">
      <FormInput form={form} name="email" label="Email" {...INPUT_KINDS.email} required autoFocus />
      <SubmitButton busy={busy} busyLabel="Sending..." className="mt-2 w-full">
        Send Reset Email
      </SubmitButton>
    </form>
  );
}
