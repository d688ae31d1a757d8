// Email + password sign-in. Success reloads into /dashboard (docs/product/SPEC.md: a hard redirect), so the whole
// app starts again with the new session; failure returns the form to idle with a toast. "Email me a sign-in link"
// mails a one-time link that, with the password, signs in even while password attempts are limited.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
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
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<SignInFormValues>({ resolver: zodResolver(signInFormSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async ({ email, password }) => {
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
    // Stay busy: the page is about to be replaced.
    window.location.assign(paths.dashboard);
  });

  async function emailSignInLink() {
    // Only the email is needed; its own check runs (the password's does not).
    if (!(await trigger('email'))) return;
    setLinkState({ status: 'sending' });
    try {
      setLinkState({ status: 'sent', message: await requestSignInLink(getValues('email')) });
    } catch (error) {
      setLinkState({ status: 'failed', message: error instanceof ApiError ? error.message : 'Could not send a sign-in link. Please try again.' });
    }
  }

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <InputField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <InputField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          labelAside={
            <Link to={paths.resetPassword} className={`${authLinkClass} text-sm`}>
              Forgot password?
            </Link>
          }
          {...register('password')}
        />
        <Button type="submit" className="mt-2 w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
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
