// Email + password sign-up. The passwords are compared before anything is sent; success signs the
// user in (the server's autoSignIn) and reloads into /pricing to choose a plan.
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { InputField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toaster';
import { setFlashToast } from '@/lib/flash-toast';
import { authClient } from '../auth-client';
import { AUTH_MESSAGES, signUpFailureMessage, toAuthFailure } from '../errors';
import { nameFromEmail, signUpFormSchema, type SignUpFormValues } from '../form-schemas';
import { NewPasswordFields } from './new-password-fields';
import { AuthDivider } from './auth-card';
import { SocialSignInButtons } from './social-sign-in-buttons';

export function SignUpForm() {
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
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
    toast.success(AUTH_MESSAGES.signUpSuccess);
    setFlashToast(AUTH_MESSAGES.signUpSuccess);
    // A full load, so the new session cookie is picked up everywhere.
    window.location.assign(paths.pricing);
  });

  return (
    <div className="grid gap-6">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <InputField label="Email" type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        <NewPasswordFields
          label="Password"
          password={register('password')}
          confirm={register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <Button type="submit" className="mt-2 w-full" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Creating account...' : 'Sign Up'}
        </Button>
      </form>
      <AuthDivider label="or continue with" />
      <SocialSignInButtons disabled={busy} />
    </div>
  );
}
