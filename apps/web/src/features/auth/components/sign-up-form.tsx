// Email + password sign-up. The passwords are compared before anything is sent; success signs the
// user in (the server's autoSignIn) and reloads into the chosen plan's checkout (?plan=), or /pricing to choose one.
// The admin address lands on /profile instead, which says a verification link was mailed and why.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { paths, planCheckoutPath, readChosenPlan } from '@/config/paths';
import { FormInput, INPUT_KINDS } from '@/components/forms/form-input';
import { SubmitButton } from '@/components/forms/submit-button';
import { toast } from '@/components/ui/toaster';
import { setFlashToast } from '@/lib/flash-toast';
import { meResponseSchema } from '@fundwire/shared';
import { apiFetch } from '@/lib/api-client';
import { ME_URL } from '../api';
import { authClient } from '../auth-client';
import { AUTH_MESSAGES, signUpFailureMessage, toAuthFailure } from '../errors';
import { nameFromEmail, signUpFormSchema, type SignUpFormValues } from '../form-schemas';
import { NewPasswordFields } from './new-password-fields';
import { AuthDivider } from './auth-card';
import { SocialSignInButtons } from './social-sign-in-buttons';

/** Whether the new account is the admin address waiting for its mailed link (false when that cannot be told). */
async function adminVerificationPending(): Promise<boolean> {
  try {
    return (await apiFetch(ME_URL, { schema: meResponseSchema })).adminVerificationPending;
  } catch {
    return false;
  }
}

export function SignUpForm() {
  const [busy, setBusy] = useState(false);
  const [searchParams] = useSearchParams();
  const plan = readChosenPlan(searchParams);
  const form = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      const { error } = await authClient.signUp.email({ email, password, name: nameFromEmail(email) });
      if (error) {
        toast.error(signUpFailureMessage(toAuthFailure(error)));
        setBusy(false);
        return;
      }
    } catch (error) {
      toast.error(signUpFailureMessage(toAuthFailure(error)));
      setBusy(false);
      return;
    }
    if (await adminVerificationPending()) {
      setFlashToast(AUTH_MESSAGES.adminSignUpSuccess(email));
      window.location.assign(paths.profile);
      return;
    }
    toast.success(AUTH_MESSAGES.signUpSuccess);
    setFlashToast(AUTH_MESSAGES.signUpSuccess);
    // A full load, so the new session cookie is picked up everywhere.
    window.location.assign(plan ? planCheckoutPath(plan) : paths.pricing);
  });

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormInput form={form} name="email" label="Email" {...INPUT_KINDS.email} required />
        <NewPasswordFields label="Password" form={form} names={{ password: 'password', confirm: 'confirmPassword' }} />
        <SubmitButton busy={busy} busyLabel="Creating account..." className="mt-2 w-full">
          Sign Up
        </SubmitButton>
      </form>
      <AuthDivider label="or continue with" />
      <SocialSignInButtons disabled={busy} />
    </div>
  );
}
