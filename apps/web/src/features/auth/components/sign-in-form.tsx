// Email + password sign-in. Success reloads into /dashboard (docs/product/SPEC.md: a hard redirect), so the whole
// app starts again with the new session; failure returns the form to idle with a toast. "Email me a sign-in link"
// mails a one-time link that, with the password, signs in even while password attempts are limited.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths, planCheckoutPath, readChosenPlan } from '@/config/paths';
import { FormInput, INPUT_KINDS } from '@/components/forms/form-input';
import { SubmitButton } from '@/components/forms/submit-button';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { setFlashToast } from '@/lib/flash-toast';
import { ApiError } from '@/lib/api-client';
import { authClient } from '../auth-client';
import { requestSignInLink } from '../sign-in-link-api';
import { AUTH_MESSAGES, signInFailureMessage, toAuthFailure } from '../errors';
import { signInFormSchema, type SignInFormValues } from '../form-schemas';
import { AuthDivider, authLinkClass } from './auth-card';
import { SocialSignInButtons } from './social-sign-in-buttons';

export function SignInForm() {
  const [busy, setBusy] = useState(false);
  const [linkState, setLinkState] = useState<{ status: 'idle' | 'sending' } | { status: 'sent' | 'failed'; message: string }>({ status: 'idle' });
  const form = useForm<SignInFormValues>({ resolver: zodResolver(signInFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setBusy(true);
    try {
      const { error } = await authClient.signIn.email({ email, password });
      if (error) {
        toast.error(signInFailureMessage(toAuthFailure(error)));
        setBusy(false);
        return;
      }
    } catch (error) {
      toast.error(signInFailureMessage(toAuthFailure(error)));
      setBusy(false);
      return;
    }
    toast.success(AUTH_MESSAGES.signInSuccess);
    setFlashToast(AUTH_MESSAGES.signInSuccess);
    // Stay busy: the page is about to be replaced. A plan chosen before signing in goes on to its checkout.
    const plan = readChosenPlan(window.location.search);
    window.location.assign(plan ? planCheckoutPath(plan) : paths.dashboard);
  });

  async function emailSignInLink() {
    // Only the email is needed; its own check runs (the password's does not).
    if (!(await form.trigger('email'))) return;
    setLinkState({ status: 'sending' });
    try {
      setLinkState({ status: 'sent', message: await requestSignInLink(form.getValues('email')) });
    } catch (error) {
      setLinkState({ status: 'failed', message: error instanceof ApiError ? error.message : 'Could not send a sign-in link. Please try again.' });
    }
  }

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormInput form={form} name="email" label="Email" {...INPUT_KINDS.email} required />
        <FormInput
          form={form}
          name="password"
          label="Password"
          {...INPUT_KINDS.currentPassword}
          required
          labelAside={
            <Link to={paths.resetPassword} className={`${authLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
        />
        <SubmitButton busy={busy} busyLabel="Signing in..." className="mt-2 w-full">
          Sign In
        </SubmitButton>
      </form>
      <div className="grid gap-2">
        <Button type="button" variant="outline" className="w-full" onClick={() => void emailSignInLink()} disabled={linkState.status === 'sending'} aria-busy={linkState.status === 'sending' || undefined}>
          {linkState.status === 'sending' ? 'Sending...' : 'Email me a sign-in link'}
        </Button>
        <p className="text-sm text-muted-foreground">Too many attempts? The link and your password sign you in from here anyway.</p>
        <div role="status" aria-live="polite" className="text-sm">
          {linkState.status === 'sent' && <p className="text-foreground">{linkState.message}</p>}
          {linkState.status === 'failed' && <p className="text-destructive">{linkState.message}</p>}
        </div>
      </div>
      <AuthDivider label="or continue with" />
      <SocialSignInButtons disabled={busy} />
    </div>
  );
}
